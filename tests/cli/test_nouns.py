"""Nouns behave alike (issue 14): ``item give HERO ITEM --to HERO`` reads like ``item gain
HERO ITEM`` (the older ``item give ITEM --from HERO --to HERO`` still works), ``item`` and
``condition`` on their own show who has what, and ``stock add`` takes ``item gain``'s item
options."""

import json

import pytest

from tests.helpers.cli import Invoke
from tests.helpers.terminal import on_terminal


def test_give_reads_like_gain(party: Invoke) -> None:
    party("item", "gain", "Torrax", "Sword")
    given = party("item", "give", "Torrax", "Sword", "--to", "Zuva'Sai")
    assert "Torrax gives Sword to Zuva'Sai" in given.output
    back = party("item", "give", "Sword", "--from", "Zuva'Sai", "--to", "Torrax")  # older form
    assert "Zuva'Sai gives Sword to Torrax" in back.output


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("item give Sword --to Torrax", "give HERO and ITEM"),
        ("item give Torrax Sword --from Torrax --to Zuva'Sai", "name the giver once"),
    ],
)
def test_give_refuses_an_unclear_giver(party: Invoke, invoke: Invoke, line: str, says: str) -> None:
    party("item", "gain", "Torrax", "Sword")
    result = invoke(*line.replace("Zuva'Sai", "Zuva").split())
    assert result.exit_code == 2
    assert says in result.output


def test_item_alone_shows_who_carries_what(party: Invoke) -> None:
    party("item", "gain", "Torrax", "Sword")
    party("item", "gain", "Torrax", "Star Lotus token")
    lines = party("item").output.splitlines()
    assert lines[0].split() == ["Hero", "Items"]
    assert "Torrax    Sword, Star Lotus token" in lines
    assert "Zuva'Sai  none" in lines
    shown = json.loads(party("item", "show", "--json").output)
    assert shown == {"Zuva'Sai": [], "Torrax": ["Sword", "Star Lotus token"]}
    assert "Potion of Healing" in party("item", "list").output  # what the plugins know


def test_condition_alone_shows_who_has_what(party: Invoke) -> None:
    party("condition", "add", "Zuva'Sai", "Cursed")
    lines = party("condition").output.splitlines()
    assert lines[0].split() == ["Hero", "Conditions"]
    assert "Zuva'Sai  Cursed (no effect until the scenario)" in lines
    assert "Torrax    none" in lines
    assert json.loads(party("condition", "show", "--json").output)["Zuva'Sai"] == ["Cursed"]


def test_stock_add_takes_the_item_options_of_item_gain(party: Invoke, invoke: Invoke) -> None:
    added = party("stock", "add", "Healing Salve", "--heal", "3", "--target", "ranged")
    assert "Healing Salve goes into the Stock" in added.output
    assert json.loads(party("stock", "show", "--json").output)["stock"] == {"Healing Salve": 1}
    recorded = json.loads(party("log", "--json").output)[-1]["payload"]["item"]
    assert recorded["use"] == {"heal": 3, "restore": 0, "remove_conditions": 0, "target": "ranged"}
    known = invoke("stock", "add", "Sword", "--heal", "3")
    assert known.exit_code == 1
    assert "its use cannot be given" in known.output
    too_much = invoke("stock", "add", "Balm", "--restore", "300")
    assert too_much.exit_code == 2
    assert "--restore must be from 0 to 99, not 300" in too_much.output


def test_the_table_is_a_table_on_a_terminal(party: Invoke, db_path: object) -> None:
    party("item", "gain", "Torrax", "Sword")
    status, drawn = on_terminal(db_path, "item")  # type: ignore[arg-type]
    assert status == 0
    assert "\x1b[1;36mHero" in drawn  # the header, coloured
    assert "Torrax    Sword" in drawn
