"""An import folds its rows as it reads them, not after writing and reading them back; what
that fold did under the history the whole file has stands, the rest is replayed as before.
Whatever it met (an undo reaching back pages, a refused row, no room for more snapshots), the
file written, or the error named, is the one the replay alone gives."""

import json
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ledger import _import_fold, exchange
from ledger.campaign import Ledger
from ledger.hosting import Registry
from ledger.storage import EventStore, open_database
from tests.helpers.cli import Invoke
from tests.helpers.tampering import payload, rehash

Outcome = Any


@pytest.fixture
def exported(party: Invoke, tmp_path: Path) -> Path:
    """39 events: steps, an undo of the last command, an undo redone, and last an undo of
    command 14, which a fold in pages of 4 folded long before reading it."""
    for line in [
        "step city",
        "stars gain Torrax 12",
        "damage Torrax 1",
        "damage Zuva 2",
        "item gain Torrax 'Sealed Letter' --quest",
        "condition add Zuva Cursed",
        "damage Torrax 3",
        "undo",
        "step journey",
        "stars gain Zuva 2",
        "damage Torrax 1",  # 14
        "stars give 3 --from Torrax --to Zuva",
        "step scenario 1",
        "damage Torrax 2",
        "damage Zuva 1",
        "undo",
        "redo",
        *["stamina lose Zuva 1", "damage Torrax 1", "damage Zuva 1"],
        *["stars gain Torrax 1", "damage Torrax 1", "damage Zuva 1", "stars gain Torrax 1"],
        *["heal Torrax 2", "damage Zuva 1", "stars gain Zuva 1", "heal Zuva 2"],
        *["stars gain Torrax 1", "damage Zuva 1", "stars gain Zuva 1", "heal Torrax 1"],
        *["stars gain Torrax 1", "damage Zuva 1", "stars gain Torrax 1"],  # 36 to 38
        "undo --command 14",
    ]:
        party(*(word.replace("Zuva", "Zuva'Sai") for word in shlex.split(line)))
    path = tmp_path / "played.ndjson"
    party("export", str(path))
    assert len(path.read_text().splitlines()) == 40
    return path


def rewritten(
    exported: Path, tmp_path: Path, change: Callable[[list[dict[str, Any]]], None]
) -> Path:
    """The export with its rows changed and re-hashed, as a forger would."""
    manifest, *rows = (json.loads(line) for line in exported.read_text().splitlines())
    change(rows)
    path = tmp_path / "changed.ndjson"
    path.write_text("\n".join(rehash(manifest, rows)) + "\n")
    return path


def import_outcome(registry: Registry, target: Path, file: Path) -> Outcome:
    """What importing ``file`` into a new ledger (a snapshot every 5 events) leaves: every
    row, snapshot and step change, or the error's type and message."""
    try:
        with Ledger.open(target, registry, snapshot_interval=5) as ledger, file.open("rb") as f:
            exchange.import_campaign(ledger, f)
    except Exception as error:  # the error is the outcome compared
        return type(error).__name__, str(error)
    db = open_database(target, create=False)
    try:
        return [
            db.execute(f"SELECT * FROM {table} ORDER BY 1, 2, 3").fetchall()
            for table in ("events", "snapshots", "step_changes")
        ]
    finally:
        db.close()


@pytest.fixture
def compare(
    registry: Registry, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Callable[[Path], Outcome]:
    """The outcome of importing a file with the fold while reading, after checking it is the
    outcome without it, in pages of 4 and of 1,000, read on a second thread and not."""
    runs = iter(range(1_000))

    def outcome(file: Path, *, early: bool, page: int, second_thread: bool) -> Outcome:
        with monkeypatch.context() as patch:
            patch.setattr(exchange, "PAGE", page)
            patch.setattr(exchange, "_second_cpu", lambda: second_thread)
            if not early:
                patch.setattr(exchange, "ReadingFold", lambda *_: None)
            return import_outcome(registry, tmp_path / f"target{next(runs)}.db", file)

    def check(file: Path) -> Outcome:
        found = outcome(file, early=True, page=4, second_thread=True)
        for page in (4, 1_000):
            expected = outcome(file, early=False, page=page, second_thread=False)
            assert found == expected
            assert outcome(file, early=True, page=page, second_thread=False) == expected
            assert outcome(file, early=True, page=page, second_thread=True) == expected
        return found

    return check


def test_an_import_is_the_replays_whatever_the_fold_while_reading_met(
    exported: Path, compare: Callable[[Path], Outcome]
) -> None:
    events, snapshots, _ = compare(exported)
    assert len(events) == 39
    assert [seq for _, seq, *_ in snapshots] == [5, 10, 15, 20, 25, 30, 35, 39]


def test_with_room_for_two_snapshots_the_replay_goes_on_from_the_second(
    exported: Path, compare: Callable[[Path], Outcome], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_import_fold, "KEPT", 2)
    events, snapshots, _ = compare(exported)
    assert len(events) == 39
    assert len(snapshots) == 8


def undoing_the_last(rows: list[dict[str, Any]]) -> None:
    """The last undo undoes the command before it, not one pages back: the fold while reading
    stands up to the last page."""
    payload(rows[38], commands=[38])


REFUSED: dict[str, tuple[Callable[[list[dict[str, Any]]], None], str]] = {
    "an illegal event in the second page": (
        lambda rows: payload(rows[6], amount=500),
        "from 1 to 99",
    ),
    "an illegal event in the last page": (
        lambda rows: (undoing_the_last(rows), payload(rows[36], amount=500)),
        "from 1 to 99",
    ),
    "a type no plugin loaded": (
        lambda rows: (undoing_the_last(rows), rows[33].update(type="elsewhere:x")),
        "elsewhere:x",
    ),
    "an undo of an undone command": (lambda rows: payload(rows[38], commands=[10]), "#10"),
}


@pytest.mark.parametrize("refused", REFUSED)
def test_a_refused_row_is_named_as_the_replay_names_it(
    exported: Path, tmp_path: Path, compare: Callable[[Path], Outcome], refused: str
) -> None:
    change, says = REFUSED[refused]
    kind, message = compare(rewritten(exported, tmp_path, change))
    assert kind == "IntegrityError"
    assert says in message, message


def test_an_import_reads_none_of_its_rows_back(
    exported: Path, registry: Registry, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fold while reading did it all: the replay's read of every row is not made."""
    read: list[tuple[int, int]] = []
    pages = EventStore.value_pages

    def spied(store: EventStore, campaign: str, after: int, upto: int, *args: Any) -> Any:
        read.append((after, upto))
        return pages(store, campaign, after, upto, *args)

    monkeypatch.setattr(EventStore, "value_pages", spied)
    with Ledger.open(tmp_path / "target.db", registry) as ledger, exported.open("rb") as f:
        assert exchange.import_campaign(ledger, f).head().seq == 39
    assert read == []
