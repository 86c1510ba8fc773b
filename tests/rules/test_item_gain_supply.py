"""`item gain` takes its copy from the Stock, or from the Archive when the Stock has none
(§7.2), so a discarded copy is the one gained back and the Stock no longer only grows; with
no copy in either, the item is gained as given (the ledger does not know every card)."""

from tests.helpers.cli import Invoke, hero, party_json


def test_a_discarded_copy_is_the_one_gained_back(party: Invoke) -> None:
    party("step", "city")
    for _ in range(3):
        party("item", "gain", "Torrax", "Rope", "--value", "1")
        party("item", "discard", "Torrax", "Rope")
        assert party_json(party)["stock"] == {"Rope": 1}
    again = party("item", "gain", "Torrax", "Rope", "--value", "1")
    assert "the copy comes from the Stock" in again.output
    assert party_json(party)["stock"] == {}
    assert hero(party, "Torrax")["items"] == ["Rope"]


def test_the_archive_gives_the_copy_when_the_stock_has_none(party: Invoke) -> None:
    party("stock", "add", "Sword", "--archive", "--count", "2")
    gained = party("item", "gain", "Zuva'Sai", "Sword", "--value", "6")
    assert "the copy comes from the Archive" in gained.output
    shown = party_json(party)
    assert shown["archive"] == {"Sword": 1}
    assert shown["stock"] == {}
    party("stock", "add", "Sword")
    party("item", "gain", "Zuva'Sai", "Sword", "--value", "6")
    shown = party_json(party)
    assert (shown["stock"], shown["archive"]) == ({}, {"Sword": 1})  # the Stock first


def test_with_no_copy_in_either_the_item_is_gained_as_given(party: Invoke) -> None:
    party("stock", "add", "Shield")
    gained = party("item", "gain", "Zuva'Sai", "Sword", "--value", "6")
    assert "comes from" not in gained.output
    assert hero(party, "Zuva'Sai")["items"] == ["Sword"]
    assert party_json(party)["stock"] == {"Shield": 1}
