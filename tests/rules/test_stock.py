"""Items, Stars, the Stock and the Archive (§7.2, §7.3): the worked examples §10.6, §10.9 and
§10.10 through the CLI, and every refusal (exit 1, nothing written)."""

from pathlib import Path
from typing import Any

import pytest

from tests.helpers.cli import Invoke, hero, party_json, refuse


def test_10_6_buying_a_sword_moves_the_archive_copies_to_the_stock(party: Invoke) -> None:
    party("stock", "add", "Sword", "--archive", "--count", "2")
    party("step", "city")
    party("stars", "gain", "Torrax", "15")
    bought = party("item", "buy", "Torrax", "Sword", "--price", "12")
    assert "2 copies moved from the Archive to the Stock" in bought.output
    torrax = hero(party, "Torrax")
    assert torrax["stars"] == 3
    assert torrax["items"] == ["Sword"]
    shown = party_json(party)
    assert shown["stock"] == {"Sword": 1}  # the other copy, now for sale
    assert shown["archive"] == {}
    text = party("party", "show").output
    assert "Stock     Sword" in text
    assert "Archive   empty" in text
    assert "Archive   Sword ×2" in party("party", "show", "--at", "4").output


def test_buying_needs_the_stars_and_a_copy(party: Invoke, invoke: Invoke, db_path: Path) -> None:
    party("step", "city")
    party("stars", "gain", "Torrax", "11")
    refuse(invoke, db_path, "item", "buy", "Torrax", "Sword", "--price", "12", says="no copy")
    party("stock", "add", "Sword")
    refuse(invoke, db_path, "item", "buy", "Torrax", "Sword", "--price", "12", says="only 11")
    assert party_json(party)["stock"] == {"Sword": 1}


def test_buying_outside_the_city_step_is_refused(
    party: Invoke, invoke: Invoke, db_path: Path
) -> None:
    party("stock", "add", "Sword")
    party("stars", "gain", "Torrax", "12")
    party("step", "journey")
    refuse(invoke, db_path, "item", "buy", "Torrax", "Sword", "--price", "12", says="City step")


def test_10_9_gaining_an_item_from_the_stock_then_the_archive_then_stars(party: Invoke) -> None:
    party("stock", "add", "Potion of Healing")
    party("stock", "add", "Potion of Healing", "--archive")
    first = party("stock", "gain", "Torrax", "Potion of Healing", "--value", "3")
    assert "from the Stock" in first.output
    second = party("stock", "gain", "Torrax", "Potion of Healing", "--value", "3")
    assert "from the Archive" in second.output
    third = party("stock", "gain", "Torrax", "Potion of Healing", "--value", "3")
    assert "3 Stars instead" in third.output
    torrax = hero(party, "Torrax")
    assert torrax["items"] == ["Potion of Healing", "Potion of Healing"]
    assert torrax["stars"] == 3
    shown = party_json(party)
    assert (shown["stock"], shown["archive"]) == ({}, {})


def test_10_9_take_from_the_stock_gives_nothing_without_a_copy(party: Invoke) -> None:
    party("stock", "add", "Sword", "--archive")
    taken = party("stock", "take", "Torrax", "Sword")
    assert "nothing is gained" in taken.output
    torrax = hero(party, "Torrax")
    assert (torrax["items"], torrax["stars"]) == ([], 0)
    assert party_json(party)["archive"] == {"Sword": 1}


def test_gaining_an_unavailable_item_of_unknown_value_asks_for_it(
    party: Invoke, invoke: Invoke, db_path: Path
) -> None:
    refuse(invoke, db_path, "stock", "gain", "Torrax", "Sword", says="--value")
    party("stock", "gain", "Torrax", "Sword", "--value", "6")
    assert hero(party, "Torrax")["stars"] == 6


def test_10_10_selling_tokens_by_shape(party: Invoke) -> None:
    shapes = {"Pebble token": "small circle", "Fang token": "triangle", "Gem token": "octagon"}
    for name, shape in shapes.items():
        party("item", "gain", "Zuva'Sai", name, "--token", "--shape", shape)
    party("step", "city")
    for name in shapes:
        party("item", "sell", "Zuva'Sai", name)
    zuva = hero(party, "Zuva'Sai")
    assert zuva["stars"] == 1 + 3 + 20
    assert zuva["items"] == []
    assert party_json(party)["stock"] == dict.fromkeys(shapes, 1)


def test_selling_a_card_gives_its_coin(party: Invoke) -> None:
    party("item", "gain", "Torrax", "Dagger", "--value", "2")
    party("step", "city")
    party("item", "sell", "Torrax", "dagger")
    assert hero(party, "Torrax")["stars"] == 2
    assert party_json(party)["stock"] == {"Dagger": 1}


@pytest.mark.parametrize(
    ("gain", "says"),
    [
        (("Sealed Letter", "--quest"), "Quest item"),
        (("Smuggled Silk", "--value", "4", "--illegal"), "Illegal"),
        (("Rusty Key",), "no coin"),
        (("Odd token", "--token"), "token shape"),
    ],
)
def test_items_that_cannot_be_sold(
    party: Invoke, invoke: Invoke, db_path: Path, gain: tuple[str, ...], says: str
) -> None:
    party("item", "gain", "Torrax", *gain)
    party("step", "city")
    refuse(invoke, db_path, "item", "sell", "Torrax", gain[0], says=says)
    assert hero(party, "Torrax")["items"] == [gain[0]]


def test_an_illegal_item_sells_when_the_players_are_told_so(party: Invoke) -> None:
    party("item", "gain", "Torrax", "Smuggled Silk", "--value", "4", "--illegal")
    party("step", "city")
    party("item", "sell", "Torrax", "Smuggled Silk", "--allowed")
    assert hero(party, "Torrax")["stars"] == 4


@pytest.mark.parametrize("step", [(), ("step", "journey"), ("step", "scenario", "4")])
def test_selling_outside_the_city_step_is_refused(
    party: Invoke, invoke: Invoke, db_path: Path, step: tuple[str, ...]
) -> None:
    party("item", "gain", "Torrax", "Fang token", "--token", "--shape", "triangle")
    if step:
        party(*step)
    refuse(invoke, db_path, "item", "sell", "Torrax", "Fang token", says="only happens in the City")


def test_a_hero_specific_item_cannot_be_given_away(
    party: Invoke, invoke: Invoke, db_path: Path
) -> None:
    party("item", "gain", "Torrax", "Fist of Torrax", "--owner", "Torrax")
    refuse(
        invoke,
        db_path,
        "item",
        "give",
        "Fist of Torrax",
        "--from",
        "Torrax",
        "--to",
        "Zuva'Sai",
        says="Hero-specific",
    )
    assert hero(party, "Torrax")["items"] == ["Fist of Torrax"]


def test_known_item_properties_cannot_be_changed(
    party: Invoke, invoke: Invoke, db_path: Path
) -> None:
    refuse(invoke, db_path, "stock", "add", "Sword", "--number", "10", says="cannot be changed")
    refuse(invoke, db_path, "stock", "add", "Sword", "--count", "0", says="copies", code=2)
    party("stock", "add", "Sword", "--value", "6")  # a property the base game does not know
    party("stock", "take", "Torrax", "Sword")
    assert hero(party, "Torrax")["item_details"][0]["value"] == 6


def test_stock_show_at_an_earlier_point(party: Invoke) -> None:
    party("stock", "add", "Sword", "--count", "3")
    party("stock", "take", "Torrax", "Sword")
    assert "Sword ×3" in party("stock", "show", "--at", "4").output
    assert "Sword ×2" in party("stock").output


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("stock", "take", "Torrax", ""), "must not be empty"),
        (("stock", "gain", "Torrax", "bad\x1b[31mname"), "unprintable"),
        (("stock", "add", "bad\x1b[31mname"), "unprintable"),
        (("stock", "scenario", "-3"), "from 1 to 999"),
        (("stock", "scenario", "1000", "--xp"), "from 1 to 999"),
        (("item", "buy", "Torrax", "Sword", "--price", "-5"), "price must be from 0"),
    ],
)
def test_bad_names_and_numbers(
    party: Invoke, invoke: Invoke, db_path: Path, args: tuple[str, ...], says: str
) -> None:
    party("step", "city")
    party("stock", "add", "Sword")
    out_of_range = "from" in says  # a number out of range is a usage error (exit 2)
    refuse(invoke, db_path, *args, says=says, code=2 if out_of_range else 1)


@pytest.mark.parametrize(
    "bad",
    [
        {"value": -3},
        {"price": -1},
        {"weight": -40},
        {"capacity": 500},
        {"hands": 3},
        {"active": True},
    ],
)
def test_item_properties_out_of_range_are_refused(ledger: Any, bad: dict[str, Any]) -> None:
    from ledger.errors import RuleViolation
    from ledger.model import Item
    from ledger_base_game.events import HeroJoined, ItemGained

    campaign = ledger.create_campaign("Items")
    stats = {"might": 1, "agility": 1, "will": 1, "taunt": 1, "chips": 5, "wounded_chips": 3}
    campaign.record([HeroJoined(hero="Venia", **stats)])
    with pytest.raises(RuleViolation, match="item"):
        campaign.record([ItemGained(hero="Venia", item=Item(name="Rock", **bad))])
    assert campaign.head().seq == 2
