"""The campaign cycle City → Journey → Scenario → City (§8), and the end of a scenario."""

from msgspec.structs import replace

from ledger.errors import RuleViolation
from ledger.state import CampaignState, Hero, Stamina, Step, StepKind

NEXT_STEP: dict[StepKind, StepKind] = {"city": "journey", "journey": "scenario", "scenario": "city"}
MAX_SCENARIO = 999


def start(campaign: CampaignState, kind: StepKind, scenario: int | None) -> CampaignState:
    """The first step may be any kind (a campaign can start at the tutorial scenario or be
    taken up mid-way); after that the cycle is enforced."""
    current = campaign.step
    if current is not None:
        if current.kind == "scenario" and not current.ended:
            raise RuleViolation(
                f"scenario {current.scenario} has not ended; record `scenario end` first"
            )
        expected = NEXT_STEP[current.kind]
        if kind != expected:
            raise RuleViolation(
                f"a {kind.title()} step cannot follow a {current.kind.title()} step; "
                f"the next step is a {expected.title()} step (§8)"
            )
    if (kind == "scenario") != (scenario is not None):
        raise RuleViolation("a Scenario step needs its scenario number; other steps have none")
    number = campaign.steps_started.get(kind, 0) + 1
    plays = dict(campaign.scenario_plays)
    play = None
    if scenario is not None:
        if not 1 <= scenario <= MAX_SCENARIO:
            raise RuleViolation(f"scenario number must be from 1 to {MAX_SCENARIO}, not {scenario}")
        play = plays[scenario] = plays.get(scenario, 0) + 1
    return replace(
        campaign,
        step=Step(kind=kind, number=number, scenario=scenario, play=play),
        steps_started={**campaign.steps_started, kind: number},
        scenario_plays=plays,
    )


def end_scenario(campaign: CampaignState) -> CampaignState:
    """Every Hero is reset (§2.5): Injury cards, gems, items and Stars are kept."""
    if not campaign.in_scenario:
        raise RuleViolation("no scenario is being played; `scenario end` ends a Scenario step")
    assert campaign.step is not None
    heroes = {name: _recovered(hero) for name, hero in campaign.heroes.items()}
    return replace(campaign, heroes=heroes, step=replace(campaign.step, ended=True))


def _recovered(hero: Hero) -> Hero:
    """Status normal, every chip on the blue disk, no conditions (§2.5)."""
    return replace(hero, status="normal", stamina=Stamina(unspent=hero.chips), conditions=())
