"""progressive open | attempt | round | show: progressive checks (§5.1), whose successes build
up over attempts and Heroes towards a target such as 2xHC+4."""

from typing import Any

import click

from ledger.model import CampaignState
from ledger_base_game.actions import progressive as actions
from ledger_base_game.commands import complete_ability
from ledger_base_game.commands.checks import check_intent, check_options, show_check, with_options
from ledger_cli.helpers import (
    NUMBERS,
    App,
    Command,
    complete_hero,
    json_option,
    listing_group,
    pass_app,
    state_view,
)


@click.command("open", cls=Command, context_settings=NUMBERS)
@click.argument("name")
@click.argument("ability", shell_complete=complete_ability)
@click.argument("target")
@click.option("--heroes", type=int, help="The Hero Count (default: Heroes in the campaign).")
@json_option
@pass_app
def open_progressive(
    app: App, name: str, ability: str, target: str, heroes: int | None, as_json: bool
) -> None:
    """Open progressive check NAME: ABILITY, TARGET successes (a number or 2xHC+4).

    \b
    Example:
      campaign-ledger progressive open "Collapsed gate" might 2xHC+4
    """
    app.do(
        actions.open_progressive_check,
        name=name,
        ability=ability,
        target=target,
        heroes=heroes,
        as_json=as_json,
    )


@click.command("attempt", cls=Command, context_settings=NUMBERS)
@click.argument("name")
@click.argument("hero", shell_complete=complete_hero)
@with_options(check_options)
@pass_app
def attempt(app: App, /, name: str, hero: str, **options: Any) -> None:
    """HERO attempts progressive check NAME: a check whose total adds to the progress.

    \b
    Example (§10.3):
      campaign-ledger progressive attempt "Collapsed gate" Torrax --roll "1+ 1 1 S" \\
        --spend-stamina 1
    """
    recorded = app.perform(
        actions.attempt_progressive_check, name=name, hero=hero, **check_intent(options)
    )
    show_check(recorded, options["as_json"])


@click.command("round", cls=Command)
@click.argument("name")
@json_option
@pass_app
def new_round(app: App, name: str, as_json: bool) -> None:
    """A new round: every Hero may attempt NAME again."""
    app.do(actions.new_progressive_round, name=name, as_json=as_json)


def progressive_json(state: CampaignState) -> dict[str, Any]:
    return {
        name: {
            "ability": c.ability,
            "progress": c.progress,
            "target": c.target,
            "remaining": c.remaining,
            "complete": c.complete,
            "round": c.turn,
            "attempted": list(c.attempted),
        }
        for name, c in state.progressive_checks.items()
    }


def progressive_lines(state: CampaignState) -> list[str]:
    lines = []
    for name, c in state.progressive_checks.items():
        done = " — complete" if c.complete else f", {c.remaining} to go"
        tried = f"; attempted this round: {', '.join(c.attempted)}" if c.attempted else ""
        lines.append(f"{name}: {c.ability.title()} {c.progress}/{c.target}{done}{tried}")
    return lines or ["No progressive checks."]


show = state_view(
    "show",
    "Every progressive check: progress, target, who attempted this round.",
    progressive_json,
    progressive_lines,
)


def register(cli: click.Group) -> None:
    progressive = listing_group(
        cli,
        "progressive",
        "Progressive checks: successes build up over attempts and Heroes (shows them).",
        default="show",
    )
    for command in (open_progressive, attempt, new_round, show):
        progressive.add_command(command)
