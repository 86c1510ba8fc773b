"""step city | step journey | step scenario N | step show | scenario end"""

import click

from ledger.errors import BadInput
from ledger.model import CampaignState, Event
from ledger.rules import factions, progress
from ledger.text import check_name
from ledger_base_game.commands import symbols
from ledger_base_game.events import ScenarioEnded, StepStarted
from ledger_base_game.events_progress import GemsGained, LevelGained
from ledger_cli.helpers import App, at_option, json_option, listing_group, output, pass_app


def faction_reminders(app: App, before: CampaignState) -> list[str]:
    """A new Rank reached since the last City step: its Story entry is read now (§8.1)."""
    previous = before.steps_started.get("city", 0)
    since = app.state(f"city-{previous}")[1] if previous else CampaignState()
    thresholds = {
        name: app.registry.factions.get(name).ranks for name in app.registry.factions.names()
    }
    return [
        f"{faction} reached Rank {rank}: read the Story entry shown on its track"
        for faction, rank in factions.new_ranks(thresholds, since, before)
    ]


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
        if not as_json:
            for line in faction_reminders(app, state):
                click.echo(f"   rule: {line}")

    @step.command("journey")
    @json_option
    @pass_app
    def journey(app: App, as_json: bool) -> None:
        """End the City step (unspent City Activity points are discarded; a Hero with no place
        to sleep loses 2 stamina) and start a Journey step."""
        state = app.state()[1]
        in_city = state.city is not None and state.step is not None and state.step.kind == "city"
        app.record(StepStarted(kind="journey", city_end=in_city), as_json=as_json)

    @step.command("scenario", context_settings={"ignore_unknown_options": True})
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
        state = app.state()[1]
        is_arena = symbols.resolve(state, app.registry, number, "arena", arena, required=False)
        event = StepStarted(kind="scenario", scenario=number, arena=is_arena)
        app.record(event, as_json=as_json)

    scenario = listing_group(
        cli, "scenario", "The scenario being played (shows the current step).", default="show"
    )
    scenario.add_command(show)

    @scenario.command("end", context_settings={"ignore_unknown_options": True})
    @click.option("--outcome", metavar="CODE", help='As on the Party sheet, e.g. "S2".')
    @click.option("--xp/--no-xp", default=None, help="The card shows the XP symbol (if not known).")
    @click.option("--arena/--no-arena", default=None, help="An Arena scenario (if not known).")
    @click.option(
        "--achievement",
        "achievements",
        multiple=True,
        metavar="HERO",
        help="HERO completed an individual achievement (repeat for each).",
    )
    @click.option("--group-achievements", type=int, default=0, help="Group achievements completed.")
    @click.option("--keep-card", is_flag=True, help="Told to keep the Scenario card in the Stock.")
    @json_option
    @pass_app
    def end(
        app: App,
        outcome: str | None,
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
        """
        if outcome is not None:
            check_name(outcome, "outcome")
        state = app.state()[1]
        step = state.step
        if not state.in_scenario or step is None or step.scenario is None:
            app.record(ScenarioEnded(outcome=outcome), as_json=as_json)  # refused with the reason
            return
        number = step.scenario
        if step.arena and arena is False:
            raise BadInput(f"scenario {number} was started as an Arena scenario")
        event = ScenarioEnded(
            outcome=outcome,
            xp=symbols.resolve(state, app.registry, number, "xp", xp),
            arena=step.arena or symbols.resolve(state, app.registry, number, "arena", arena),
            keep_card=keep_card,
            achievements=tuple(state.hero(name).name for name in achievements),
            group_achievements=group_achievements,
            scenario_level=symbols.scenario_level(state, app.registry, number),
        )
        app.record(event, as_json=as_json)
