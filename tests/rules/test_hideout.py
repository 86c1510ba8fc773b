"""A Hideout (Streetwise "Hideout: The Pit"): a place to sleep for its Hero (§8.1) and a
stash of 1 item or 10 Stars (§7.1); `city sleep` accepts only the places a Hero can use."""

import json
import re
from pathlib import Path

import pytest

from tests.helpers.cli import Invoke, hero, party_json, refuse, resolved_city
from tests.helpers.console import script
from tests.helpers.terminal import on_terminal


@pytest.fixture
def streetwise(party: Invoke) -> Invoke:
    """Level 2, the City Event resolved, Torrax Streetwise (his Hideout is The Pit)."""
    party("xp", "gain", "2")
    resolved_city(party)
    party("stars", "gain", "Torrax", "30")
    party("profession", "learn", "Torrax", "Streetwise")
    return party


def test_a_hideout_is_a_place_to_sleep_for_its_hero(streetwise: Invoke) -> None:
    streetwise("city", "sleep", "Zuva'Sai", "Barn", "--given-by", "212")
    ended = streetwise("step", "journey")
    assert "Torrax will sleep in their Hideout, The Pit" in ended.output
    assert "Torrax found no place" not in ended.output
    assert hero(streetwise, "Torrax")["stamina"]["spent"] == 0  # not rough (§8.1)
    assert hero(streetwise, "Zuva'Sai")["stamina"]["spent"] == 0


def test_without_a_hideout_the_night_is_rough(party: Invoke) -> None:
    resolved_city(party)
    ended = party("step", "journey")
    assert "Torrax found no place to sleep and loses 2 stamina" in ended.output
    assert hero(party, "Torrax")["stamina"]["spent"] == 2


def test_the_hideout_chosen_by_name(streetwise: Invoke) -> None:
    told = streetwise("city", "sleep", "Torrax", "the pit")
    assert "Torrax will sleep in their Hideout, The Pit" in told.output
    assert (
        json.loads(streetwise("city", "show", "--json").output)["heroes"]["Torrax"]["sleeps"]
        == "The Pit"
    )


def test_a_place_the_hero_cannot_use_is_refused_naming_those_they_can(
    streetwise: Invoke, invoke: Invoke, db_path: Path
) -> None:
    said = refuse(invoke, db_path, "city", "sleep", "Zuva'Sai", "The Pit", says="cannot sleep")
    assert "`Rent a room` at The Ravenous Guivren" in said
    assert "--given-by ENTRY" in said
    said = refuse(invoke, db_path, "city", "sleep", "Torrax", "Inn", says="cannot sleep")
    assert "The Pit (their Hideout)" in said
    refuse(
        invoke,
        db_path,
        *("city", "sleep", "Zuva'Sai", "The Ravenous Guivren"),
        says="Rent a room",
    )
    refuse(
        invoke,
        db_path,
        *("city", "sleep", "Torrax", "The Pit", "--given-by", "212"),
        says="is Torrax's Hideout",
    )


def test_a_place_a_story_entry_gives_is_recorded_as_given(streetwise: Invoke) -> None:
    told = streetwise("city", "sleep", "Zuva'Sai", "Old Marta's barn", "--given-by", "212")
    assert "Zuva'Sai will sleep at Old Marta's barn (212)" in told.output


def test_the_stash_holds_one_item(streetwise: Invoke, invoke: Invoke, db_path: Path) -> None:
    streetwise("item", "gain", "Torrax", "Sword", "--value", "3")
    streetwise("item", "gain", "Torrax", "Rope", "--value", "1")
    streetwise("city", "stash", "Torrax", "sword")
    torrax = hero(streetwise, "Torrax")
    assert torrax["stash"] == {"items": ["Sword"], "stars": 0}
    assert "Sword" not in torrax["items"]
    said = refuse(invoke, db_path, "city", "stash", "Torrax", "Rope", says="already holds Sword")
    assert "1 item or 10 Stars" in said
    refuse(invoke, db_path, "city", "stash", "Torrax", "--stars", "1", says="not both")
    streetwise("step", "journey")
    assert hero(streetwise, "Torrax")["stash"]["items"] == ["Sword"]  # kept between steps
    refuse(invoke, db_path, "city", "retrieve", "Torrax", "Sword", says="only happens in the City")
    streetwise("step", "scenario", "7")
    streetwise("scenario", "end", "--outcome", "S1", "--no-xp")
    resolved_city(streetwise)
    streetwise("city", "retrieve", "Torrax", "Sword")
    torrax = hero(streetwise, "Torrax")
    assert "stash" not in torrax  # empty again: shown only while it holds something
    assert torrax["items"].count("Sword") == 1


def test_the_stash_holds_ten_stars(streetwise: Invoke, invoke: Invoke, db_path: Path) -> None:
    stars = hero(streetwise, "Torrax")["stars"]
    streetwise("city", "stash", "Torrax", "--stars", "6")
    streetwise("city", "stash", "Torrax", "--stars", "4")
    assert hero(streetwise, "Torrax")["stars"] == stars - 10
    refuse(invoke, db_path, "city", "stash", "Torrax", "--stars", "1", says="at most 10")
    streetwise("item", "gain", "Torrax", "Rope", "--value", "1")
    refuse(invoke, db_path, "city", "stash", "Torrax", "Rope", says="not both")
    refuse(invoke, db_path, "city", "retrieve", "Torrax", "--stars", "11", says="not 11 Stars")
    streetwise("city", "retrieve", "Torrax", "--stars", "10")
    assert hero(streetwise, "Torrax")["stars"] == stars


def test_who_and_what_may_use_a_stash(streetwise: Invoke, invoke: Invoke, db_path: Path) -> None:
    streetwise("item", "gain", "Zuva'Sai", "Rope", "--value", "1")
    refuse(invoke, db_path, "city", "stash", "Zuva'Sai", "Rope", says="has no Hideout")
    streetwise("item", "gain", "Torrax", "Seal", "--quest")
    refuse(invoke, db_path, "city", "stash", "Torrax", "Seal", says="Quest item")
    refuse(invoke, db_path, "city", "stash", "Torrax", says="name an ITEM or give --stars")
    refuse(invoke, db_path, "city", "stash", "Torrax", "Seal", "--stars", "2", says="one of them")
    refuse(invoke, db_path, "city", "retrieve", "Torrax", "Sword", says="holds no 'Sword'")
    streetwise("stars", "spend", "Torrax", str(hero(streetwise, "Torrax")["stars"] - 5))
    refuse(invoke, db_path, "city", "stash", "Torrax", "--stars", "9", says="has only 5")


def test_the_stash_at_a_point_in_time_and_on_the_sheets(streetwise: Invoke) -> None:
    before = str(party_json(streetwise)["at"])
    streetwise("city", "stash", "Torrax", "--stars", "5")
    assert "stash" not in hero(streetwise, "Torrax", "--at", before)
    assert hero(streetwise, "Torrax")["stash"]["stars"] == 5
    assert "Hideout     5 Stars" in streetwise("hero", "show", "Torrax").output
    assert "Hideout     5 Stars" in streetwise("hero", "sheet", "Torrax").output


def test_city_sleep_and_stash_on_a_terminal_and_piped(streetwise: Invoke, db_path: Path) -> None:
    status, drawn = on_terminal(db_path, "city", "stash", "--help")
    plain = re.sub(r"\x1b\[[0-9;]*m", "", drawn)
    assert status == 0
    assert "1 item or 10 Stars" in plain
    assert "--stars" in plain
    status, drawn = on_terminal(db_path, "city", "sleep", "Zuva'Sai", "Inn")
    assert status == 1
    assert "cannot sleep at" in drawn
    assert "Traceback" not in drawn
    done = script(db_path, "city", "sleep", "--help")
    assert done.returncode == 0
    assert "--given-by ENTRY" in done.stdout
    done = script(db_path, "city", "stash", "Torrax", "--stars", "3")
    assert done.returncode == 0
    assert "Torrax keeps 3 Stars in their Hideout" in done.stdout
    assert "\x1b[" not in done.stdout
    status, drawn = on_terminal(db_path, "city", "retrieve", "Torrax", "--stars", "3")
    assert status == 0
    assert "Torrax takes 3 Stars from their Hideout" in drawn
