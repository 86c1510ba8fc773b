"""The end of a scenario (§8.4) and the Journey step's Arena rule (§8.2): §10.14 through the CLI,
achievements, XP, Scenario cards, outcomes; rows recorded before these rules still replay."""

import json
from pathlib import Path

import msgspec
import pytest

from ledger.campaign import Ledger
from ledger.hosting import Registry
from ledger.model import CampaignState
from ledger_base_game.events import HeroJoined, ScenarioEnded, StepStarted
from tests.helpers.cli import Invoke, hero, party_json, refuse


def play(run: Invoke, scenario: str, *start: str) -> Invoke:
    """A City step (everyone sleeps at an inn), a Journey step, and the Scenario step."""
    run("step", "city")
    for name in ("Zuva'Sai", "Torrax"):
        run("city", "sleep", name, "Inn", "--given-by", "212")
    run("step", "journey")
    run("step", "scenario", scenario, *start)
    return run


def test_10_14_end_of_scenario_keeps_injury_cards_gems_and_items(party: Invoke) -> None:
    play(party, "4")
    party("item", "gain", "Torrax", "Sword")
    party("damage", "Torrax", "12")  # wounded
    party("injury", "draw", "Torrax", "Cracked Skull")
    party("condition", "add", "Torrax", "Bleeding")
    ended = party("scenario", "end", "--outcome", "S2", "--achievement", "Torrax")
    assert "Torrax keeps Injury card(s): Cracked Skull" in ended.output
    torrax = hero(party, "Torrax")
    assert torrax["status"] == "normal"
    assert torrax["stamina"]["unspent"] == 10
    assert torrax["conditions"] == []
    assert torrax["injuries"] == ["Cracked Skull"]
    assert torrax["items"] == ["Sword"]
    assert torrax["gems"]["achievement"] == 1


def test_individual_and_group_achievements(party: Invoke) -> None:
    play(party, "4")
    party(
        "scenario", "end", "--outcome", "S1", "--achievement", "torrax", "--achievement",
        "Torrax", "--group-achievements", "1",
    )  # fmt: skip
    assert hero(party, "Torrax")["gems"]["achievement"] == 3
    assert hero(party, "Zuva'Sai")["gems"]["achievement"] == 1


def test_the_sixteenth_achievement_gem_is_lost_and_said_so(party: Invoke) -> None:
    play(party, "4")
    ended = party("scenario", "end", "--outcome", "S1", *["--achievement", "Torrax"] * 16)
    assert "Torrax gains 15 Achievement gems; 1 lost to the cap of 15" in ended.output
    assert hero(party, "Torrax")["gems"]["achievement"] == 15


def test_xp_symbol_gives_one_xp_once_per_scenario(party: Invoke) -> None:
    play(party, "4")
    first = party("scenario", "end", "--outcome", "F1")
    assert "the party gains 1 XP" in first.output
    play(party, "4")  # replayed after a Fail
    again = party("scenario", "end", "--outcome", "S1")
    assert "once per scenario" in again.output
    play(party, "5")  # no XP symbol
    party("scenario", "end", "--outcome", "S1")
    shown = party_json(party)
    assert shown["xp"] == 1
    assert shown["outcomes"] == [
        {"number": 4, "outcome": "F1", "arena": False, "xp": True},
        {"number": 4, "outcome": "S1", "arena": False, "xp": False},
        {"number": 5, "outcome": "S1", "arena": False, "xp": False},
    ]
    assert "Outcomes  4: F1, 4: S1, 5: S1" in party("party", "show").output


def test_an_unknown_xp_symbol_must_be_given(party: Invoke, invoke: Invoke, db_path: Path) -> None:
    play(party, "7")
    refuse(invoke, db_path, "scenario", "end", "--outcome", "S1", says="--xp/--no-xp")
    party("scenario", "end", "--outcome", "S1", "--xp")
    assert party_json(party)["xp"] == 1


def test_scenario_cards_leave_the_stock_unless_replay_arena_or_told(party: Invoke) -> None:
    party("stock", "scenario", "7", "--xp", "--no-replay")
    party("stock", "scenario", "8", "--no-xp", "--replay")
    party("stock", "scenario", "9", "--no-xp", "--no-replay")
    cards = [c["number"] for c in party_json(party)["scenario_cards"]]
    assert cards == [7, 8, 9]
    for number in ("7", "8"):
        play(party, number)
        party("scenario", "end", "--outcome", "S1")  # symbols come from the cards
    play(party, "9")
    party("scenario", "end", "--outcome", "S1", "--keep-card")
    assert [c["number"] for c in party_json(party)["scenario_cards"]] == [8, 9]
    assert party_json(party)["xp"] == 1


def test_a_card_in_the_stock_decides_its_symbols(
    party: Invoke, invoke: Invoke, db_path: Path
) -> None:
    party("stock", "scenario", "7", "--xp", "--no-replay")
    refuse(invoke, db_path, "stock", "scenario", "7", "--xp", "--no-replay", says="already")
    refuse(invoke, db_path, "stock", "scenario", "4", "--no-xp", says="shows the XP symbol")
    play(party, "7")
    refuse(
        invoke, db_path, "scenario", "end", "--outcome", "S1", "--no-xp", says="shows the XP symbol"
    )


def test_an_arena_may_not_follow_an_arena(party: Invoke, invoke: Invoke, db_path: Path) -> None:
    party("stock", "scenario", "101", "--no-xp", "--no-replay", "--arena")
    play(party, "101")
    assert party_json(party)["step"]["arena"] is True
    for achieved in (("--group-achievements", "1"), ("--achievement", "Torrax")):
        refuse(
            invoke, db_path, "scenario", "end", "--outcome", "S1", *achieved, says="no achievements"
        )
    party("scenario", "end", "--outcome", "Score 14")
    assert [c["number"] for c in party_json(party)["scenario_cards"]] == [101]  # kept
    party("step", "city")
    refuse(invoke, db_path, "city", "event-resolved", says="after an Arena scenario")
    party("step", "journey")
    refuse(invoke, db_path, "step", "scenario", "101", says="may not follow an Arena")
    refuse(invoke, db_path, "step", "scenario", "102", "--arena", says="may not follow an Arena")
    party("step", "scenario", "103")  # its Arena symbol is not known yet
    ended = ("scenario", "end", "--no-outcome", "--no-xp")
    refuse(invoke, db_path, *ended, says="--arena/--no-arena")
    refuse(invoke, db_path, *ended, "--arena", says="may not follow")
    party(*ended, "--no-arena")
    assert [o["arena"] for o in party_json(party)["outcomes"]] == [True, False]


def test_scenario_end_outside_a_scenario(party: Invoke, invoke: Invoke, db_path: Path) -> None:
    refuse(invoke, db_path, "scenario", "end", "--outcome", "S1", says="no scenario")
    play(party, "4")
    refuse(
        invoke,
        db_path,
        "scenario",
        "end",
        "--outcome",
        "S1",
        "--achievement",
        "Nobody",
        says="Nobody",
    )
    refuse(
        invoke,
        db_path,
        "scenario",
        "end",
        "--no-outcome",
        "--group-achievements",
        "-1",
        says="from 0",
        code=2,
    )


def test_the_log_shows_the_campaign_events(party: Invoke) -> None:
    party("stock", "add", "Sword", "--archive")
    play(party, "4")
    party("injury", "draw", "Torrax", "Battered")
    party("scenario", "end", "--outcome", "S2")
    text = party("log").output
    for line in (
        "1 copy of Sword goes into the Archive",
        "Torrax will sleep at Inn",
        "The City step ends; Journey step begins",
        "Torrax draws the Injury card Battered",
        "The scenario ends (outcome S2)",
    ):
        assert line in text
    entries = json.loads(party("log", "--json").output)
    ended = entries[-1]["payload"]
    assert (ended["outcome"], ended["xp"], ended["arena"]) == ("S2", True, False)


def test_rows_recorded_before_these_rules_replay_as_they_did(
    ledger: Ledger, registry: Registry
) -> None:
    """Old rows have no city_end, xp or arena: no stamina lost, no XP, same Heroes."""
    campaign = ledger.create_campaign("Old")
    campaign.record(
        [HeroJoined(hero="Ava", might=1, agility=1, will=1, taunt=1, chips=6, wounded_chips=3)]
    )
    for raw in (
        b'{"type":"base:step-started","kind":"city"}',
        b'{"type":"base:step-started","kind":"journey"}',
        b'{"type":"base:step-started","kind":"scenario","scenario":4}',
        b'{"type":"base:scenario-ended","outcome":"S1"}',
    ):
        event = registry.decoder.decode(raw)
        assert isinstance(event, StepStarted | ScenarioEnded)
        campaign.record([event])
    state: CampaignState = campaign.state()
    assert state.heroes["Ava"].stamina.unspent == 6
    assert state.xp == 0
    assert [msgspec.to_builtins(o) for o in state.outcomes] == [
        {"number": 4, "outcome": "S1", "arena": False, "xp": False}
    ]


def at_level(level: int, scenario: int = 19, *, arena: bool = False) -> CampaignState:
    """A party of one at ``level`` (set directly: levelling up is another command's work)."""
    state = HeroJoined(
        hero="Ava", might=1, agility=1, will=1, taunt=1, chips=6, wounded_chips=3
    ).apply(CampaignState())
    state = StepStarted(kind="scenario", scenario=scenario, arena=arena).apply(state)
    return msgspec.structs.replace(state, level=level)


@pytest.mark.parametrize(
    ("level", "outcome", "scenario_level", "arena", "gems"),
    [
        (4, "S1", 4, False, 1),
        (5, "s2", 5, False, 1),
        (4, "F1", 4, False, 0),  # not a success
        (4, None, 4, False, 0),
        (4, "S1", 3, False, 0),  # a level-3 scenario
        (4, "S1", None, False, 0),  # level not known
        (3, "S1", 4, False, 0),  # the party is below level 4
        (4, "S1", 4, True, 0),  # an Arena
    ],
)
def test_inspiration_for_a_successful_level_4_or_5_scenario(
    level: int, outcome: str | None, scenario_level: int | None, arena: bool, gems: int
) -> None:
    before = at_level(level, arena=arena)
    event = ScenarioEnded(outcome=outcome, scenario_level=scenario_level, xp=False)
    after = event.apply(before)
    assert after.heroes["Ava"].gems.inspiration == gems
    assert any("Inspiration gem" in note for note in event.notes(before, after)) == bool(gems)


def test_a_sixth_inspiration_gem_is_an_achievement_gem() -> None:
    before = at_level(4)
    ava = before.heroes["Ava"]
    full = msgspec.structs.replace(ava, gems=msgspec.structs.replace(ava.gems, inspiration=5))
    after = ScenarioEnded(outcome="S1", scenario_level=4).apply(before.with_hero(full))
    assert (after.heroes["Ava"].gems.inspiration, after.heroes["Ava"].gems.achievement) == (5, 1)


def test_the_cli_passes_the_scenario_level(party: Invoke) -> None:
    play(party, "19")
    party("scenario", "end", "--outcome", "S1", "--no-xp")
    assert json.loads(party("log", "--json").output)[-1]["payload"]["scenario_level"] == 4


def test_an_outcome_is_asked_for_so_none_is_forgotten(
    party: Invoke, invoke: Invoke, db_path: Path
) -> None:
    play(party, "4")
    refused = refuse(invoke, db_path, "scenario", "end", says="say how scenario 4 ended")
    assert "--outcome CODE" in refused
    assert "--no-outcome to record none" in refused
    refuse(invoke, db_path, "scenario", "end", "--outcome", "S1", "--no-outcome", says="not both")
    party("scenario", "end", "--no-outcome", "--xp")
    assert [o["outcome"] for o in party_json(party)["outcomes"]] == [""]  # none recorded
