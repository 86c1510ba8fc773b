"""Encumbrance and active items (§7.2): ignored in the City and Journey steps, enforced in a
scenario (limit 5, active items excluded, backpacks add), and their refusals."""

import json
from pathlib import Path

from tests.helpers.cli import Invoke, hero, refuse


def loadout(run: Invoke) -> dict[str, dict[str, object]]:
    return dict(json.loads(run("loadout", "list", "--json").output))


def test_encumbrance_is_ignored_outside_a_scenario_and_checked_at_its_start(
    party: Invoke, invoke: Invoke, db_path: Path
) -> None:
    party("item", "gain", "Torrax", "Anvil", "--weight", "4")
    party("item", "gain", "Torrax", "Chain", "--weight", "2")
    assert loadout(party)["Torrax"]["encumbrance"] == 6
    refuse(invoke, db_path, "step", "scenario", "4", says="6 encumbrance")
    party("loadout", "leave", "Torrax", "Chain")
    party("step", "scenario", "4")
    refuse(invoke, db_path, "loadout", "bring", "Torrax", "Chain", says="cannot be used")
    party("scenario", "end", "--outcome", "S1")
    assert loadout(party)["Torrax"]["left_behind"] == []  # back on the board for next time


def test_gaining_or_receiving_too_much_in_a_scenario_is_refused(
    party: Invoke, invoke: Invoke, db_path: Path
) -> None:
    party("item", "gain", "Zuva'Sai", "Chain", "--weight", "2")
    party("item", "gain", "Torrax", "Anvil", "--weight", "4")
    party("step", "scenario", "4")
    refuse(invoke, db_path, "item", "gain", "Torrax", "Rock", "--weight", "2", says="limit is 5")
    give = ("item", "give", "Chain", "--from", "Zuva'Sai", "--to", "Torrax")
    refuse(invoke, db_path, *give, says="limit is 5")
    party("item", "gain", "Torrax", "Pebble", "--weight", "1")
    assert hero(party, "Torrax")["encumbrance"] == {"load": 5, "limit": 5}
    assert "Loadout     encumbrance 5/5" in party("hero", "show", "Torrax").output


def test_active_items_do_not_count_and_backpacks_raise_the_limit(
    party: Invoke, invoke: Invoke, db_path: Path
) -> None:
    party("item", "gain", "Torrax", "Great Axe", "--weight", "3", "--hands", "2")
    party("item", "gain", "Torrax", "Anvil", "--weight", "4")
    refuse(invoke, db_path, "step", "scenario", "4", says="7 encumbrance")
    party("loadout", "active", "Torrax", "Great Axe")
    party("step", "scenario", "4")
    refuse(invoke, db_path, "loadout", "inactive", "Torrax", "Great Axe", says="limit is 5")
    party("item", "gain", "Torrax", "Large Backpack", "--weight", "1", "--capacity", "3")
    party("loadout", "inactive", "Torrax", "Great Axe")
    assert hero(party, "Torrax")["encumbrance"] == {"load": 8, "limit": 8}


def test_hands_limit_active_items(party: Invoke, invoke: Invoke, db_path: Path) -> None:
    party("item", "gain", "Torrax", "Great Axe", "--hands", "2")
    party("item", "gain", "Torrax", "Dagger", "--hands", "1")
    party("item", "gain", "Torrax", "Rope")
    party("loadout", "active", "Torrax", "Great Axe")
    refuse(invoke, db_path, "loadout", "active", "Torrax", "Dagger", says="2 hands")
    refuse(invoke, db_path, "loadout", "active", "Torrax", "Rope", says="no hand symbol")
    refuse(invoke, db_path, "loadout", "inactive", "Torrax", "Dagger", says="not active")
    party("loadout", "inactive", "Torrax", "Great Axe")
    party("loadout", "active", "Torrax", "Dagger")
    assert loadout(party)["Torrax"]["active"] == ["Dagger"]


def test_quest_and_hero_specific_items_must_be_taken(
    party: Invoke, invoke: Invoke, db_path: Path
) -> None:
    party("item", "gain", "Torrax", "Sealed Letter", "--quest")
    party("item", "gain", "Torrax", "Fist of Torrax", "--owner", "Torrax")
    refuse(invoke, db_path, "loadout", "leave", "Torrax", "Sealed Letter", says="Quest item")
    refuse(
        invoke, db_path, "loadout", "leave", "Torrax", "Fist of Torrax", says="Hero-specific item"
    )
