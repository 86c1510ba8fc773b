"""`--at` names any point: after event N, the start or end of any step, any play."""

import json
from typing import Any

import pytest

from tests.helpers.cli import Invoke


def torrax_at(run: Invoke, ref: str) -> dict[str, Any]:
    return dict(json.loads(run("hero", "show", "Torrax", "--at", ref, "--json").output))


def party_at(run: Invoke, ref: str) -> dict[str, Any]:
    return dict(json.loads(run("party", "show", "--at", ref, "--json").output))


@pytest.fixture
def two_cycles(party: Invoke) -> Invoke:
    """City 1, Journey 1, scenario 4, City 2, Journey 2, scenario 4 again."""
    for damage in ("1", "2"):
        party("step", "city")
        party("damage", "Torrax", damage)
        party(
            "city", "sleep", "Torrax", "Hideout", "--given-by", "212"
        )  # no stamina lost sleeping rough (§8.1)
        party("step", "journey")
        party("stamina", "spend", "Torrax", "1")
        party("step", "scenario", "4")
        party("damage", "Torrax", "3")
        party("scenario", "end", "--outcome", "F1")
    return party


def test_step_starts_and_ends(two_cycles: Invoke) -> None:
    assert torrax_at(two_cycles, "city-1")["stamina"]["unspent"] == 10
    assert torrax_at(two_cycles, "city-1:end")["stamina"]["unspent"] == 9
    assert torrax_at(two_cycles, "journey-1:end")["stamina"]["spent"] == 1
    assert torrax_at(two_cycles, "scenario-4")["stamina"]["unspent"] == 8
    assert torrax_at(two_cycles, "city-2")["stamina"]["unspent"] == 10  # reset at scenario end
    assert torrax_at(two_cycles, "city-2:end")["stamina"]["wound"] == 2


def test_second_play_of_a_scenario(two_cycles: Invoke) -> None:
    first, second = party_at(two_cycles, "scenario-4"), party_at(two_cycles, "scenario-4.2")
    assert first["step"]["play"] == 1
    assert second["step"]["play"] == 2
    assert second["step"]["number"] == 2
    assert party_at(two_cycles, "scenario-4.1") == first


def test_after_event_n(two_cycles: Invoke) -> None:
    entries = json.loads(two_cycles("log", "--json").output)
    damage = next(e for e in entries if e["type"] == "base:damage-taken")
    assert torrax_at(two_cycles, str(damage["seq"]))["stamina"]["wound"] == 1
    assert torrax_at(two_cycles, str(damage["seq"] - 1))["stamina"]["wound"] == 0


def test_refs_follow_undo(party: Invoke) -> None:
    party("step", "city")
    party("damage", "Torrax", "1")
    party("undo", "2")
    party("step", "city")
    party("damage", "Torrax", "2")
    assert torrax_at(party, "city-1:end")["stamina"]["wound"] == 2


@pytest.mark.parametrize(
    ("ref", "message"),
    [
        ("city-3", "no City step 3"),
        ("scenario-4.3", "played 2 time(s)"),
        ("scenario-9", "no scenario 9"),
        ("journey-1.2", "only scenarios"),
        ("yesterday", "cannot read the point"),
        ("0", "there is no event 0"),
        ("99999", "there is no event 99999"),
    ],
)
def test_unknown_points_are_refused(
    two_cycles: Invoke, invoke: Invoke, ref: str, message: str
) -> None:
    refused = invoke("hero", "show", "Torrax", "--at", ref)
    assert refused.exit_code == 1
    assert message in refused.output
