"""A campaign file written by dd4720a, before issue 27: its Stock holds every copy ever
discarded (`item gain` then left the copy there) and its snapshots store the whole state, one
entry per copy. It still opens, verifies and answers exactly as it did; new snapshots are packed,
and new commands on the file take their copy from the Stock."""

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from ledger.campaign import Ledger, snapshot_state
from tests.helpers.cli import Invoke
from tests.helpers.old_campaigns import (
    BEFORE_ISSUE27_QUESTIONS,
    FILES,
    answers,
    copy_of,
    kept_answers,
)

KEPT = FILES / "before_issue27.db"


@pytest.fixture
def ledger_db_path(tmp_path: Path) -> Path:
    return copy_of("before_issue27.db", tmp_path)


def test_its_snapshots_are_whole_states_with_every_copy() -> None:
    """What the test below reads: snapshots written before packing, with the 130 discards."""
    db = sqlite3.connect(f"file:{KEPT}?mode=ro&immutable=1", uri=True)  # writes no -wal or -shm
    stored = [json.loads(state) for (state,) in db.execute("SELECT state FROM snapshots")]
    db.close()
    assert stored
    assert all(isinstance(state, dict) for state in stored)  # not packed
    assert max(len(state["stock"]) for state in stored) > 90


def test_the_file_from_before_issue_27_answers_as_it_did(invoke: Invoke) -> None:
    kept = kept_answers("before_issue27.answers.json")
    assert [k["question"] for k in kept] == BEFORE_ISSUE27_QUESTIONS
    for now, then in zip(answers(invoke, BEFORE_ISSUE27_QUESTIONS), kept, strict=True):
        assert now == then, now["question"]
    final = {" ".join(k["question"]): k["answer"] for k in kept}["stock show"]
    assert final["stock"]["Rope"] == 65  # the old meaning: each gain left the copy


def test_the_old_snapshots_are_the_states_folded_now(ledger_db_path: Path) -> None:
    """Each snapshot the old file holds reads back as the state its seq folds to now. (The
    state's shape has grown since, so the ledger no longer folds from them: their
    fingerprint is not the code's; read here as written.)"""
    with Ledger.open(ledger_db_path) as ledger:
        campaign = ledger.campaign("Golden")
        snapshots = ledger.store.all_snapshots("Golden")
        assert snapshots
        for snapshot in snapshots:
            state = ledger.registry.typed_state(snapshot_state(snapshot.state))
            assert state == campaign.state(snapshot.seq), snapshot.seq


def test_new_commands_take_the_copy_and_write_packed_snapshots(
    invoke: Invoke, ledger_db_path: Path
) -> None:
    def ok(*args: str) -> Any:
        result = invoke(*args)
        assert result.exit_code == 0, f"{args}:\n{result.output}"
        return result

    for _ in range(20):
        ok("item", "gain", "Torrax", "Rope", "--value", "1")
        ok("item", "discard", "Torrax", "Rope")
    stock = json.loads(ok("stock", "show", "--json").output)["stock"]
    assert stock["Rope"] == 65  # gained back from the Stock each time
    db = sqlite3.connect(ledger_db_path)
    (latest,) = db.execute("SELECT state FROM snapshots ORDER BY seq DESC LIMIT 1").fetchone()
    db.close()
    assert latest.startswith("[")
    assert len(latest) < 4_000  # 134 copies, 4 distinct items
    assert json.loads(ok("verify", "--json").output) == {"ok": True, "problems": []}
