"""Once per scenario marked in the data (seed: "a once per scenario effect", decided before the
roll): an item (`once_per_scenario = true` in items.toml or a pack's `[[item]]`) or a Talent
whose modifier a check counts is used up for the Hero until the scenario ends, without the
player declaring it; outside a scenario nothing is used up, and an item the data leaves
unmarked is not limited at all."""

import json
import re
from pathlib import Path

import pytest

from tests.helpers.cli import Invoke, hero, refuse, resolved_city
from tests.helpers.files import pack

CHARM = """\
[[item]]
name = "Lucky Charm"
phrases = ["Luck"]
once_per_scenario = true

[[item]]
name = "Rabbit's Foot"
phrases = ["Luck"]
"""

USED = "Torrax has used Lucky Charm in this scenario; it is usable once per scenario"


def check(run: Invoke, *args: str) -> str:
    """What the check says it used once per scenario (its output, as the player reads it)."""
    told = run("check", *args).output
    return ", ".join(re.findall(r"; ([^;]+?) \(once per scenario\)", told))


@pytest.fixture
def charmed(party: Invoke, tmp_path: Path) -> Invoke:
    """Torrax carries the Lucky Charm (once per scenario) and Zuva'Sai another copy."""
    party("content", "add", pack(tmp_path, CHARM))
    party("item", "gain", "Torrax", "Lucky Charm")
    party("item", "gain", "Zuva'Sai", "Lucky Charm")
    return party


def test_an_item_marked_once_per_scenario_is_used_up_by_the_first_check_that_counts_it(
    charmed: Invoke, invoke: Invoke, db_path: Path
) -> None:
    charmed("step", "scenario", "4")
    made = charmed(
        "check", "Torrax", "will", "2", "--roll", "1 1", "--modifier", "+1:item=Lucky Charm"
    )
    assert "Lucky Charm (once per scenario)" in made.output
    charmed("scenario", "round")
    refuse(
        invoke, db_path,
        *("check", "Torrax", "will", "2", "--roll", "1 1", "--modifier", "+1:item=lucky charm"),
        says=USED,
    )  # fmt: skip
    refuse(  # the same card counted through its phrase is the same effect
        invoke, db_path,
        *("check", "Torrax", "will", "2", "--roll", "1 1", "--modifier", "+1:phrase=Luck"),
        says=USED,
    )  # fmt: skip
    assert check(charmed, "Torrax", "will", "1", "--roll", "1 1") == ""  # does not count it
    zuva = check(
        charmed, "Zuva'Sai", "will", "2", "--roll", "1 1 1 1", "--modifier", "+1:phrase=Luck"
    )
    assert zuva == "Lucky Charm"  # her own copy, her own scenario use
    charmed("scenario", "end", "--outcome", "S1")
    charmed("step", "city")
    charmed("step", "journey")
    charmed("step", "scenario", "5")
    again = check(
        charmed, "Torrax", "will", "2", "--roll", "1 1", "--modifier", "+1:item=Lucky Charm"
    )
    assert again == "Lucky Charm"


def test_outside_a_scenario_a_marked_item_is_not_used_up(charmed: Invoke) -> None:
    for _ in range(2):
        city = check(
            charmed, "Torrax", "will", "2", "--roll", "1 1", "--modifier", "+1:item=Lucky Charm"
        )
        assert city == ""


def test_an_unmarked_item_and_a_modifier_that_does_not_apply_use_nothing(
    party: Invoke, tmp_path: Path
) -> None:
    party("content", "add", pack(tmp_path, CHARM))
    party("item", "gain", "Torrax", "Rabbit's Foot")
    party("step", "scenario", "4")
    foot = ("--modifier", "+1:item=Rabbit's Foot")
    assert check(party, "Torrax", "will", "2", "--roll", "1 1", *foot) == ""
    party("scenario", "round")
    assert check(party, "Torrax", "will", "2", "--roll", "1 1", *foot) == ""  # not refused
    missed = check(
        party, "Torrax", "will", "1", "--roll", "1 1", "--modifier", "+1:item=Lucky Charm"
    )
    assert missed == ""  # not carried: the modifier does not apply, nothing is used


def test_a_pack_marks_a_base_game_item_and_a_discard_counts_it(
    party: Invoke, tmp_path: Path, invoke: Invoke, db_path: Path
) -> None:
    """The base game leaves every item unmarked; a pack fills the mark in (no override)."""
    party(
        "content",
        "add",
        pack(tmp_path, '[[item]]\nname = "Star Lotus token"\nonce_per_scenario = true\n'),
    )
    shown = json.loads(
        party("content", "show", "item", "--name", "Star Lotus token", "--json").output
    )
    assert shown["cards"][0]["values"]["once_per_scenario"] == {"value": True, "from": "cards.toml"}
    party("item", "gain", "Torrax", "Star Lotus token")
    party("item", "gain", "Torrax", "Star Lotus token")
    assert "once_per_scenario" not in json.dumps(hero(party, "Torrax"))  # the copy is as before
    party("step", "scenario", "4")
    lotus = ("--discard", "Star Lotus token", "--modifier", "+1:discard=Star Lotus token")
    used = check(party, "Torrax", "will", "2", "--roll", "1 1", *lotus)
    assert used == "Star Lotus token"
    party("scenario", "round")
    refuse(
        invoke, db_path, "check", "Torrax", "will", "2", "--roll", "1 1", *lotus,
        says="Torrax has used Star Lotus token in this scenario",
    )  # fmt: skip
    assert len(hero(party, "Torrax")["items"]) == 1  # the refused discard wrote nothing


def test_a_talent_marked_once_per_scenario_counts_through_its_phrase(
    party: Invoke, tmp_path: Path, invoke: Invoke, db_path: Path
) -> None:
    party("xp", "gain", "2")
    resolved_city(party)
    party("stars", "gain", "Torrax", "30")
    hideout = (
        '[[talent]]\nname = "Hideout: The Pit"\nphrases = ["Hiding"]\nonce_per_scenario = true\n'
    )
    party("content", "add", pack(tmp_path, hideout))
    party("profession", "learn", "Torrax", "Streetwise")
    party("step", "journey")
    party("step", "scenario", "4")
    hiding = ("--modifier", "+1:phrase=Hiding")
    made = check(party, "Torrax", "will", "2", "--roll", "1 1", *hiding)
    assert made == "Hideout: The Pit"
    party("scenario", "round")
    refuse(
        invoke, db_path, "check", "Torrax", "will", "2", "--roll", "1 1", *hiding,
        says="Torrax has used Hideout: The Pit in this scenario",
    )  # fmt: skip
