"""Gems, Journals, XP and levels, Classes, skills, Professions and Talents (§6, §8.5, §9),
sessions and the sheets, through the CLI as a group would type them."""

from pathlib import Path
from typing import Any

import pytest

from tests.helpers.cli import Invoke, refuse, shown


@pytest.fixture
def level_two(party: Invoke) -> Invoke:
    """Zuva'Sai and Torrax at level 2, in a City step whose City Event is not resolved."""
    party("xp", "gain", "2")
    party("step", "city")
    return party


# §10.16 Gems caps


def test_10_16_a_sixth_inspiration_gem_is_an_achievement_gem(party: Invoke) -> None:
    party("gem", "gain", "Torrax", "achievement", "14")
    party("gem", "gain", "Torrax", "inspiration", "5")
    result = party("gem", "gain", "Torrax", "inspiration")
    assert "become Achievement gems" in result.output
    gems = shown(party, "hero", "show", "Torrax")["gems"]
    assert gems == {"achievement": 15, "inspiration": 5}


def test_10_16_a_sixteenth_achievement_gem_is_lost_and_the_event_says_so(party: Invoke) -> None:
    party("gem", "gain", "Torrax", "achievement", "15")
    result = party("gem", "gain", "Torrax", "achievement")
    assert "1 lost" in result.output
    assert shown(party, "hero", "show", "Torrax")["gems"]["achievement"] == 15
    entries = shown(party, "log")
    assert entries[-1]["payload"]["lost"] == 1
    assert "lost" in entries[-1]["description"]


def test_gems_are_spent_and_the_missing_ones_refused(
    party: Invoke, invoke: Invoke, db_path: Path
) -> None:
    party("gem", "gain", "Torrax", "achievement", "2")
    party("gem", "spend", "Torrax", "achievement")
    assert shown(party, "hero", "show", "Torrax")["gems"]["achievement"] == 1
    refuse(invoke, db_path, "gem", "spend", "Torrax", "achievement", "2", says="has 1")
    refuse(invoke, db_path, "gem", "spend", "Torrax", "inspiration", says="has 0 Inspiration")
    refuse(invoke, db_path, "gem", "gain", "Torrax", "achievement", "0", says="from 1", code=2)
    refuse(invoke, db_path, "gem", "gain", "Torrax", "achievement", "-2", says="from 1", code=2)


# §8.5 Journals and keywords


def test_keywords_cross_out_and_tally_in_party_and_hero_journals(party: Invoke) -> None:
    party("keyword", "add", "Moonsilver")
    party("keyword", "tally", "Bounties")  # absent: written first, then the first mark
    party("keyword", "tally", "Bounties")
    party("keyword", "add", "Moonsilver", "--hero", "Torrax")  # another journal: allowed
    party("keyword", "cross", "Moonsilver")
    sheet = shown(party, "party", "sheet")
    assert sheet["keywords"] == [
        {"word": "Moonsilver", "crossed": True, "tally": 0},
        {"word": "Bounties", "crossed": False, "tally": 2},
    ]
    torrax = shown(party, "hero", "sheet", "Torrax")
    assert torrax["keywords"] == [{"word": "Moonsilver", "crossed": False, "tally": 0}]
    assert "~~Moonsilver~~" in party("party", "sheet").output


def test_keyword_refusals(party: Invoke, invoke: Invoke, db_path: Path) -> None:
    party("keyword", "add", "Moonsilver")
    refuse(invoke, db_path, "keyword", "add", "moonsilver", says="never written twice")
    party("keyword", "cross", "Moonsilver")
    refuse(invoke, db_path, "keyword", "add", "Moonsilver", says="crossed out")
    refuse(invoke, db_path, "keyword", "cross", "Moonsilver", says="already crossed out")
    refuse(invoke, db_path, "keyword", "tally", "Moonsilver", says="no tally")
    refuse(invoke, db_path, "keyword", "cross", "Absent", "--hero", "Torrax", says="not in")
    refuse(invoke, db_path, "keyword", "add", "Bad\x00word", says="keyword")
    refuse(invoke, db_path, "keyword", "add", "X", "--hero", "Nobody", says="no Hero named")


def test_the_keyword_query_reads_hero_and_party_journals(ledger: Any) -> None:
    from ledger.rules.journal import has_keyword
    from ledger_base_game.events import HeroJoined, KeywordAdded, KeywordCrossed

    campaign = ledger.create_campaign("Q")
    stats = {"might": 1, "agility": 1, "will": 1, "taunt": 1, "chips": 5, "wounded_chips": 3}
    campaign.record([HeroJoined(hero="Venia", **stats), HeroJoined(hero="Jonai", **stats)])
    campaign.record([KeywordAdded(word="Lock picking", hero="Venia"), KeywordAdded(word="Tide")])
    state = campaign.state()
    assert has_keyword(state, "Venia", "lock picking")
    assert not has_keyword(state, "Jonai", "Lock picking")
    assert has_keyword(state, "Jonai", "Tide")  # the Party Journal counts for every Hero
    campaign.record([KeywordCrossed(word="Tide")])
    assert not has_keyword(campaign.state(), "Jonai", "Tide")


# §9 and §10.4 XP to level 2


def test_10_4_level_two_comes_at_the_start_of_the_next_city_step(party: Invoke) -> None:
    party("step", "scenario", "4")  # Twilight Watch shows the XP symbol
    party("scenario", "end", "--outcome", "S1")
    party("step", "city")
    party("city", "sleep", "Torrax", "Hideout", "--given-by", "212")
    party("city", "sleep", "Zuva'Sai", "Hideout", "--given-by", "212")
    party("step", "journey")
    party("step", "scenario", "6")  # so does The Vault of the Ancients
    party("scenario", "end", "--outcome", "F1")  # even as a failure: 1 XP
    assert shown(party, "party", "sheet")["level"] == 1  # not at the end of the scenario
    result = party("step", "city")
    assert "reaches level 2" in result.output
    assert "chooses a Class" in result.output
    torrax = shown(party, "hero", "show", "Torrax")
    assert torrax["level"] == 2
    assert torrax["stamina"]["unspent"] == 11  # a new Vitality disk with one more chip
    before = shown(party, "hero", "show", "Torrax", "--at", "city-2")
    assert before["level"] == 2  # the level belongs to the City step's start


THRESHOLDS = [(1, 1), (2, 2), (4, 2), (5, 3), (8, 3), (9, 4), (13, 4), (14, 5), (30, 5)]


@pytest.mark.parametrize(("xp", "level"), THRESHOLDS)
def test_cumulative_thresholds(party: Invoke, xp: int, level: int) -> None:
    party("xp", "gain", str(xp))
    party("step", "city")  # every level the XP has reached, at once
    assert shown(party, "party", "sheet")["level"] == level
    assert shown(party, "hero", "show", "Torrax")["stamina"]["unspent"] == 10 + level - 1


def test_level_four_gives_an_inspiration_gem_with_its_caps_recorded(party: Invoke) -> None:
    party("gem", "gain", "Torrax", "inspiration", "5")
    party("gem", "gain", "Torrax", "achievement", "15")
    party("xp", "gain", "8")
    party("step", "city")
    assert shown(party, "hero", "show", "Zuva'Sai")["gems"]["inspiration"] == 0  # level 3
    party("step", "journey")
    party("step", "scenario", "4")  # its XP symbol: the 9th XP
    party("scenario", "end", "--no-outcome")
    result = party("step", "city")
    assert "reaches level 4" in result.output
    assert shown(party, "hero", "show", "Zuva'Sai")["gems"]["inspiration"] == 1
    torrax_gem = [e for e in shown(party, "log") if e["hero"] == "Torrax"][-1]
    assert torrax_gem["payload"] == {
        "type": "base:gems-gained",
        "hero": "Torrax",
        "kind": "inspiration",
        "count": 1,
        "converted": 1,
        "lost": 1,
    }


def test_a_hero_joining_later_has_the_chips_of_the_party_level(party: Invoke) -> None:
    party("xp", "gain", "5")
    party("step", "city")
    party("hero", "add", "Venia", "--might", "1", "--agility", "3", "--will", "2", "--taunt",
          "3", "--wounded-chips", "4")  # fmt: skip
    assert shown(party, "hero", "show", "Venia")["stamina"]["unspent"] == 7 + 2


def test_gem_payloads_must_agree_with_the_caps(ledger: Any) -> None:
    from ledger.errors import RuleViolation
    from ledger_base_game.events import GemsGained, HeroJoined

    campaign = ledger.create_campaign("G")
    stats = {"might": 1, "agility": 1, "will": 1, "taunt": 1, "chips": 5, "wounded_chips": 3}
    campaign.record([HeroJoined(hero="Venia", **stats)])
    with pytest.raises(RuleViolation, match="lose 1"):
        campaign.record([GemsGained(hero="Venia", kind="achievement", count=16)])
    with pytest.raises(RuleViolation, match="the event says 0 and 1"):
        campaign.record([GemsGained(hero="Venia", kind="achievement", count=1, lost=1)])
    assert campaign.head().seq == 2


def test_a_level_cannot_be_gained_unearned_or_outside_a_city_step(ledger: Any) -> None:
    from ledger.errors import RuleViolation
    from ledger_base_game.events import LevelGained, StepStarted, XpGained

    campaign = ledger.create_campaign("L")
    with pytest.raises(RuleViolation, match="start of a City step"):
        campaign.record([XpGained(amount=2), LevelGained(level=2)])
    with pytest.raises(RuleViolation, match="needs 2 XP"):
        campaign.record([StepStarted(kind="city"), LevelGained(level=2)])
    with pytest.raises(RuleViolation, match="next level is 2"):
        campaign.record([XpGained(amount=5), StepStarted(kind="city"), LevelGained(level=3)])
    assert campaign.head().seq == 1


# Classes, skills, Professions, Talents


def test_class_and_skills_follow_the_level(
    level_two: Invoke, invoke: Invoke, db_path: Path
) -> None:
    refuse(invoke, db_path, "skill", "learn", "Torrax", "Stone Skin", says="no Class yet")
    refuse(invoke, db_path, "class", "choose", "Torrax", "Witch", says="Guardian and Geomancer")
    level_two("class", "choose", "Torrax", "geomancer")
    assert shown(level_two, "hero", "show", "Torrax")["class"] == "Geomancer"
    refuse(invoke, db_path, "class", "choose", "Torrax", "Guardian", says="permanent")
    level_two("skill", "learn", "Torrax", "Molten Joints")
    refuse(invoke, db_path, "skill", "learn", "Torrax", "Stone Skin", says="knows 1 Class skill")
    refuse(invoke, db_path, "skill", "learn", "Torrax", "Molten Joints", says="already learned")
    sheet = shown(level_two, "hero", "sheet", "Torrax")
    assert (sheet["class"], sheet["skills"]) == ("Geomancer", ["Molten Joints"])


def test_no_class_or_profession_at_level_one(party: Invoke, invoke: Invoke, db_path: Path) -> None:
    party("step", "city")
    party("stars", "gain", "Torrax", "10")
    refuse(invoke, db_path, "class", "choose", "Torrax", "Guardian", says="level 2")
    refuse(
        invoke, db_path, "profession", "learn", "Torrax", "Streetwise", "--points", "0",
        says="from level 2",
    )  # fmt: skip
    refuse(invoke, db_path, "profession", "learn", "Torrax", "Mining", says="unknown Profession")


def test_professions_are_learned_in_a_city_step_only(
    level_two: Invoke, invoke: Invoke, db_path: Path
) -> None:
    level_two("step", "journey")
    refuse(
        invoke, db_path, "profession", "learn", "Torrax", "Streetwise", "--points", "0",
        "--stars", "0", says="in a City step",
    )  # fmt: skip


def test_a_profession_needs_the_city_event_its_price_and_is_one_per_hero(
    level_two: Invoke, invoke: Invoke, db_path: Path
) -> None:
    level_two("stars", "gain", "Torrax", "20")
    refuse(
        invoke, db_path, "profession", "learn", "Torrax", "Streetwise", says="after its City Event"
    )
    level_two("profession", "learn", "Torrax", "Streetwise", "--points", "0")
    torrax = shown(level_two, "hero", "show", "Torrax")
    assert (torrax["profession"], torrax["talents"]) == ("Streetwise", ["Hideout: The Pit"])
    assert torrax["stars"] == 15  # 5 Stars at level 2 (§9.3, secondary)
    refuse(
        invoke, db_path, "profession", "learn", "Torrax", "Alchemy", "--points", "0",
        says="already has a Profession",
    )  # fmt: skip
    refuse(
        invoke, db_path, "profession", "learn", "Zuva'Sai", "Streetwise", "--points", "0",
        "--stars", "0", says="one Hero only",
    )  # fmt: skip
    refuse(
        invoke, db_path, "profession", "learn", "Zuva'Sai", "Alchemy", "--points", "0",
        says="has only 0 Stars",
    )  # fmt: skip


def test_talents_belong_to_the_profession_and_the_master_needs_all_five(
    level_two: Invoke, invoke: Invoke, db_path: Path
) -> None:
    level_two("profession", "learn", "Torrax", "Streetwise", "--points", "0", "--stars", "0")
    refuse(invoke, db_path, "talent", "learn", "Torrax", "Mining", says="Runesmithing Talent")
    refuse(invoke, db_path, "talent", "learn", "Torrax", "Burglary", says="City Event")
    for talent in ("Pickpocket", "Haggle", "Burglary"):
        level_two("talent", "learn", "Torrax", talent, "--points", "0")
    refuse(
        invoke, db_path, "talent", "learn", "Torrax", "Burglary", "--points", "0",
        says="already has",
    )  # fmt: skip
    refuse(
        invoke, db_path, "talent", "learn", "Torrax", "True Mercenary", "--points", "0",
        "--stars", "0", says="from level 3",
    )  # fmt: skip
    assert shown(level_two, "hero", "show", "Torrax")["talents"] == [
        "Hideout: The Pit",
        "Pickpocket",
        "Haggle",
        "Burglary",
    ]


def test_the_master_talent_needs_all_five_basic_ones(
    party: Invoke, invoke: Invoke, db_path: Path
) -> None:
    party("xp", "gain", "5")
    party("step", "city")  # level 3: Master Talents are sold
    party("profession", "learn", "Torrax", "Streetwise", "--points", "0", "--stars", "0")
    for talent in ("Pickpocket", "Haggle", "Burglary"):
        party("talent", "learn", "Torrax", talent, "--points", "0")
    master = ("talent", "learn", "Torrax", "True Mercenary", "--points", "0", "--stars", "0")
    refuse(invoke, db_path, *master, says="needs all 5 basic Talents")
    party("talent", "learn", "Torrax", "Perception", "--points", "0")
    party(*master)
    assert shown(party, "hero", "show", "Torrax")["talents"][-1] == "True Mercenary"
    refuse(invoke, db_path, *master, says="already has")


# Sessions, replay and the sheets


def test_sessions_tell_their_own_events(party: Invoke, invoke: Invoke, db_path: Path) -> None:
    party("session", "start")
    party("damage", "Torrax", "3")
    party("session", "end")
    party("stars", "gain", "Torrax", "4")  # between sessions
    party("session", "start")
    party("keyword", "add", "Ferry")
    party("undo")
    party("gem", "gain", "Torrax", "achievement")
    first = shown(party, "log", "--session", "1")
    assert [e["type"] for e in first] == [
        "ledger:session-started",
        "base:damage-taken",
        "ledger:session-ended",
    ]
    story = party("replay", "--session", "2").output
    assert "Ferry" in story
    assert "later undone" in story
    assert "gems 1 achievement" in story
    assert "Stars" not in story  # the Stars came between the sessions
    told = shown(party, "replay", "--session", "1")["events"]
    assert any("wound" in line for e in told for line in e["changes"])
    refuse(invoke, db_path, "session", "start", says="still open")
    refuse(invoke, db_path, "replay", "--session", "3", says="there is no session 3")
    party("session", "end")
    refuse(invoke, db_path, "session", "end", says="no play session is open")


def test_an_undone_session_start_is_not_a_session(
    party: Invoke, invoke: Invoke, db_path: Path
) -> None:
    party("session", "start")
    party("undo")
    party("session", "start")
    party("damage", "Torrax", "1")
    assert [e["type"] for e in shown(party, "log", "--session", "1")][-1] == "base:damage-taken"
    refuse(invoke, db_path, "log", "--session", "2", says="has 1 session")


def test_replay_tells_what_an_undo_changed(party: Invoke) -> None:
    party("session", "start")
    party("damage", "Torrax", "3")
    party("session", "end")
    party("session", "start")
    party("undo", "--command", str(shown(party, "log", "--session", "1")[1]["seq"]))
    second = shown(party, "replay", "--session", "2")["events"]
    undo = next(e for e in second if e["type"] == "ledger:undone")
    assert any("Torrax" in line and "3 wound" in line for line in undo["changes"])


def test_keywords_match_whatever_the_unicode_form(
    party: Invoke, invoke: Invoke, db_path: Path
) -> None:
    party("keyword", "add", "Caf\u00e9  Noir")
    refuse(invoke, db_path, "keyword", "add", "Cafe\u0301 noir", says="never written twice")


def test_sheets_at_an_earlier_point(party: Invoke) -> None:
    party("keyword", "add", "Ferry")
    mark = shown(party, "log")[-1]["seq"]
    party("keyword", "cross", "Ferry")
    earlier = shown(party, "party", "sheet", "--at", str(mark))
    assert earlier["keywords"] == [{"word": "Ferry", "crossed": False, "tally": 0}]
    assert set(earlier) >= {"level", "xp", "scenarios", "keywords", "stock", "archive"}
    text = party("hero", "sheet", "Torrax", "--at", str(mark)).output
    assert "Hero sheet — Torrax" in text


@pytest.mark.parametrize(
    ("event", "says"),
    [
        ({"type": "profession", "profession": "Basket Weaving", "talent": "Knots"}, "Profession"),
        ({"type": "profession", "profession": "Streetwise", "talent": "Haggle"}, "comes with"),
        ({"type": "talent", "talent": "Mining"}, "Runesmithing Talent"),
        ({"type": "talent", "talent": "True Mercenary"}, "the Master Talent"),
        ({"type": "class", "hero_class": "Wizard of Oz"}, "chooses between"),
    ],
)
def test_names_built_through_the_api_are_checked_against_the_content(
    ledger: Any, event: dict[str, str], says: str
) -> None:
    """The fold has no content; the base game's validator checks names against every
    loaded plugin's (a Hero joined without its Class list is still held to it)."""
    from ledger.hosting import Vetoed
    from ledger_base_game.events import (
        ClassChosen,
        HeroJoined,
        LevelGained,
        ProfessionLearned,
        StepStarted,
        TalentLearned,
        XpGained,
    )

    campaign = ledger.create_campaign("V")
    stats = {"might": 1, "agility": 1, "will": 1, "taunt": 1, "chips": 5, "wounded_chips": 3}
    campaign.record([HeroJoined(hero="Jonai", **stats)])
    campaign.record([XpGained(amount=5), StepStarted(kind="city")])
    campaign.record([LevelGained(level=2), LevelGained(level=3)])
    kind = event.pop("type")
    if kind == "talent":
        campaign.record(
            [ProfessionLearned(hero="Jonai", profession="Streetwise", talent="Hideout: The Pit")]
        )
    built = {"profession": ProfessionLearned, "talent": TalentLearned, "class": ClassChosen}[kind]
    before = campaign.head().seq
    with pytest.raises(Vetoed, match=says):
        campaign.record([built(hero="Jonai", **event)])
    assert campaign.head().seq == before
