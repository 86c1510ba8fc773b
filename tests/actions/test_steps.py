"""The campaign cycle, the City step, progress and sessions through the Python API alone:
``campaign.do(action, **intent)`` on a Ledger opened with the plugins' Registry, as a notebook
or the web app would; and the CLI recording exactly what the actions decide."""

from pathlib import Path
from typing import Any

import pluggy
import pytest

from ledger.actions import Action
from ledger.campaign import Campaign, Ledger
from ledger.campaign import _sessions as sessions
from ledger.errors import BadInput, NotFound, RuleViolation
from ledger.hosting import Registry
from ledger.model import Keyword
from ledger_base_game import actions
from ledger_base_game.actions.steps import faction_reminders
from ledger_base_game.events import LevelGained, ScenarioEnded, StepStarted
from tests.helpers.actions import MOONSILVER, events_told, refused, run_lines


def a_scenario_played(campaign: Campaign, number: int = 4, outcome: str = "S1") -> None:
    campaign.do(actions.start_scenario_step, scenario=number)
    campaign.do(actions.end_scenario, outcome=outcome)


def test_a_city_step_with_an_activity_and_a_bed(campaign: Campaign) -> None:
    a_scenario_played(campaign)
    campaign.do(actions.start_city_step)
    campaign.do(actions.resolve_city_event)
    worked = campaign.do(actions.city_activity, hero="torrax", activity="work on the docks")
    [event] = worked.events
    assert (event.hero, event.activity, event.points, event.gain_stars) == (
        "Torrax",
        "Work on the docks",  # the service as the base game names it, costs from its data
        1,
        2,
    )
    campaign.do(actions.sleep_at, hero="Torrax", place="Hideout", given_by="212")
    state = campaign.state()
    torrax, venia = state.hero("Torrax"), state.hero("Venia")
    assert (torrax.city_points, torrax.stars, torrax.sleeps) == (1, 2, "Hideout")
    assert (venia.city_points, venia.sleeps) == (2, None)

    ended = campaign.do(actions.start_journey_step)
    assert ended.events == [StepStarted(kind="journey", city_end=True)]
    state = campaign.state()
    assert state.step is not None
    assert state.step.kind == "journey"
    assert state.hero("Torrax").city_points == 0  # the unspent point is discarded
    assert state.hero("Torrax").stamina.spent == 0
    assert state.hero("Venia").stamina.spent == 2  # no bed: 2 stamina lost (§8.1)


def test_a_scenario_starts_and_ends_with_its_outcome_and_xp(campaign: Campaign) -> None:
    started = campaign.do(actions.start_scenario_step, scenario=4)
    assert started.events == [StepStarted(kind="scenario", scenario=4, arena=False)]
    campaign.do(actions.damage, hero="Torrax", amount=3)
    ended = campaign.do(
        actions.end_scenario, outcome="S1", achievements=("venia", "Venia"), group_achievements=1
    )
    [event] = ended.events
    assert isinstance(event, ScenarioEnded)
    # Twilight Watch shows the XP symbol: the base game knows, the caller need not say.
    assert (event.xp, event.arena, event.achievements) == (True, False, ("Venia", "Venia"))
    assert event.scenario_level == 1
    state = campaign.state()
    assert state.xp == 1
    assert [(o.number, o.outcome, o.xp) for o in state.outcomes] == [(4, "S1", True)]
    assert state.hero("Torrax").stamina.wound == 0  # every Hero recovers fully
    assert state.hero("Venia").gems.achievement == 3
    assert state.hero("Torrax").gems.achievement == 1


def test_a_level_is_gained_as_the_next_city_step_starts(campaign: Campaign) -> None:
    a_scenario_played(campaign)
    campaign.do(actions.gain_xp, amount=1)
    city = campaign.do(actions.start_city_step)
    assert city.events == [StepStarted(kind="city"), LevelGained(level=2)]
    state = campaign.state()
    assert state.level == 2
    assert state.hero("Torrax").chips == 11
    chosen = campaign.do(actions.choose_class, hero="torrax", hero_class="geomancer")
    assert campaign.state().hero("Torrax").hero_class == "Geomancer"  # as on the card
    assert chosen.events[0].hero == "Torrax"

    campaign.do(actions.resolve_city_event)
    campaign.do(actions.gain_stars, hero="Venia", amount=5)
    campaign.do(actions.learn_profession, hero="Venia", profession="streetwise")
    campaign.do(actions.learn_talent, hero="Venia", talent="pickpocket")
    venia = campaign.state().hero("Venia")
    assert (venia.profession, venia.stars, venia.city_points) == ("Streetwise", 0, 0)
    assert "Pickpocket" in venia.talents
    assert faction_reminders(campaign, state) == []  # no faction's Rank rose


def test_gems_and_keywords(campaign: Campaign) -> None:
    campaign.do(actions.gain_gems, hero="Venia", kind="inspiration", count=2)
    campaign.do(actions.spend_gems, hero="venia", kind="inspiration")
    campaign.do(actions.add_keyword, word="Moonsilver", hero="venia")
    campaign.do(actions.tally_keyword, word="Rumour")
    campaign.do(actions.cross_keyword, word="Moonsilver", hero="Venia")
    state = campaign.state()
    assert state.hero("Venia").gems.inspiration == 1
    assert state.hero("Venia").journal == (Keyword(word="Moonsilver", crossed=True),)
    assert state.journal == (Keyword(word="Rumour", tally=1),)


def test_sessions_are_core_actions(campaign: Campaign) -> None:
    campaign.do(sessions.start_session)
    with pytest.raises(RuleViolation, match="still open"):
        campaign.do(sessions.start_session)
    campaign.do(sessions.end_session)
    assert campaign.state().sessions == 1


@pytest.mark.parametrize(
    ("setup", "action", "intent", "error", "says"),
    [
        ((), actions.end_scenario, {"outcome": "S1"}, RuleViolation, "no scenario is being"),
        ((), actions.end_scenario, {"outcome": "\x07"}, BadInput, "unprintable"),
        (("scenario",), actions.end_scenario, {}, BadInput, "say how scenario 50 ended"),
        (
            ("scenario",),
            actions.end_scenario,
            {"outcome": "S1", "no_outcome": True},
            BadInput,
            "not both",
        ),
        (("scenario",), actions.start_journey_step, {}, RuleViolation, "has not ended"),
        (
            (),
            actions.sleep_at,
            {"hero": "Nobody", "place": "Hideout", "given_by": "212"},
            NotFound,
            "Nobody",
        ),
        (
            ("city",),
            actions.city_activity,
            {"hero": "Venia", "activity": "Heal Injury"},
            BadInput,
            "say which was paid",
        ),
        (
            ("city",),
            actions.city_activity,
            {"hero": "Venia", "activity": "Work on the docks", "heal": 2},
            BadInput,
            "effects are known; heal cannot be given",
        ),
        (
            (),
            actions.start_scenario_step,
            {"scenario": 1000},
            RuleViolation,
            "scenario number",
        ),
        (
            (),
            actions.choose_class,
            {"hero": "Torrax", "hero_class": "Geomancer"},
            RuleViolation,
            None,
        ),
        (("scenario",), actions.end_scenario, {"outcome": "S1", "arena": True}, BadInput, None),
    ],
)
def test_a_refused_action_writes_nothing(
    campaign: Campaign,
    setup: tuple[str, ...],
    action: Action,
    intent: dict[str, Any],
    error: type[Exception],
    says: str | None,
    db_path: Path,
) -> None:
    if "city" in setup:
        campaign.do(actions.start_city_step)
    if "scenario" in setup:
        campaign.do(actions.start_scenario_step, scenario=50)  # symbols unknown
    with refused(db_path, error, says):
        campaign.do(action, **intent)


# The same evening told twice: typed at the CLI, and as actions. The files must hold the same
# events, row for row (only the time of recording and so the hashes differ).
SETUP = MOONSILVER
EVENING: list[tuple[str, Action, dict[str, Any]]] = [
    ("session start", sessions.start_session, {}),
    ("step scenario 4", actions.start_scenario_step, {"scenario": 4}),
    (
        "scenario end --outcome S1 --achievement venia --group-achievements 1",
        actions.end_scenario,
        {"outcome": "S1", "achievements": ("venia",), "group_achievements": 1},
    ),
    ("xp gain", actions.gain_xp, {}),
    ("step city", actions.start_city_step, {}),
    ("city event-resolved", actions.resolve_city_event, {}),
    (
        "city activity torrax 'Work on the docks'",
        actions.city_activity,
        {"hero": "torrax", "activity": "Work on the docks"},
    ),
    (
        "city activity Torrax 'Arm wrestling' --points 1 --gain-stars 3",
        actions.city_activity,
        {"hero": "Torrax", "activity": "Arm wrestling", "points": 1, "gain_stars": 3},
    ),
    (
        "city sleep Torrax Hideout --given-by 212",
        actions.sleep_at,
        {"hero": "Torrax", "place": "Hideout", "given_by": "212"},
    ),
    ("stars gain Venia 6", actions.gain_stars, {"hero": "Venia", "amount": 6}),
    (
        "profession learn Venia streetwise",
        actions.learn_profession,
        {"hero": "Venia", "profession": "streetwise"},
    ),
    (
        "talent learn Venia pickpocket --stars 0",
        actions.learn_talent,
        {"hero": "Venia", "talent": "pickpocket", "stars": 0},
    ),
    (
        "class choose torrax GEOMANCER",
        actions.choose_class,
        {"hero": "torrax", "hero_class": "GEOMANCER"},
    ),
    (
        "gem gain Venia inspiration 2",
        actions.gain_gems,
        {"hero": "Venia", "kind": "inspiration", "count": 2},
    ),
    ("gem spend venia achievement", actions.spend_gems, {"hero": "venia", "kind": "achievement"}),
    (
        "keyword add Moonsilver --hero venia",
        actions.add_keyword,
        {"word": "Moonsilver", "hero": "venia"},
    ),
    ("keyword tally Rumour", actions.tally_keyword, {"word": "Rumour"}),
    (
        "keyword cross Moonsilver --hero Venia",
        actions.cross_keyword,
        {"word": "Moonsilver", "hero": "Venia"},
    ),
    ("step journey", actions.start_journey_step, {}),
    ("session end", sessions.end_session, {}),
]


def test_the_cli_records_what_the_actions_decide(pm: pluggy.PluginManager, tmp_path: Path) -> None:
    typed, called = tmp_path / "typed.db", tmp_path / "called.db"
    run_lines(pm, typed, SETUP + [line for line, _, _ in EVENING])
    run_lines(pm, called, SETUP)
    with Ledger.open(called, Registry(pm), create=False) as ledger:
        campaign = ledger.campaign()
        for _, action, intent in EVENING:
            campaign.do(action, **intent)
    cli_rows, api_rows = events_told(typed), events_told(called)
    # the City step's level too, and Venia's night in her Hideout (Streetwise) at its end
    assert len(cli_rows) == len(SETUP) + len(EVENING) + 2
    assert cli_rows == api_rows
