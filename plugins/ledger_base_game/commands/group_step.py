"""group-step open|roll|gem|close|show: a group check recorded as the table plays it, each
step an event (§5.3)."""

from pathlib import Path

import click

from ledger.model import CampaignState
from ledger.rules.gems import GemKind
from ledger_base_game.actions import group_checks
from ledger_base_game.commands.group import (
    group_json,
    heroes_option,
    outcome_option,
    parse_group_target,
    parse_order,
    show_closed,
)
from ledger_base_game.commands.rolls import (
    dice_option,
    modifier_option,
    parse_faces,
    roll_option,
    seed_option,
)
from ledger_cli.helpers import (
    NUMBERS,
    App,
    Command,
    json_option,
    listing_group,
    pass_app,
    state_view,
)


@click.command("open", cls=Command, context_settings=NUMBERS)
@click.argument("ability")
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
@click.argument("hero")
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
@click.argument("hero")
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
    step = listing_group(
        cli,
        "group-step",
        "A group check recorded step by step as the table plays it: open, each Hero's roll, "
        "each gem, close (shows the open one).",
        default="show",
    )
    for command in (open_step, roll_step, gem_step, close_step, show_step):
        step.add_command(command)
