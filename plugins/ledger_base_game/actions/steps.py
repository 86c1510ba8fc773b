"""The campaign cycle City → Journey → Scenario → City (§8) and the end of a scenario (§8.4)."""

from collections.abc import Sequence

from ledger.actions import Game
from ledger.campaign import Campaign, resolve
from ledger.errors import BadInput
from ledger.model import CampaignState, Event
from ledger.rules import factions, injuries, progress
from ledger.text import check_name
from ledger_base_game.actions._beds import hideout_sleepers
from ledger_base_game.actions._wounds import with_injury_draws
from ledger_base_game.events.progress import GemsGained, LevelGained
from ledger_base_game.events.steps import ScenarioEnded, StepStarted
from ledger_base_game.rules import symbols


def start_city_step(game: Game) -> list[Event]:
    """A City step starts; the party first gains the level its XP has reached (§9.1), and at
    level 4 every Hero gains an Inspiration gem (§6)."""
    state = game.state
    events: list[Event] = [StepStarted(kind="city")]
    for level in progress.levels_due(state):
        events.append(LevelGained(level=level))
        if level == progress.INSPIRATION_LEVEL:
            events += [GemsGained.of(state, hero, "inspiration", 1) for hero in state.heroes]
    return events


def start_journey_step(game: Game) -> list[Event]:
    """A Journey step starts, ending the City step it follows (unspent City Activity points
    are discarded; a Hero with a Hideout and no other bed sleeps there; a Hero with no place
    to sleep loses 2 stamina, §8.1, and owes an Injury card if that wounds them, §2.3)."""
    state = game.state
    in_city = state.city is not None and state.step is not None and state.step.kind == "city"
    beds = hideout_sleepers(state, game.registry) if in_city else []
    return with_injury_draws(state, [*beds, StepStarted(kind="journey", city_end=in_city)])


def start_scenario_step(game: Game, *, scenario: int, arena: bool | None = None) -> list[Event]:
    """A Scenario step starts playing ``scenario``; ``arena`` says whether it is an Arena
    scenario when neither its card nor the plugins know. An Arena may not follow an Arena."""
    is_arena = symbols.resolve(game.state, game.registry, scenario, "arena", arena, required=False)
    return [StepStarted(kind="scenario", scenario=scenario, arena=is_arena)]


def end_scenario(
    game: Game,
    *,
    outcome: str | None = None,
    no_outcome: bool = False,
    xp: bool | None = None,
    arena: bool | None = None,
    achievements: Sequence[str] = (),
    group_achievements: int = 0,
    keep_card: bool = False,
) -> list[Event]:
    """The scenario ends (§8.4) with ``outcome`` as on the Party sheet ("S2"). ``xp`` and
    ``arena`` say whether the card shows those symbols when the ledger does not know;
    ``achievements`` names a Hero once per individual achievement. Every Hero recovers fully.
    Refused while a Hero still owes the Injury card of becoming wounded (§2.3).

    The outcome is asked for, so that a forgotten one is not lost from the Party sheet:
    ``no_outcome`` records none on purpose."""
    if outcome is not None:
        check_name(outcome, "outcome")
        if no_outcome:
            raise BadInput(
                "give {outcome} or {no_outcome}, not both", fields=["outcome", "no_outcome"]
            )
    state = game.state
    step = state.step
    if not state.in_scenario or step is None or step.scenario is None:
        return [ScenarioEnded(outcome=outcome)]  # the fold refuses it, saying why
    injuries.require_no_draw_owed(state)
    number = step.scenario
    if outcome is None and not no_outcome:
        raise BadInput(
            f"say how scenario {number} ended: {{outcome}} CODE as on the Party sheet "
            "(e.g. S2), or {no_outcome} to record none",
            fields=["outcome", "no_outcome"],
        )
    if step.arena and arena is False:
        raise BadInput(f"scenario {number} was started as an Arena scenario")
    return [
        ScenarioEnded(
            outcome=outcome,
            xp=symbols.resolve(state, game.registry, number, "xp", xp),
            arena=step.arena or symbols.resolve(state, game.registry, number, "arena", arena),
            keep_card=keep_card,
            achievements=tuple(state.hero(name).name for name in achievements),
            group_achievements=group_achievements,
            scenario_level=symbols.scenario_level(state, game.registry, number),
        )
    ]


def faction_reminders(campaign: Campaign, before: CampaignState) -> list[str]:
    """What to read as a City step starts from ``before``: each faction whose Rank rose since
    the last City step has its Story entry read now (§8.1)."""
    previous = before.steps_started.get("city", 0)
    since = campaign.state(resolve(campaign, f"city-{previous}")) if previous else CampaignState()
    registry = campaign.registry
    thresholds = {name: registry.factions.get(name).ranks for name in registry.factions.names()}
    return [
        f"{faction} reached Rank {rank}: read the Story entry shown on its track"
        for faction, rank in factions.new_ranks(thresholds, since, before)
    ]
