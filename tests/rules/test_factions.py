"""Faction reputation (§8.6): recorded as events, shown in `party show` and `faction list`;
ranks come from the track's thresholds where they are known (data), and none otherwise."""

import json
from pathlib import Path

import pluggy

from ledger.hosting import hookimpl
from ledger.model import CampaignState, FactionSpec
from ledger_base_game.events import ReputationGained
from tests.helpers.cli import Invoke, party_json, refuse


def test_reputation_is_counted_and_no_rank_is_reported_without_thresholds(party: Invoke) -> None:
    gained = party("faction", "gain", "house gramask", "2")
    assert "rank thresholds are not known" in gained.output
    party("faction", "gain", "House Gramask", "1")
    rows = json.loads(party("faction", "list", "--json").output)
    gramask = next(r for r in rows if r["faction"] == "House Gramask")
    assert gramask == {"faction": "House Gramask", "reputation": 3, "rank": None}
    shown = party_json(party)["reputation"]
    assert next(r for r in shown if r["faction"] == "House Gramask")["reputation"] == 3
    assert "House Gramask" in party("party", "show").output
    at_start = json.loads(party("faction", "list", "--at", "3", "--json").output)
    assert all(r["reputation"] == 0 for r in at_start)


def test_unknown_factions_and_bad_amounts_are_refused(
    party: Invoke, invoke: Invoke, db_path: Path
) -> None:
    refuse(invoke, db_path, "faction", "gain", "Thieves Guild", "1", says="unknown faction")
    refuse(invoke, db_path, "faction", "gain", "Veil", "0", says="from 1", code=2)
    refuse(invoke, db_path, "faction", "gain", "Veil", "-2", says="from 1", code=2)


def test_a_new_rank_is_announced_when_thresholds_are_known() -> None:
    before = CampaignState(reputation={"Veil": 1})
    event = ReputationGained(faction="Veil", amount=2, ranks=(2, 5))
    after = event.apply(before)
    assert after.reputation == {"Veil": 3}
    assert any("new Rank 1" in note for note in event.notes(before, after))
    again = ReputationGained(faction="Veil", amount=1, ranks=(2, 5))
    assert again.notes(after, again.apply(after)) == []


class Tracks:
    """An expansion that knows a faction track's rank thresholds."""

    @staticmethod
    @hookimpl
    def register_factions() -> list[FactionSpec]:
        return [FactionSpec(name="Lantern Guild", ranks=(2, 4))]


def test_a_new_rank_is_read_at_the_start_of_the_next_city_step(
    pm: pluggy.PluginManager, party: Invoke
) -> None:
    pm.register(Tracks, name="tracks")
    party("step", "city")
    gained = party("faction", "gain", "Lantern Guild", "2")
    assert "new Rank 1" in gained.output
    assert party_json(party)["reputation"][-1] == {
        "faction": "Lantern Guild",
        "reputation": 2,
        "rank": 1,
    }
    for step in (
        ("step", "journey"),
        ("step", "scenario", "4"),
        ("scenario", "end", "--no-outcome"),
    ):
        party(*step)
    first = party("step", "city")
    assert "Lantern Guild reached Rank 1: read the Story entry" in first.output
    for step in (
        ("step", "journey"),
        ("step", "scenario", "5"),
        ("scenario", "end", "--no-outcome"),
    ):
        party(*step)
    assert "Lantern Guild" not in party("step", "city").output  # nothing new since city-2
