"""Proof that stored history was not altered: hash chains, triggers, history, snapshots."""

import os
from collections.abc import Callable, Iterator
from functools import partial

import msgspec

from ledger import pages
from ledger.event import META_TYPES
from ledger.gc_pause import gc_paused
from ledger.history import History, metas_from_rows
from ledger.ledger import Ledger
from ledger.migrations import APPEND_ONLY_TRIGGERS, STEP_INDEX_TRIGGERS
from ledger.projection import Projector
from ledger.rows import Row
from ledger.store import EventStore
from ledger.verify_checks import Problem
from ledger.verify_checks import chain_problem as chain_problem
from ledger.verify_checks import history_problem as history_problem
from ledger.verify_segments import Found, clean_in_two, segment
from ledger.verify_snapshots import SnapshotCheck

Progress = Callable[[str, int], None]  # campaign, its number of events
PARALLEL_FROM = 20_000  # events; below this a second process costs more than it saves


def _history(store: EventStore, campaign: str, head: int) -> History | None:
    """The undo and redo events up to the head; None if one cannot be read."""
    try:
        metas = [r for r in store.rows_of_types(campaign, META_TYPES) if r.seq <= head]
        return History(metas_from_rows(metas))
    except (msgspec.DecodeError, RecursionError):
        return None  # the history check names it


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


def campaign_problems(
    ledger: Ledger, campaign: str, progress: Progress | None = None
) -> list[Problem]:
    """One pass over the campaign's rows checks the chain, the history, the replay and the
    snapshots of the current history; the first problem of the first kind found is reported
    (chain, then history, then replay), else every snapshot that differs. A long campaign is
    first tried on two cores (``verify_segments``); anything but a clean answer is found
    again in one process."""
    store, registry = ledger.store, ledger.registry
    head_row = store.head(campaign)
    head = head_row.seq if head_row else 0
    if progress:
        progress(campaign, head)
    history = _history(store, campaign, head)
    path = _file(ledger) if head >= PARALLEL_FROM and history is not None else None
    # Paused: the fold makes 100,000s of short-lived Structs and no cycles (a tenth of its time).
    with gc_paused():
        if path and history and clean_in_two(path, store, registry, campaign, head, history):
            found = Found()
        else:
            found = segment(store, registry, campaign, history, 0, head)
    broken = found.chain or found.history or found.replay
    if broken or history is None:
        return [broken or Problem(campaign, None, "an undo or redo cannot be read")]
    snapshots = SnapshotCheck(Projector(store, registry, campaign), history)
    snapshots.check_others(partial(_rows_upto, store, campaign, head), history)
    steps = [found.steps] if found.steps else []
    return sorted(steps + found.snapshots + snapshots.problems, key=lambda p: p.seq or 0)


def _rows_upto(store: EventStore, campaign: str, head: int, upto: int) -> Iterator[Row]:
    return pages.rows(store, campaign, min(upto, head))


def verify(ledger: Ledger, progress: Progress | None = None) -> list[Problem]:
    """Every problem found; an empty list means the ledger verifies."""
    triggers = [(name, "append-only") for name in APPEND_ONLY_TRIGGERS]
    triggers += [(name, "step index") for name in STEP_INDEX_TRIGGERS]
    problems = [
        Problem(None, None, f"the {kind} trigger {name} is missing")
        for name, kind in triggers
        if not ledger.db.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = ?", [name]
        ).fetchone()
    ]
    # Not ledger.campaigns(): a campaign whose first event was deleted must not drop out of sight.
    campaigns = ledger.store.stored_campaigns()
    for campaign in sorted(campaigns):
        problems += campaign_problems(ledger, campaign, progress)
    indexed = {name for (name,) in ledger.db.execute("SELECT DISTINCT campaign FROM step_changes")}
    problems += [
        Problem(name, None, "the step index (step_changes) holds a campaign without events")
        for name in sorted(indexed - set(campaigns))
    ]
    return problems
