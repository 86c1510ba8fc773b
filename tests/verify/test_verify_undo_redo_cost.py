"""verify is linear in undo and redo (issue 17): the snapshots an undo or redo takes belong
to a history that differs from the current one from the undone command on, so each is
checked by a short fold from a proven snapshot, not a replay of the campaign each."""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ledger.campaign import Ledger
from ledger.storage import EventStore
from ledger.verification import _snapshots as snapshots_module
from ledger.verification import verify
from ledger_base_game.events import StarsGained
from tests.helpers.party import make_party
from tests.helpers.tampering import around_snapshot_triggers

PAIRS = 150


def test_undo_and_redo_pairs_add_rows_read_linearly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "pairs.db"
    make_party(path, snapshot_interval=10)
    with Ledger.open(path, snapshot_interval=10) as ledger:
        party = ledger.campaign()
        with ledger.write_lock():
            for _ in range(PAIRS):
                party.record([StarsGained(hero="Torrax", amount=1)])
                party.undo()
                party.redo()
        head = party.head().seq
        read = [0]
        pages = EventStore.value_pages

        def counted(store: EventStore, *args: Any, **kwargs: Any) -> Iterator[Any]:
            for page in pages(store, *args, **kwargs):
                read[0] += len(page)
                yield page

        monkeypatch.setattr(EventStore, "value_pages", counted)
        assert verify(ledger) == []
    # Before: each of the 150 undo snapshots replayed the campaign up to it (~70,000 rows).
    assert read[0] < 4 * head, (read[0], head)


@pytest.mark.parametrize("batch", [200, 3], ids=["one-batch", "batches-of-3"])
def test_a_forged_snapshot_of_an_earlier_history_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, batch: int
) -> None:
    """Folds of other histories read their rows and snapshots in batches: each forged
    snapshot an undo took is still named, whichever batch its fold falls in."""
    monkeypatch.setattr(snapshots_module, "BATCH", batch)
    path = tmp_path / "pairs.db"
    make_party(path, snapshot_interval=10)
    with Ledger.open(path, snapshot_interval=10) as ledger:
        party = ledger.campaign()
        with ledger.write_lock():
            for _ in range(12):
                party.record([StarsGained(hero="Torrax", amount=1)])
                party.undo()
                party.redo()
        undos = [
            seq
            for (seq,) in ledger.db.execute(
                "SELECT seq FROM events WHERE type = 'ledger:undone' ORDER BY seq"
            )
        ]
        forged = [undos[1], undos[10]]
        for seq in forged:
            (state,) = ledger.db.execute(
                "SELECT state FROM snapshots WHERE seq = ? AND revision = ?", [seq, seq]
            ).fetchone()
            assert '"unspent":10' in state
            around_snapshot_triggers(
                ledger.db,
                "UPDATE snapshots SET state = ? WHERE seq = ? AND revision = ?",
                [state.replace('"unspent":10', '"unspent":9', 1), seq, seq],
            )
        problems = verify(ledger)
    assert [(p.seq, p.message) for p in problems] == [
        (seq, f"the snapshot (revision {seq}) differs from a fold from scratch") for seq in forged
    ]
