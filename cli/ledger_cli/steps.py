"""step city | step journey | step scenario N | step show | scenario end"""

import click

from ledger.event import Event
from ledger.rules import progress
from ledger_base_game.events import ScenarioEnded, StepStarted
from ledger_base_game.events_progress import GemsGained, LevelGained
from ledger_cli import output
from ledger_cli.context import App, at_option, json_option, listing_group, pass_app


def register(cli: click.Group) -> None:
    step = listing_group(
        cli,
        "step",
        "Start the next step of the campaign: City → Journey → Scenario → City "
        "(shows the current step).",
        default="show",
    )

    @step.command("show")
    @at_option
    @json_option
    @pass_app
    def show(app: App, at: str | None = None, as_json: bool = False) -> None:
        """The step the campaign is in, now or at --at."""
        _, state = app.state(at)
        click.echo(output.to_json(output.step_json(state)) if as_json else output.step_text(state))

    @step.command("city")
    @json_option
    @pass_app
    def city(app: App, as_json: bool) -> None:
        """Start a City step; the party first gains the level its XP has reached (§9.1)."""
        state = app.campaign().state()
        events: list[Event] = [StepStarted(kind="city")]
        for level in progress.levels_due(state):
            events.append(LevelGained(level=level))
            if level == progress.INSPIRATION_LEVEL:
                gems = [GemsGained.of(state, hero, "inspiration", 1) for hero in state.heroes]
                events.extend(gems)
        app.record(*events, as_json=as_json)

    @step.command("journey")
    @json_option
    @pass_app
    def journey(app: App, as_json: bool) -> None:
        """Start a Journey step."""
        app.record(StepStarted(kind="journey"), as_json=as_json)

    @step.command("scenario", context_settings={"ignore_unknown_options": True})
    @click.argument("number", type=int)
    @json_option
    @pass_app
    def scenario_step(app: App, number: int, as_json: bool) -> None:
        """Start a Scenario step playing scenario NUMBER.

        \b
        Example:
          campaign-ledger step scenario 4
        """
        app.record(StepStarted(kind="scenario", scenario=number), as_json=as_json)

    scenario = listing_group(
        cli, "scenario", "The scenario being played (shows the current step).", default="show"
    )
    scenario.add_command(show)

    @scenario.command("end")
    @click.option("--outcome", metavar="CODE", help='As on the Party sheet, e.g. "S2".')
    @json_option
    @pass_app
    def end(app: App, outcome: str | None, as_json: bool) -> None:
        """End the scenario: every Hero recovers fully and loses all conditions (§2.5).

        \b
        Example:
          campaign-ledger scenario end --outcome S2
        """
        app.record(ScenarioEnded(outcome=outcome), as_json=as_json)
