"""The City step (§8.1): the worked examples §10.5, §10.7 and §10.8 through the CLI, services
with their costs, sleeping, and every refusal (exit 1, nothing written)."""

import json
from pathlib import Path

import pytest

from tests.helpers.cli import Invoke, hero, refuse, resolved_city


def cap(run: Invoke, name: str, *at: str) -> int:
    return int(hero(run, name, *at)["city_points"])


def test_10_5_work_on_the_docks(party: Invoke) -> None:
    run = resolved_city(party)
    assert cap(run, "Torrax") == 2
    run("city", "activity", "Torrax", "Work on the docks")
    torrax = hero(run, "Torrax")
    assert (torrax["city_points"], torrax["stars"]) == (1, 2)
    run("city", "sleep", "Torrax", "Hideout", "--given-by", "212")
    run("step", "journey")
    assert cap(run, "Torrax") == 0  # the leftover point is discarded
    assert cap(run, "Torrax", "--at", "city-1:end") == 1
    earlier = json.loads(run("city", "show", "--at", "city-1:end", "--json").output)
    assert earlier["heroes"]["Torrax"] == {"city_points": 1, "sleeps": "Hideout"}
    assert earlier["event_resolved"] is True
    assert json.loads(run("city", "show", "--json").output) is None  # the Journey step now


def test_10_5_points_cannot_be_spent_before_the_city_event(
    party: Invoke, invoke: Invoke, db_path: Path
) -> None:
    party("step", "city")
    refuse(
        invoke,
        db_path,
        "city",
        "activity",
        "Torrax",
        "Work on the docks",
        says="only be spent after the City Event is resolved",
    )
    assert cap(party, "Torrax") == 0


def test_points_run_out(party: Invoke, invoke: Invoke, db_path: Path) -> None:
    run = resolved_city(party)
    run("city", "activity", "Torrax", "Work on the docks")
    run("city", "activity", "Torrax", "Work on the docks")
    refuse(invoke, db_path, "city", "activity", "Torrax", "Work on the docks", says="has 0")
    assert hero(run, "Torrax")["stars"] == 4


def test_the_city_event_is_resolved_once_and_only_in_a_city_step(
    party: Invoke, invoke: Invoke, db_path: Path
) -> None:
    refuse(invoke, db_path, "city", "event-resolved", says="only happens in the City step")
    party("step", "city")
    party("city", "event-resolved")
    refuse(invoke, db_path, "city", "event-resolved", says="already been resolved")


@pytest.mark.parametrize(("pay", "cap_left", "stars_left"), [("--points", 1, 5), ("--stars", 2, 2)])
def test_10_7_heal_injury_for_a_point_or_three_stars(
    party: Invoke, pay: str, cap_left: int, stars_left: int
) -> None:
    party("injury", "draw", "Torrax", "Broken Ribs")
    run = resolved_city(party)
    run("stars", "gain", "Torrax", "5")
    amount = "1" if pay == "--points" else "3"
    healed = run("city", "activity", "Torrax", "Heal Injury", pay, amount)
    assert "discards Injury Broken Ribs" in healed.output
    torrax = hero(run, "Torrax")
    assert torrax["injuries"] == []
    assert (torrax["city_points"], torrax["stars"]) == (cap_left, stars_left)


def test_heal_injury_refusals(party: Invoke, invoke: Invoke, db_path: Path) -> None:
    run = resolved_city(party)
    run("stars", "gain", "Torrax", "9")
    heal = ("city", "activity", "Torrax", "Heal Injury")
    refuse(invoke, db_path, *heal, "--stars", "3", says="Injury cards: none")
    run("injury", "draw", "Torrax", "Battered")
    refuse(invoke, db_path, *heal, says="1 CAP or 3 Stars; say which")
    refuse(invoke, db_path, *heal, "--stars", "2", says="not 2 Stars")
    run("injury", "draw", "Torrax", "Strained")
    refuse(invoke, db_path, *heal, "--stars", "3", says="--injury")
    refuse(invoke, db_path, *heal, "--stars", "3", "--injury", "Lacerated", says="no Injury card")
    run(*heal, "--stars", "3", "--injury", "strained")
    assert hero(run, "Torrax")["injuries"] == ["Battered"]


def test_10_8_sleeping_rough_costs_two_stamina_carried_into_the_scenario(party: Invoke) -> None:
    party("step", "city")
    party("stamina", "spend", "Zuva'Sai", "7")  # 1 chip left: the shortfall becomes damage
    party("city", "sleep", "Torrax", "Hideout", "--given-by", "212")
    ended = party("step", "journey")
    assert "Zuva'Sai found no place to sleep and loses 2 stamina" in ended.output
    assert "Torrax found no place" not in ended.output
    party("step", "scenario", "4")
    zuva, torrax = hero(party, "Zuva'Sai"), hero(party, "Torrax")
    assert (zuva["stamina"]["unspent"], zuva["stamina"]["spent"], zuva["stamina"]["wound"]) == (
        0,
        7,
        1,
    )
    assert torrax["stamina"]["unspent"] == 10


def test_renting_a_room_is_a_place_to_sleep(party: Invoke) -> None:
    party("step", "city")
    party("stars", "gain", "Torrax", "2")
    # Stars only: allowed before the City Event; at level 1 the Campaign Book's cost is given
    party("city", "activity", "Torrax", "Rent a room", "--stars", "2")
    assert hero(party, "Torrax")["sleeps"] == "The Ravenous Guivren"
    shown = json.loads(party("city", "show", "--json").output)
    assert shown["heroes"]["Torrax"] == {"city_points": 0, "sleeps": "The Ravenous Guivren"}
    party("step", "journey")
    torrax = hero(party, "Torrax")
    assert (torrax["stars"], torrax["stamina"]["unspent"], torrax["sleeps"]) == (0, 10, None)


def test_an_unknown_activity_takes_its_costs_and_effects_from_the_options(
    party: Invoke, invoke: Invoke, db_path: Path
) -> None:
    run = resolved_city(party)
    run("damage", "Torrax", "3")
    args = ("city", "activity", "Torrax", "Hot spring", "--points", "2", "--heal", "2")
    run(*args)
    torrax = hero(run, "Torrax")
    assert (torrax["city_points"], torrax["stamina"]["wound"]) == (0, 1)
    refuse(invoke, db_path, *args, says="has 0 City Activity points")
    log = json.loads(run("log", "--json").output)
    assert log[-1]["payload"]["activity"] == "Hot spring"


def test_variable_gains_and_level_dependent_costs_must_be_given(
    party: Invoke, invoke: Invoke, db_path: Path
) -> None:
    run = resolved_city(party)
    fish = ("city", "activity", "Torrax", "Fish in the river")
    refuse(invoke, db_path, *fish, says="level-2 cost")  # the party is level 1
    refuse(invoke, db_path, *fish, "--points", "1", says="--gain-stars")
    run(*fish, "--points", "1", "--gain-stars", "2")
    docks = ("city", "activity", "Torrax", "Work on the docks")
    refuse(invoke, db_path, *docks, "--gain-stars", "5", says="gives 2 Stars")
    refuse(invoke, db_path, *docks, "--points", "2", says="not 2 CAP")
    assert hero(run, "Torrax")["stars"] == 2


@pytest.mark.parametrize("step", [("step", "journey"), ("step", "scenario", "4")])
def test_city_commands_outside_the_city_step(
    party: Invoke, invoke: Invoke, db_path: Path, step: tuple[str, ...]
) -> None:
    party(*step)
    refuse(
        invoke,
        db_path,
        *("city", "sleep", "Torrax", "Inn", "--given-by", "212"),
        says="only happens in the City step",
    )
    refuse(
        invoke, db_path, "city", "activity", "Torrax", "Rent a room", "--stars", "2", says="City"
    )


def test_city_view_in_text(party: Invoke) -> None:
    assert "not in a City step" in party("city").output
    party("step", "city")
    shown = party("city").output
    assert "not resolved yet" in shown
    assert "Torrax       0 CAP" in shown
    assert "Sleeps at   no place yet" in party("hero", "show", "Torrax").output
