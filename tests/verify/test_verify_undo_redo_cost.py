"""verify is linear in undo and redo (issue 17): the snapshots an undo or redo takes belong
to a history that differs from the current one from the undone command on, so each is
checked by a short fold from a proven snapshot, not a replay of the campaign each."""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ledger.campaign import Ledger
from ledger.storage import EventStore
from ledger.verification import verify
from ledger_base_game.events import StarsGained
from tests.helpers.party import make_party

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
