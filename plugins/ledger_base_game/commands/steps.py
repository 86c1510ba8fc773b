"""step city | step journey | step scenario N | step show | scenario end | scenario round"""

import click

from ledger_base_game.actions import progressive, steps
from ledger_cli.helpers import (
    App,
    Command,
    complete_hero,
    json_option,
    listing_group,
    output,
    pass_app,
    state_view,
)

show = state_view(
    "show",
    "The step the campaign is in, now or at --at.",
    output.step_json,
    lambda state: [output.step_text(state)],
)


@click.command("city", cls=Command)
@json_option
@pass_app
def city(app: App, as_json: bool) -> None:
    """Start a City step; the party first gains the level its XP has reached (§9.1)."""
    recorded = app.do(steps.start_city_step, as_json=as_json)
    if not as_json:
        for line in steps.faction_reminders(app.campaign(), recorded.before):
            click.echo(f"   rule: {line}")


@click.command("journey", cls=Command)
@json_option
@pass_app
def journey(app: App, as_json: bool) -> None:
    """End the City step (unspent City Activity points are discarded; a Hero with no place
    to sleep loses 2 stamina) and start a Journey step."""
    app.do(steps.start_journey_step, as_json=as_json)


@click.command("scenario", cls=Command, context_settings={"ignore_unknown_options": True})
@click.argument("number", type=int)
@click.option("--arena/--no-arena", default=None, help="An Arena scenario (if not known).")
@json_option
@pass_app
def scenario_step(app: App, number: int, arena: bool | None, as_json: bool) -> None:
    """Start a Scenario step playing scenario NUMBER. An Arena scenario may not follow an
    Arena scenario.

    \b
    Example:
      campaign-ledger step scenario 4
    """
    app.do(steps.start_scenario_step, scenario=number, arena=arena, as_json=as_json)


@click.command("end", cls=Command, context_settings={"ignore_unknown_options": True})
@click.option("--outcome", metavar="CODE", help='As on the Party sheet, e.g. "S2" (required).')
@click.option("--no-outcome", is_flag=True, help="Record no outcome, on purpose.")
@click.option("--xp/--no-xp", default=None, help="The card shows the XP symbol (if not known).")
@click.option("--arena/--no-arena", default=None, help="An Arena scenario (if not known).")
@click.option(
    "--achievement",
    "achievements",
    multiple=True,
    metavar="HERO",
    shell_complete=complete_hero,
    help="HERO completed an individual achievement (repeat for each).",
)
@click.option("--group-achievements", type=int, default=0, help="Group achievements completed.")
@click.option("--keep-card", is_flag=True, help="Told to keep the Scenario card in the Stock.")
@json_option
@pass_app
def end(
    app: App,
    outcome: str | None,
    no_outcome: bool,
    xp: bool | None,
    arena: bool | None,
    achievements: tuple[str, ...],
    group_achievements: int,
    keep_card: bool,
    as_json: bool,
) -> None:
    """End the scenario (§8.4): achievements give Achievement gems (none in an Arena), the
    XP symbol gives 1 XP, a card without the replay or Arena symbol leaves the Stock, and
    every Hero recovers fully and loses all conditions, keeping Injury cards (§2.5).

    \b
    Examples:
      campaign-ledger scenario end --outcome S2
      campaign-ledger scenario end --outcome S1 --achievement Venia --group-achievements 1
      campaign-ledger scenario end --no-outcome
    """
    app.do(
        steps.end_scenario,
        outcome=outcome,
        no_outcome=no_outcome,
        xp=xp,
        arena=arena,
        achievements=achievements,
        group_achievements=group_achievements,
        keep_card=keep_card,
        as_json=as_json,
    )


@click.command("round", cls=Command)
@json_option
@pass_app
def new_round(app: App, as_json: bool) -> None:
    """The next round of the scenario: every check may be attempted again by every Hero,
    each progressive check included (§5.1: each check once per turn per Ally).

    \b
    Example:
      campaign-ledger scenario round
    """
    app.do(progressive.new_round, as_json=as_json)


def register(cli: click.Group) -> None:
    step = listing_group(
        cli,
        "step",
        "Start the next step of the campaign: City → Journey → Scenario → City "
        "(shows the current step).",
        default="show",
    )
    for command in (show, city, journey, scenario_step):
        step.add_command(command)
    scenario = listing_group(
        cli, "scenario", "The scenario being played (shows the current step).", default="show"
    )
    scenario.add_command(show)
    scenario.add_command(end)
    scenario.add_command(new_round)
