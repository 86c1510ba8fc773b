"""check HERO ABILITY TARGET: an active ability check (§5.1); its options are shared with
progressive attempts."""

from collections.abc import Callable
from typing import Any, TypeVar

import click

from ledger.campaign import Recorded
from ledger_base_game.actions import checks, spending
from ledger_base_game.commands import complete_ability
from ledger_base_game.commands._rolls import (
    dice_option,
    discard_option,
    focus_option,
    gem_flags,
    gem_option,
    modifier_option,
    modifiers_json,
    parse_faces,
    parse_target,
    roll_option,
    seed_option,
    show_rolled,
)
from ledger_base_game.events.ally_rolls import AllyCheckMade
from ledger_base_game.events.checks import CheckMade
from ledger_cli.helpers import (
    NUMBERS,
    App,
    Command,
    complete_member,
    json_option,
    pass_app,
)

F = TypeVar("F", bound=Callable[..., Any])


def parse_spend(text: str) -> checks.Spend:
    """--spend-stamina N|best."""
    if text == "best":
        return "best"
    try:
        return int(text)
    except ValueError:
        raise click.BadParameter(
            f"a number or 'best', not {text!r}", param_hint="'--spend-stamina'"
        ) from None


def check_intent(options: dict[str, Any]) -> checks.CheckIntent:
    """What check and progressive attempt share, as the actions' typed intent."""
    return {
        "roll": parse_faces(options["roll"]),
        "seed": options["seed"],
        "dice_set": options["dice_set"],
        "modifiers": options["modifiers"],
        "discard": options["discard"],
        "spend": parse_spend(options["spend"]),
        **gem_flags(options["gems"]),
        "hindered": options["hindered"],
        "focus": options["focus"],
        "outcome": options["outcome"],
        "once_per_scenario": options["once_per_scenario"],
        "check_name": options.get("check_name"),  # `check` only: a progressive attempt's
        "repeatable": options.get("repeatable", False),  # limit is its rounds
    }


def check_json(check: CheckMade) -> dict[str, Any]:
    return {
        "hero": check.hero,
        "ability": check.ability,
        "target": check.target,
        "dice": check.dice,
        "faces": list(check.faces),
        "seed": check.seed,
        "stamina_spent": check.stamina_spent,
        "modifiers": modifiers_json(check.modifiers),
        "total": check.total,
        "success": check.success,
        "outcome": check.outcome,
    }


def ally_check_json(check: AllyCheckMade) -> dict[str, Any]:
    """A Non-Hero Ally's check in the shape of a Hero's (``hero``: its name), no stamina."""
    return {
        "hero": check.ally,
        "ally": True,
        "ability": check.ability,
        "target": check.target,
        "dice": check.dice,
        "faces": list(check.faces),
        "seed": check.seed,
        "stamina_spent": 0,
        "modifiers": [],
        "total": check.total,
        "success": check.success,
        "outcome": check.outcome,
    }


def show_check(recorded: Recorded, as_json: bool) -> None:
    if recorded.events and isinstance(recorded.events[0], AllyCheckMade):
        show_rolled(recorded, as_json, AllyCheckMade, ally_check_json)
        return
    show_rolled(recorded, as_json, CheckMade, check_json)


check_options = [
    roll_option,
    seed_option,
    dice_option,
    modifier_option,
    discard_option,
    click.option(
        "--spend-stamina",
        "spend",
        default="0",
        metavar="N|best",
        help="In a scenario: stamina spent on stamina faces (0-2 each, after extra rolls); "
        "'best' spends exactly what reaches the target.",
    ),
    gem_option,
    click.option("--hindered", is_flag=True, help="The Hero is Hindered: -1 (in a scenario)."),
    focus_option,
    click.option("--choose", metavar="ABILITY", help="For A|B checks: the ability used."),
    click.option("--outcome", metavar="ENTRY", help="The outcome chosen, e.g. a Story entry."),
    click.option(
        "--once-per-scenario",
        "once_per_scenario",
        multiple=True,
        metavar="EFFECT",
        help="An effect used, usable once per scenario (declared before the roll).",
    ),
    json_option,
]


def with_options(options: list[Any]) -> Callable[[F], F]:
    def decorate(command: F) -> F:
        for option in reversed(options):
            command = option(command)
        return command

    return decorate


@click.command("check", cls=Command, context_settings=NUMBERS)
@click.argument("hero", shell_complete=complete_member)
@click.argument("ability", shell_complete=complete_ability)
@click.argument("target")
@with_options(check_options)
@click.option(
    "--name",
    "check_name",
    metavar="CHECK",
    help="In a scenario: the check, for its once-per-turn limit (default: ability and target).",
)
@click.option("--repeatable", is_flag=True, help="The check may be attempted again this turn.")
@pass_app
def check(app: App, /, hero: str, ability: str, target: str, **options: Any) -> None:
    """HERO makes an active ABILITY check needing TARGET successes (or ?).

    Dice = the Hero's level in ABILITY, +2 Inspiration gem, +1 Blessed, -1 Weakened.
    Stamina faces count +2 outside a scenario; in one, spend 0-2 stamina each. The modifiers
    that the Hero meets are added, with the reason; an Achievement gem adds 1, Hindered takes 1.
    In a scenario each check is attempted once per turn (`scenario round` starts the next).

    \b
    Examples:
      campaign-ledger check Venia agility 3 --roll "1 1 S"
      campaign-ledger check Venia 'might|agility' 4 --modifier "+2:phrase=Lock picking"
      campaign-ledger check Torrax might 5 --roll "1+ 1 1 S" --spend-stamina 1
    """
    recorded = app.perform(
        checks.make_check,
        hero=hero,
        ability=ability,
        target=parse_target(target),
        choose=options["choose"],
        **check_intent(options),
    )
    show_check(recorded, options["as_json"])
    if not options["as_json"]:
        show_hindsight(app, recorded)


def show_hindsight(app: App, recorded: Recorded) -> None:
    """After a failed check: the stamina on its stamina faces that would have made it."""
    made = recorded.events[0] if recorded.events else None
    if not isinstance(made, CheckMade) or made.success is not False:
        return
    seen = spending.stamina_hindsight(app.game(), hero=made.hero)
    if seen.would_have_changed:
        click.echo(
            f"Spending {seen.more} more stamina on the stamina faces would have made it "
            f"({seen.needed} in all; the faces and the unspent stamina allowed {seen.most})."
        )


def register(cli: click.Group) -> None:
    cli.add_command(check)
