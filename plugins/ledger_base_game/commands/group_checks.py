"""group-check ABILITY TARGET: a group ability check in one command (§5.3, seed: City and
Journey steps); group-step open|roll|gem|close|show: one recorded as the table plays it, each
step an event."""

import sys
from pathlib import Path
from typing import Any

import click

from ledger.campaign import Recorded
from ledger.dice import split_faces
from ledger.model import CampaignState
from ledger.rules.gems import GemKind
from ledger.text import printable, quoted
from ledger_base_game.actions import group_checks
from ledger_base_game.commands import complete_ability
from ledger_base_game.commands._rolls import (
    dice_option,
    modifier_option,
    parse_faces,
    roll_option,
    seed_option,
)
from ledger_base_game.events.group_checks import GroupCheckClosed
from ledger_cli.helpers import (
    NUMBERS,
    App,
    Command,
    complete_hero,
    json_option,
    listing_group,
    output,
    pass_app,
    shell_word,
    show_recorded,
    state_view,
)


def parse_group_target(text: str) -> group_checks.Target:
    """One number, thresholds by Hero count (``8/13/17`` for 2/3/4 Heroes), or ``?``."""
    if text.strip() == "?":
        return None
    try:
        thresholds = tuple(int(part) for part in text.split("/"))
    except ValueError:
        raise click.BadParameter(
            f"a number, thresholds like 8/13/17, or ?, not {quoted(text)}", param_hint="TARGET"
        ) from None
    return thresholds[0] if len(thresholds) == 1 else thresholds


def parse_order(text: str | None) -> tuple[str, ...] | None:
    """--order A,B: the Heroes who roll, in the order agreed."""
    return tuple(name.strip() for name in text.split(",")) if text else None


heroes_option = click.option(
    "--heroes",
    type=int,
    metavar="N",
    help="Read 8/13/17 for N Heroes (default: the Heroes in the campaign).",
)
outcome_option = click.option(
    "--outcome", metavar="ENTRY", help="For a ? check: the entry read from the total."
)


def per_hero(values: tuple[str, ...], what: str) -> list[tuple[str, str]]:
    """``HERO=VALUE`` options, as (hero, value) pairs."""
    pairs = []
    for value in values:
        hero, sep, rest = value.partition("=")
        if not sep:
            raise click.BadParameter(
                f"written HERO=VALUE, not {quoted(value)}", param_hint=f"'{what}'"
            )
        pairs.append((hero.strip(), rest))
    return pairs


def group_json(state: CampaignState, closed: GroupCheckClosed | None) -> dict[str, Any]:
    group = state.group_check
    data: dict[str, Any] = {}
    if group is not None:
        data = {
            "ability": group.ability,
            "target": group.target,
            "order": list(group.order),
            "rolled": group.rolled,
            "gems": list(group.gems),
            "total": group.total,
            "next": group.next_to_roll(),
        }
    if closed is not None:
        data.update(total=closed.total, success=closed.success, outcome=closed.outcome)
    return data


def show_closed(app: App, recorded: Recorded, as_json: bool) -> None:
    """What closing a group check recorded; as JSON, with the check as it stood just before
    it closed."""
    if not as_json:
        show_recorded(recorded, False)
        return
    standing = app.campaign().state(recorded.rows[-1].seq - 1)
    last = recorded.events[-1]
    data = group_json(standing, last if isinstance(last, GroupCheckClosed) else None)
    click.echo(output.to_json({**data, **output.recorded_json(recorded)}))


@click.command("group-check", cls=Command, context_settings=NUMBERS)
@click.argument("ability", shell_complete=complete_ability)
@click.argument("target")
@click.option("--order", metavar="HERO,HERO,...", help="The order agreed (and who rolls).")
@click.option(
    "--roll",
    "rolls",
    multiple=True,
    metavar="HERO=FACES",
    help="Faces a Hero read off real dice; Heroes without one are rolled by the ledger.",
)
@seed_option
@click.option(
    "--gem",
    "gems",
    multiple=True,
    metavar="HERO",
    shell_complete=complete_hero,
    help="A Hero spends an Achievement gem (decided once every Hero has rolled).",
)
@click.option(
    "--no-gems",
    "gems_decided",
    is_flag=True,
    help="Nobody spends an Achievement gem: close the check after the rolls.",
)
@click.option(
    "--inspiration",
    multiple=True,
    metavar="HERO",
    shell_complete=complete_hero,
    help="A Hero spends an Inspiration gem before rolling (+2 dice).",
)
@click.option(
    "--discard", multiple=True, metavar="HERO=ITEM", help="An item discarded before a roll."
)
@modifier_option
@click.option("--success-entry", metavar="E", help="Where success leads, e.g. 361.")
@click.option("--failure-entry", metavar="E", help="Where failure leads, e.g. 076.")
@heroes_option
@outcome_option
@dice_option
@json_option
@pass_app
def group_check(
    app: App,
    ability: str,
    target: str,
    order: str | None,
    rolls: tuple[str, ...],
    seed: int | None,
    gems: tuple[str, ...],
    inspiration: tuple[str, ...],
    discard: tuple[str, ...],
    modifiers: tuple[str, ...],
    success_entry: str | None,
    failure_entry: str | None,
    dice_set: Path | None,
    heroes: int | None,
    outcome: str | None,
    gems_decided: bool,
    as_json: bool,
) -> None:
    """A group ABILITY check: every Hero rolls in order, then each decides on an
    Achievement gem, then the total counts.

    TARGET is one number, thresholds by Hero count (8/13/17 for 2/3/4 Heroes: the Heroes
    in the campaign, or --heroes), or ? (--outcome: the entry read from the total).
    Every Hero who can act rolls unless --order names who rolls and in which order;
    otherwise the order is by Taunt, highest first, leaving out exhausted Heroes.

    Without --gem or --no-gems, once everyone has rolled: on a terminal each Hero whose
    gem could still change the outcome is asked; piped or in a batch the check stays
    open, and the output names the `group-step gem HERO` and `group-step close` that
    finish it. The check can also be played one step at a time: `group-step open`,
    `group-step roll HERO`, `group-step gem HERO`, `group-step close` (`group-step --help`).

    \b
    Example (seed text, Torrax and Venia):
      campaign-ledger group-check agility 8/13/17 --order Torrax,Venia \\
        --roll Torrax="1 1" --roll Venia="1 1 S" --gem Torrax --gem Venia \\
        --success-entry 361 --failure-entry 076
    """
    number = parse_group_target(target)
    faces = [(hero, split_faces(text)) for hero, text in per_hero(rolls, "--roll")]
    recorded = app.perform(
        group_checks.group_check,
        ability=ability,
        target=number,
        order=parse_order(order),
        rolls=faces,
        seed=seed,
        gems=gems,
        inspiration=inspiration,
        discard=per_hero(discard, "--discard"),
        modifiers=modifiers,
        success_entry=success_entry,
        failure_entry=failure_entry,
        dice_set=dice_set,
        heroes=heroes,
        outcome=outcome,
        gems_decided=gems_decided,
    )
    if isinstance(recorded.events[-1], GroupCheckClosed):
        show_closed(app, recorded, as_json)
    elif app.asks and not as_json and _at_terminal():
        show_recorded(recorded, False)
        _ask_gems(app, outcome)
    else:
        _left_open(app, recorded, as_json)


def _at_terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def _ask_gems(app: App, outcome: str | None) -> None:
    """Every Hero has rolled: ask each, in the check's order, whose Achievement gem could
    still change the outcome (the action says who), then record the gems and the close."""
    game = app.game()
    state = game.state
    group = state.group_check
    assert group is not None
    spent: list[str] = []
    declined: list[str] = []
    while (hero := group_checks.gem_to_decide(game, spent=spent, declined=declined)) is not None:
        total = group.total + len(spent)
        have = state.hero(hero).gems.achievement
        asked = (
            f"Total {total} of {group.target}: does {hero} spend an Achievement gem (has {have})?"
        )
        (spent if click.confirm(printable(asked), default=False) else declined).append(hero)
    app.do(group_checks.finish_group_check, gems=spent, outcome=outcome)


def _left_open(app: App, recorded: Recorded, as_json: bool) -> None:
    """The rolls are recorded and gems could still change the outcome: say which commands
    finish the check."""
    game = app.game()
    state = game.state
    group = state.group_check
    assert group is not None
    able = group_checks.undecided_gems(game)
    if as_json:
        data = {**group_json(state, None), "open": True, "undecided_gems": list(able)}
        click.echo(output.to_json({**data, **output.recorded_json(recorded)}))
        return
    show_recorded(recorded, False)
    heroes = ", ".join(able)
    gems = " and/or ".join(f"`campaign-ledger group-step gem {shell_word(name)}`" for name in able)
    click.echo(
        printable(
            f"The check stays open: total {group.total} of {group.target}, and the "
            f"Achievement gems of {heroes} could still reach it. Each Hero who spends one: "
            f"{gems}; then `campaign-ledger group-step close` "
            "(or run the check with --gem HERO or --no-gems)."
        )
    )


# group-step: the same check, one event per step as the table plays it.


@click.command("open", cls=Command, context_settings=NUMBERS)
@click.argument("ability", shell_complete=complete_ability)
@click.argument("target")
@click.option("--order", metavar="HERO,HERO,...", help="The order agreed (and who rolls).")
@click.option("--success-entry", metavar="E")
@click.option("--failure-entry", metavar="E")
@modifier_option
@heroes_option
@json_option
@pass_app
def open_step(
    app: App,
    ability: str,
    target: str,
    order: str | None,
    success_entry: str | None,
    failure_entry: str | None,
    modifiers: tuple[str, ...],
    heroes: int | None,
    as_json: bool,
) -> None:
    """Open a group ABILITY check needing TARGET (8/13/17 by the campaign's Hero count, or
    --heroes; ? for a check whose entry is read from the total)."""
    app.do(
        group_checks.open_group_check,
        ability=ability,
        target=parse_group_target(target),
        order=parse_order(order),
        success_entry=success_entry,
        failure_entry=failure_entry,
        modifiers=modifiers,
        heroes=heroes,
        as_json=as_json,
    )


@click.command("roll", cls=Command)
@click.argument("hero", shell_complete=complete_hero)
@roll_option
@seed_option
@click.option("--gem", "gem", type=click.Choice(["inspiration"]), help="+2 dice.")
@click.option("--discard", multiple=True, metavar="ITEM")
@modifier_option
@dice_option
@json_option
@pass_app
def roll_step(
    app: App,
    hero: str,
    roll: str | None,
    seed: int | None,
    gem: str | None,
    discard: tuple[str, ...],
    modifiers: tuple[str, ...],
    dice_set: Path | None,
    as_json: bool,
) -> None:
    """HERO's roll, with the optional effects declared before it; the check's modifiers
    given at opening are judged for HERO, and --modifier adds any only HERO's roll has."""
    app.do(
        group_checks.roll_for_group_check,
        hero=hero,
        roll=parse_faces(roll),
        seed=seed,
        inspiration=gem is not None,
        discard=discard,
        modifiers=modifiers,
        dice_set=dice_set,
        as_json=as_json,
    )


@click.command(
    "gem",
    cls=Command,
    words={"roll_for_group_check": "`group-step roll HERO --gem inspiration`"},
)
@click.argument("hero", shell_complete=complete_hero)
@click.option(
    "--kind",
    type=click.Choice(["achievement", "inspiration"]),
    default="achievement",
    show_default=True,
)
@json_option
@pass_app
def gem_step(app: App, hero: str, kind: GemKind, as_json: bool) -> None:
    """HERO spends an Achievement gem: +1, once every Hero has rolled."""
    app.do(group_checks.spend_group_check_gem, hero=hero, kind=kind, as_json=as_json)


@click.command("close", cls=Command)
@outcome_option
@json_option
@pass_app
def close_step(app: App, outcome: str | None, as_json: bool) -> None:
    """Total the successes and record the outcome (for a ? check, --outcome: the entry read)."""
    show_closed(app, app.perform(group_checks.close_group_check, outcome=outcome), as_json)


def group_lines(state: CampaignState) -> list[str]:
    group = state.group_check
    if group is None:
        return ["No group check is open."]
    needed = "?" if group.target is None else group.target
    lines = [f"Group {group.ability.title()} check, {needed} needed"]
    for hero in group.order:
        rolled = group.rolled.get(hero)
        gem = " +1 gem" if hero in group.gems else ""
        lines.append(f"  {hero:<12} {'not rolled' if rolled is None else rolled}{gem}")
    return [*lines, f"  Total {group.total}"]


show_step = state_view(
    "show",
    "The open group check: order, rolls so far, gems, running total.",
    lambda state: group_json(state, None) or None,
    group_lines,
)


def register(cli: click.Group) -> None:
    cli.add_command(group_check)
    step = listing_group(
        cli,
        "group-step",
        "A group check recorded step by step as the table plays it: open, each Hero's roll, "
        "each gem, close (shows the open one).",
        default="show",
    )
    for command in (open_step, roll_step, gem_step, close_step, show_step):
        step.add_command(command)
