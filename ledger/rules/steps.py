"""The campaign cycle City → Journey → Scenario → City (§8), and the end of a scenario."""

from msgspec.structs import replace

from ledger.errors import OutOfRange, RuleViolation
from ledger.model import CampaignState, Hero, Outcome, Stamina, Step, StepKind
from ledger.rules import city, gems, loadout
from ledger.text import check_name

NEXT_STEP: dict[StepKind, StepKind] = {"city": "journey", "journey": "scenario", "scenario": "city"}
MAX_SCENARIO = 999


def start(
    campaign: CampaignState, kind: StepKind, scenario: int | None, arena: bool = False
) -> CampaignState:
    """The first step may be any kind (a campaign can start at the tutorial scenario or be
    taken up mid-way); after that the cycle is enforced."""
    if campaign.group_check is not None:
        raise RuleViolation(
            "a group check is still open; close it (`group-step close`) before the next step"
        )
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
            raise OutOfRange(f"scenario number must be from 1 to {MAX_SCENARIO}, not {scenario}")
        play = plays[scenario] = plays.get(scenario, 0) + 1
        if arena:
            check_arena_may_follow(campaign)
        loadout.check_scenario_start(campaign)
    elif arena:
        raise RuleViolation("only a Scenario step can be an Arena scenario")
    campaign = replace(
        campaign,
        step=Step(kind=kind, number=number, scenario=scenario, play=play, arena=arena),
        steps_started={**campaign.steps_started, kind: number},
        scenario_plays=plays,
        city=None,
        checks_this_turn=(),
        used_this_scenario=(),
    )
    return city.begin(campaign) if kind == "city" else campaign


def check_arena_may_follow(campaign: CampaignState) -> None:
    """An Arena card may not be chosen if the previous Scenario step was an Arena (§8.2)."""
    if campaign.outcomes and campaign.outcomes[-1].arena:
        raise RuleViolation(
            f"the previous scenario ({campaign.outcomes[-1].number}) was an Arena scenario; "
            "an Arena scenario may not follow an Arena scenario (§8.2)"
        )


def end_scenario(
    campaign: CampaignState,
    outcome: str | None = None,
    *,
    xp: bool = False,
    arena: bool = False,
    keep_card: bool = False,
    achievements: tuple[str, ...] = (),
    group_achievements: int = 0,
    scenario_level: int | None = None,
) -> CampaignState:
    """The end of a scenario (§8.4): achievements give Achievement gems (none in an Arena),
    the XP symbol gives the party 1 XP, a Scenario card without the replay or Arena symbol
    leaves the Stock, every Hero is reset (§2.5: Injury cards, gems, items and Stars are
    kept), and the outcome is written on the Party sheet."""
    if not campaign.in_scenario:
        raise RuleViolation("no scenario is being played; `scenario end` ends a Scenario step")
    step = campaign.step
    assert step is not None
    assert step.scenario is not None
    if arena and not step.arena:
        check_arena_may_follow(campaign)
    arena = arena or step.arena
    card = next((c for c in campaign.scenario_cards if c.number == step.scenario), None)
    if card is not None and (card.xp, card.arena) != (xp, arena):
        raise RuleViolation(
            f"Scenario card {card.number} in the Stock shows {_symbols(card.xp, card.arena)}, "
            f"not {_symbols(xp, arena)}"
        )
    if arena and (achievements or group_achievements):
        raise RuleViolation("Arena scenarios have no achievements (§8.4)")
    if not 0 <= group_achievements <= MAX_GROUP_ACHIEVEMENTS:
        raise OutOfRange(
            f"group achievements must be from 0 to {MAX_GROUP_ACHIEVEMENTS}, "
            f"not {group_achievements}"
        )
    earned = dict.fromkeys(campaign.heroes, group_achievements)
    for achiever in achievements:
        earned[campaign.hero(achiever).name] += 1
    gained_xp = xp and not xp_gained_before(campaign, step.scenario)
    inspired = inspires(campaign, outcome, arena, scenario_level)
    heroes = {}
    for name, hero in campaign.heroes.items():
        if earned[name]:
            hero = gems.gain(hero, "achievement", earned[name])[0]
        if inspired:
            hero = gems.gain(hero, "inspiration", 1)[0]
        heroes[name] = _recovered(hero)
    cards = campaign.scenario_cards
    if card is not None and not (card.replay or card.arena or keep_card):
        cards = tuple(c for c in cards if c is not card)
    written = Outcome(
        number=step.scenario,
        outcome=check_name(outcome, "outcome") if outcome is not None else "",
        arena=arena,
        xp=gained_xp,
    )
    return replace(
        campaign,
        heroes=heroes,
        step=replace(step, ended=True, arena=arena),
        xp=campaign.xp + int(gained_xp),
        scenario_cards=cards,
        outcomes=(*campaign.outcomes, written),
        checks_this_turn=(),
        used_this_scenario=(),
    )


MAX_GROUP_ACHIEVEMENTS = 15
INSPIRING_LEVELS = (4, 5)


def inspires(
    campaign: CampaignState, outcome: str | None, arena: bool, scenario_level: int | None
) -> bool:
    """From level 4, each Hero gains an Inspiration gem for each successful non-Arena level-4
    or level-5 scenario (§6). Ruling: an outcome written "S..." (Scenario Success, as in "S2")
    is a success; any other code is not."""
    success = outcome is not None and outcome.strip().upper().startswith("S")
    return (
        success
        and not arena
        and campaign.level >= min(INSPIRING_LEVELS)
        and scenario_level in INSPIRING_LEVELS
    )


def xp_gained_before(campaign: CampaignState, scenario: int) -> bool:
    """Ruling: a scenario's XP is gained once. The level thresholds (2/5/9/14) are the counts
    of XP scenarios per level, so replaying one (after a Fail) gives no second XP."""
    return any(o.number == scenario and o.xp for o in campaign.outcomes)


def _symbols(xp: bool, arena: bool) -> str:
    shown = [s for s, on in (("the XP symbol", xp), ("the Arena symbol", arena)) if on]
    return " and ".join(shown) or "neither the XP nor the Arena symbol"


def _recovered(hero: Hero) -> Hero:
    """Status normal, every chip on the blue disk, no conditions (§2.5); items left behind
    for this scenario are on the Hero board again."""
    items = tuple(replace(i, left_behind=False) if i.left_behind else i for i in hero.items)
    return replace(
        hero, status="normal", stamina=Stamina(unspent=hero.chips), conditions=(), items=items
    )
