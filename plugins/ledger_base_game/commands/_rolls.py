"""What the commands that roll dice share on the command line: their options, reading the
player's text into an action's typed intent, and showing modifiers as judged."""

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypedDict, TypeVar

import click

from ledger.campaign import Recorded
from ledger.dice import split_faces
from ledger.errors import BadInput
from ledger.model import Event, Modifier
from ledger.text import quoted
from ledger_cli.helpers import output, show_recorded

E = TypeVar("E", bound=Event)

GEMS = ("achievement", "inspiration")


def parse_target(text: str) -> int | None:
    """A number, or ``?`` for a check whose outcome is read from a table."""
    if text.strip() == "?":
        return None
    try:
        return int(text)
    except ValueError:
        raise click.BadParameter(
            f"a number or ?, not {quoted(text)}", param_hint="TARGET"
        ) from None


def parse_faces(text: str | None) -> tuple[str, ...] | None:
    """--roll FACES: the faces in the order rolled, or None for dice the ledger rolls."""
    return None if text is None else split_faces(text)


class GemFlags(TypedDict):
    inspiration: bool
    achievement: bool


def gem_flags(gems: tuple[str, ...]) -> GemFlags:
    """``inspiration`` and ``achievement`` from repeated --gem options; one of each per
    check."""
    for kind in GEMS:
        if gems.count(kind) > 1:
            raise BadInput(f"at most one {kind.title()} gem per check (§6)")
    return {"inspiration": "inspiration" in gems, "achievement": "achievement" in gems}


def show_rolled(
    recorded: Recorded, as_json: bool, kind: type[E], data: Callable[[E], dict[str, Any]]
) -> None:
    """What a command that rolls recorded: as text, every event; as JSON, ``data`` of the roll
    (the first event, a ``kind``) and what was recorded."""
    if not as_json:
        show_recorded(recorded, False)
        return
    rolled = recorded.events[0]
    assert isinstance(rolled, kind)
    click.echo(output.to_json({**data(rolled), **output.recorded_json(recorded)}))


def modifier_lines(modifiers: tuple[Modifier, ...]) -> list[str]:
    return [
        f"{m.text()} {'applies' if m.applied else 'does not apply'}: {m.why}" for m in modifiers
    ]


def modifiers_json(modifiers: tuple[Modifier, ...]) -> list[dict[str, Any]]:
    return [
        {"amount": m.amount, "type": m.kind, "value": m.value, "applied": m.applied, "why": m.why}
        for m in modifiers
    ]


roll_option = click.option(
    "--roll",
    metavar="FACES",
    help="Faces read off real dice in the order rolled, e.g. '1 2 1+ S 1' (the base game's "
    "red: 1 2 1+ S; blue: 0 1 2 H; `dice show` lists the campaign's). Without it the ledger "
    "rolls and records the seed.",
)
seed_option = click.option(
    "--seed", type=int, help="Seed for dice the ledger rolls (default: a random one, recorded)."
)
dice_option = click.option(
    "--dice",
    "dice_set",
    type=click.Path(path_type=Path, dir_okay=False),
    help="A TOML die definition for this command only ([action] faces = [...]).",
)
gem_option = click.option(
    "--gem",
    "gems",
    multiple=True,
    type=click.Choice(GEMS),
    help="inspiration: +2 dice, declared before the roll; achievement: +1 after it.",
)
modifier_option = click.option(
    "--modifier",
    "modifiers",
    multiple=True,
    metavar="AMOUNT:TYPE=VALUE",
    help="A modifier printed on the check, e.g. '+2:phrase=Lock picking', '-1:keyword=Fog'. "
    "Types: hero, class, profession, talent, keyword, item, discard, phrase, other, and any "
    "from plugins.",
)
discard_option = click.option(
    "--discard", multiple=True, metavar="ITEM", help="An item discarded before the roll."
)
focus_option = click.option(
    "--focus", is_flag=True, help="The Hero took the Focus action this round: +1 die."
)
