"""Undo and redo append events; nothing is deleted and the log shows what was undone."""

import json

from tests.helpers.cli import Invoke
from tests.helpers.files import event_count


def log(run: Invoke) -> list[dict[str, object]]:
    return list(json.loads(run("log", "--json").output))


def unspent(run: Invoke, name: str) -> int:
    return int(json.loads(run("hero", "show", name, "--json").output)["stamina"]["unspent"])


def test_undo_appends_and_redo_brings_back(party: Invoke, db_path: object) -> None:
    party("damage", "Torrax", "2")
    party("damage", "Torrax", "3")
    assert unspent(party, "Torrax") == 5
    party("undo", "2")
    assert unspent(party, "Torrax") == 10
    entries = log(party)
    assert [e["reverted"] for e in entries[-3:]] == [True, True, False]
    assert entries[-1]["type"] == "ledger:undone"
    party("redo")
    assert unspent(party, "Torrax") == 8  # the earlier of the two comes back first
    party("redo")
    assert unspent(party, "Torrax") == 5
    assert not any(e["reverted"] for e in log(party))


def test_undo_of_a_command_with_several_events_is_whole(party: Invoke) -> None:
    party("step", "city")
    party("damage", "Torrax", "4")
    party("item", "gain", "Torrax", "Area Balm", "--heal", "2", "--target", "area")
    party("item", "use", "Torrax", "Area Balm", "--on", "Torrax")
    party("undo")
    shown = json.loads(party("hero", "show", "Torrax", "--json").output)
    assert shown["stamina"]["wound"] == 4
    assert shown["items"] == ["Area Balm"]


def test_redo_is_refused_after_a_new_command(
    party: Invoke, invoke: Invoke, db_path: object
) -> None:
    party("damage", "Torrax", "2")
    party("undo")
    party("damage", "Zuva'Sai", "1")
    before = event_count(db_path)  # type: ignore[arg-type]
    refused = invoke("redo")
    assert refused.exit_code == 1
    assert "recorded after the undo" in refused.output
    assert event_count(db_path) == before  # type: ignore[arg-type]


def test_undo_of_an_earlier_command_that_later_history_needs_is_refused(
    party: Invoke, invoke: Invoke, db_path: object
) -> None:
    party("item", "gain", "Torrax", "Sword")
    gained = log(party)[-1]["seq"]
    party("item", "give", "Sword", "--from", "Torrax", "--to", "Zuva'Sai")
    before = event_count(db_path)  # type: ignore[arg-type]
    refused = invoke("undo", "--command", str(gained))
    assert refused.exit_code == 1
    assert "would no longer stand (event #5" in refused.output
    assert "Sword" in refused.output
    assert event_count(db_path) == before  # type: ignore[arg-type]


def test_undo_of_an_earlier_independent_command(party: Invoke) -> None:
    party("damage", "Torrax", "2")
    first = log(party)[-1]["seq"]
    party("damage", "Zuva'Sai", "1")
    party("undo", "--command", str(first))
    assert unspent(party, "Torrax") == 10
    assert unspent(party, "Zuva'Sai") == 7


def test_undoing_a_step_start_under_later_events_is_refused(party: Invoke, invoke: Invoke) -> None:
    party("step", "city")
    party("step", "journey")
    journey = log(party)[-1]["seq"]
    party("step", "scenario", "4")
    refused = invoke("undo", "--command", str(journey))
    assert refused.exit_code == 1
    assert "cannot follow a City step" in refused.output


def test_undo_more_than_there_is(party: Invoke, invoke: Invoke) -> None:
    refused = invoke("undo", "5")
    assert refused.exit_code == 1
    assert "2 can be undone" in refused.output  # the two Heroes joining; not the campaign


def test_undo_and_redo_are_persistent_and_verify(party: Invoke) -> None:
    for _ in range(3):
        party("damage", "Torrax", "1")
    party("undo", "3")
    party("redo", "2")
    party("undo")
    assert unspent(party, "Torrax") == 9
    assert "ok" in party("verify").output


def test_undo_and_redo_honour_expect_seq_and_idempotency_keys(
    party: Invoke, invoke: Invoke, db_path: object
) -> None:
    party("damage", "Torrax", "1")
    party("damage", "Torrax", "1")
    before = event_count(db_path)  # type: ignore[arg-type]
    stale = invoke("--expect-seq", "1", "undo")
    assert stale.exit_code == 1
    assert "not 1" in stale.output
    assert event_count(db_path) == before  # type: ignore[arg-type]
    party("--idempotency-key", "evening-1-undo", "undo")
    again = party("--idempotency-key", "evening-1-undo", "undo")
    assert "Already recorded" in again.output
    assert unspent(party, "Torrax") == 9  # one undo, not two
    party("--expect-seq", str(before + 1), "--idempotency-key", "evening-1-redo", "redo")
    party("--idempotency-key", "evening-1-redo", "redo")
    assert unspent(party, "Torrax") == 8
