"""What check, react, group-check and odds share: the dice in force, the Hero's declared
options, modifiers judged against the Hero, and faces read off real dice or rolled."""

from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import click

from ledger.dice import DiceSet, DieKind, check_seed, load_dice_file, new_seed, parse_faces, roll
from ledger.errors import BadInput, PluginError
from ledger.hosting import Registry
from ledger.model import CampaignState, Hero, Modifier, Situation, judge, parse_modifier
from ledger.text import quoted
from ledger_base_game.check_rules import ABILITIES, Ability, dice_for, dice_reason, in_force
from ledger_base_game.checks import CheckGemSpent
from ledger_base_game.events import ConditionRemoved, ItemDiscarded

GEMS = ("achievement", "inspiration")


def dice_in_force(registry: Registry, state: CampaignState, file: Path | None) -> DiceSet:
    """--dice FILE for this command, else the campaign's `dice set`, else the plugins'."""
    if file is None:
        return state.dice or registry.default_dice()
    try:
        current: DiceSet | None = state.dice or registry.default_dice()
    except PluginError:
        current = None  # then the file must give both dice
    return load_dice_file(file, current)


def choose_ability(
    hero: Hero, text: str, chosen: str | None
) -> tuple[Ability, tuple[Ability, ...]]:
    """``agility`` or ``might|agility``; for a choice, --choose picks one, else the Hero's
    highest level (first listed on a tie)."""
    names = [part.strip().lower() for part in text.split("|")]
    for name in [*names, *([chosen.lower()] if chosen else [])]:
        if name not in ABILITIES:
            raise BadInput(f"the abilities are might, agility and will, not {quoted(name)}")
    choices = cast(tuple[Ability, ...], tuple(names))
    if len(choices) == 1:
        if chosen is not None and chosen.lower() != choices[0]:
            raise BadInput(f"--choose is for A|B checks; this check is {quoted(text)}")
        return choices[0], ()
    if chosen is not None:
        if chosen.lower() not in choices:
            raise BadInput(f"the check offers {text}, not {quoted(chosen)}")
        return chosen.lower(), choices  # type: ignore[return-value]
    return max(choices, key=lambda a: getattr(hero, a)), choices


def parse_target(text: str) -> int | None:
    """A number, or ``?`` for a check whose outcome is read from a table."""
    if text.strip() == "?":
        return None
    try:
        target = int(text)
    except ValueError:
        raise BadInput(f"TARGET is a number or ?, not {quoted(text)}") from None
    if not 0 <= target <= 999:
        raise BadInput(f"TARGET is from 0 to 999, not {target}")
    return target


def gem_flags(gems: tuple[str, ...]) -> tuple[bool, bool]:
    """(inspiration, achievement) from repeated --gem options; one of each per check."""
    for kind in GEMS:
        if gems.count(kind) > 1:
            raise BadInput(f"at most one {kind.title()} gem per check (§6)")
    return "inspiration" in gems, "achievement" in gems


@dataclass(frozen=True)
class Declared:
    """A Hero's check as declared before the roll."""

    hero: Hero
    ability: Ability
    choices: tuple[Ability, ...]
    dice: int
    inspiration: bool
    achievement: bool
    discard: tuple[str, ...]
    modifiers: tuple[Modifier, ...]
    focus: bool = False

    @property
    def bonus(self) -> int:
        return sum(m.amount for m in self.modifiers if m.applied)


def declare(
    registry: Registry,
    state: CampaignState,
    hero_name: str,
    ability: str,
    *,
    choose: str | None = None,
    modifiers: tuple[str, ...] = (),
    discard: tuple[str, ...] = (),
    gems: tuple[str, ...] = (),
    red: bool = True,
    focus: bool = False,
) -> Declared:
    hero = state.hero(hero_name)
    chosen, choices = choose_ability(hero, ability, choose)
    inspiration, achievement = gem_flags(gems)
    for name in discard:
        hero.item(name)  # NotFound names what the Hero carries
    situation = Situation(state=state, hero=hero, discarding=discard, registry=registry)
    judged = tuple(judge(parse_modifier(text), situation) for text in modifiers)
    return Declared(
        hero=hero,
        ability=chosen,
        choices=choices,
        dice=dice_for(state, hero, chosen, inspiration, red, focus=focus),
        focus=focus,
        inspiration=inspiration,
        achievement=achievement,
        discard=tuple(hero.item(name).name for name in discard),
        modifiers=judged,
    )


def faces_for(
    state: CampaignState,
    declared: Declared,
    die: tuple[str, ...],
    kind: DieKind,
    text: str | None,
    seed: int | None,
) -> tuple[tuple[str, ...], int | None]:
    """The faces read off real dice (--roll), else rolled by the ledger with a recorded seed."""
    if text is not None:
        if seed is not None:
            raise BadInput("--seed is for dice the ledger rolls; leave it out with --roll")
        red = kind == "action"
        why = dice_reason(
            state, declared.hero, declared.ability, declared.inspiration, red, focus=declared.focus
        )
        try:
            return parse_faces(text, die, declared.dice, kind, why), None
        except BadInput as error:
            if "is not a face" not in str(error):
                raise
            raise BadInput(
                f"{error}; if the real die has it, record its faces with `dice set FILE` "
                "(the base game's face counts are an assumption)"
            ) from None
    seed = check_seed(seed) if seed is not None else new_seed()
    return roll(die, declared.dice, kind, seed), seed


def consequences(state: CampaignState, declared: Declared, red: bool = True) -> list[Any]:
    """Events after the roll: items discarded, gems spent, Blessed/Weakened discarded."""
    hero = declared.hero.name
    events: list[Any] = [ItemDiscarded(hero=hero, item=name) for name in declared.discard]
    events += [
        CheckGemSpent(hero=hero, kind=kind)  # type: ignore[arg-type]
        for kind, used in (
            ("inspiration", declared.inspiration),
            ("achievement", declared.achievement),
        )
        if used
    ]
    for condition in ("Blessed", "Weakened") if red else ("Blessed",):
        if in_force(state, declared.hero, condition.lower()):
            events.append(ConditionRemoved(hero=hero, condition=condition))
    return events


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
    "roll_text",
    metavar="FACES",
    help="Faces read off real dice in the order rolled, e.g. '1 2 1+ S 1' (red: 0 1 2 1+ S; "
    "blue: 0 1 2 H). Without it the ledger rolls and records the seed.",
)
seed_option = click.option(
    "--seed", type=int, help="Seed for dice the ledger rolls (default: a random one, recorded)."
)
dice_option = click.option(
    "--dice",
    "dice_file",
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
