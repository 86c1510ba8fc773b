"""Every row of a campaign verified in one pass, or, for a long campaign, on two cores: the
rows up to a snapshot of the current history here and the rows after it in a forked child
that starts its fold from that snapshot. A child done first takes over the end of this
process's rows, from a later snapshot (``_handover``), as often as that is worth it; this
process, done first, takes over the end of the child's first rows once.

This process's fold proves the snapshot equals the fold from scratch up to it, so the child's
fold from it is the fold from scratch (by induction, a full replay); likewise the child's
chain and history checks resume from the last row before it, which this process checks.
Each takeover starts likewise from a snapshot that the other process's fold reaches: the
rows it was asked to end at are read to there at least. Whoever checks the campaign's last
rows checks its end (nothing owed, no step index row past it); rows cut short do not.
Only a clean answer from both is taken: on any problem, or no answer, the rows are verified
again in one process, which names the problem exactly as it always has."""

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ledger.campaign import History, Ledger, Projector
from ledger.hosting import Registry
from ledger.storage import Connection, EventStore, hashes, sqlite3
from ledger.verification._forked import forked
from ledger.verification._handover import Handover
from ledger.verification._segments import Found, segment
from ledger.verification._snapshots import SnapshotVerifier

PARALLEL_FROM = 20_000  # events; below this a second process costs more than it saves
# Of the rows, for this process: more than half, so the child is done first and takes over
# the end of them unless its core is a fifth slower than this one's.
SHARE = 0.55


Meanwhile = Callable[[History, frozenset[int]], object]  # the history, snapshots that differ


def verify_rows(
    ledger: Ledger,
    campaign: str,
    history: History | None,
    head: int,
    meanwhile: Meanwhile | None = None,
) -> Found:
    """The chain, the history, the fold, the snapshots of the current history and the step
    index of every row up to ``head`` (no history: an undo or redo cannot be read). On two
    cores, ``meanwhile`` (the caller's other work, as if every snapshot proved) is done here
    first, while the second process checks its rows (and later takes over more of these)."""
    store, registry = ledger.store, ledger.registry
    path = _file(ledger) if head >= PARALLEL_FROM and history is not None else None
    if path and history and clean_in_two(path, store, registry, campaign, head, history, meanwhile):
        return Found()
    return segment(store, registry, campaign, history, 0, head)


def _file(ledger: Ledger) -> str | None:
    """The database's file, if it has one another process can open and see what this
    connection sees: nothing uncommitted, and still the file this ledger opened (not one
    renamed over it since, which a second process would read instead)."""
    if ledger.db.conn.in_transaction or ledger.file_identity is None:
        return None
    for _, name, path in ledger.db.execute("PRAGMA database_list").fetchall():
        if name == "main" and path:
            try:
                now = os.stat(path)
            except OSError:
                return None
            return str(path) if (now.st_dev, now.st_ino) == ledger.file_identity else None
    return None


def _split(head: int, snapshots: SnapshotVerifier) -> int | None:
    """The snapshot of the current history nearest this process's share, if any."""
    inside = [seq for seq in snapshots.inline if 0 < seq < head]
    return min(inside, key=lambda seq: abs(seq - SHARE * head)) if inside else None


def read_only_store(path: str) -> EventStore:
    """The file opened again read-only, for one process's rows (a forked child's never a
    connection from before the fork). No sqlite-utils plugins, as in ``open_database``:
    loading them would import importlib.metadata and scan every installed distribution
    first. Without SQLite's own mutex where the module can say so: the connection is used
    by the thread that opened it only (the module's same-thread check), and SQLite would
    otherwise lock and unlock it for each column of each row read."""
    options: dict[str, Any] = {"uri": True}
    nomutex = getattr(sqlite3, "SQLITE_OPEN_NOMUTEX", None)  # pysqlite3's; not the stdlib's
    if nomutex is not None:
        read_only = sqlite3.SQLITE_OPEN_READONLY  # type: ignore[attr-defined]
        options["flags"] = read_only | nomutex
    connection = sqlite3.connect(f"{Path(path).as_uri()}?mode=ro", **options)
    return EventStore(Connection(connection))


def _loaded_once(registry: Registry) -> None:
    """What each process would load on its first page, loaded here before the fork, so once:
    the event types (and the rules they import), their decoder and the hash's library. Where
    the two cores run side by side this only moves the work; where they take turns on one
    (a busy machine), it is done once instead of twice."""
    registry.decoder  # noqa: B018 (a cached property, built by reading it)
    hashes(())  # imports hashlib (OpenSSL) on its first call


def clean_in_two(
    path: str,
    store: EventStore,
    registry: Registry,
    campaign: str,
    head: int,
    history: History,
    meanwhile: Meanwhile | None = None,
) -> bool:
    """Whether the campaign verifies, found on two cores; False also when it cannot be split
    (no snapshot of the current history) or the child gives no answer."""
    snapshots = SnapshotVerifier(Projector(store, registry, campaign), history)
    split = _split(head, snapshots)
    if split is None:
        return False
    try:  # where each process's first rows may end, shared with the other
        mine, childs = Handover(store.page_rows()), Handover(store.page_rows(), split)
    except OSError:
        return False
    points = sorted(snapshots.inline)

    def rest() -> list[Found]:
        """The rows after the split (ended sooner if this process takes over their end),
        then, in turn, ends of this process's rows."""
        child_store = read_only_store(path)
        found = [segment(child_store, registry, campaign, history, split, head, handover=childs)]
        start = split
        while found[-1].clean and (point := mine.take_over(start, points)):
            found.append(
                segment(child_store, registry, campaign, history, point, start, last=False)
            )
            start = point
        return found

    _loaded_once(registry)
    with forked(rest) as child:
        if child is None:
            return False
        if meanwhile is not None:  # first: the child takes over the end of the rows after it
            meanwhile(history, frozenset())
        try:
            reader = read_only_store(path)  # the child's kind of connection, as cheap to read
        except sqlite3.Error:
            return False  # one process verifies, through the ledger's own connection
        try:
            found = [
                segment(reader, registry, campaign, history, 0, split, last=False, handover=mine)
            ]
            # Done first (the child's core slower or shared): the end of the child's rows.
            if found[0].clean and (point := childs.take_over(head, points)):
                found.append(segment(reader, registry, campaign, history, point, head))
        finally:
            reader.db.close()
        if not all(one.clean for one in found):
            return False  # found again in one process; the child is stopped unheard
        second = child.result(list[Found])
    return second is not None and all(found.clean for found in second)
