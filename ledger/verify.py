"""Proof that stored history was not altered: hash chains, triggers, history, snapshots."""

from collections.abc import Callable, Iterable, Iterator
from contextlib import nullcontext
from functools import partial
from pathlib import Path

import msgspec
from sqlite_utils import Database

from ledger.database import sqlite3
from ledger.errors import LedgerError
from ledger.event import META_TYPES
from ledger.forked import Child, forked
from ledger.gc_pause import gc_paused
from ledger.history import History, metas_from_rows
from ledger.ledger import Ledger
from ledger.migrations import APPEND_ONLY_TRIGGERS
from ledger.projection import Projector, Values
from ledger.rows import VALUES, Row
from ledger.store import EventStore
from ledger.verify_checks import ChainCheck, HistoryCheck, Problem
from ledger.verify_checks import chain_problem as chain_problem
from ledger.verify_checks import history_problem as history_problem
from ledger.verify_snapshots import SnapshotCheck

Progress = Callable[[str, int], None]  # campaign, its number of events
PAGE = 2_000  # rows read at a time: memory stays flat however long the campaign
PARALLEL_FROM = 20_000  # events; below this a second process costs more than it saves
EVERY_COLUMN: tuple[str | None, ...] = VALUES  # the chain hashes them all
# What the fold reads (the plugin's name only for a message: it reads the full row then).
_FOLDED = {"seq", "command", "type", "schema", "hero", "step_kind", "step_number", "scenario"}
FOLD_COLUMNS = tuple(c if c in _FOLDED | {"payload"} else None for c in VALUES)
Found = tuple[Problem | None, Problem | None]  # the chain's and the history's first problems


def _pages(store: EventStore, campaign: str, head: int, upto: int | None = None) -> Iterator[Row]:
    """The campaign's rows in order, read a page at a time: a long campaign is never loaded
    whole. Events are append-only, so pages read up to ``head`` see one history."""
    last = head if upto is None else min(upto, head)
    after = 0
    while after < last:
        page = min(after + PAGE, last)
        yield from store.rows(campaign, after=after, upto=page)
        after = page


def _value_pages(
    store: EventStore, campaign: str, head: int, columns: tuple[str | None, ...]
) -> Iterator[list[Values]]:
    """Like ``_pages``, as plain tuples in ``rows.VALUES`` order (other columns NULL)."""
    for after in range(0, head, PAGE):
        yield store.values(campaign, after, min(after + PAGE, head), columns)


class _RowChecks:
    """The chain and history checks, fed the pages a fold reads as it reads them."""

    def __init__(self, campaign: str) -> None:
        self.chain, self.history = ChainCheck(campaign), HistoryCheck(campaign)

    def watch(self, pages: Iterable[list[Values]]) -> Iterator[list[Values]]:
        for page in pages:
            self.chain.feed_page(page)
            self.history.feed_page(page)
            yield page

    @property
    def found(self) -> Found:
        return self.chain.problem, self.history.problem


def _row_checks(store: EventStore, campaign: str, head: int) -> Found:
    checks = _RowChecks(campaign)
    for _ in checks.watch(_value_pages(store, campaign, head, EVERY_COLUMN)):
        pass
    return checks.found


def _row_checks_apart(path: str, campaign: str, head: int) -> Found:
    """The row checks in a forked child, on a read-only connection of its own (a connection
    must never be used on both sides of a fork)."""
    connection = sqlite3.connect(f"{Path(path).as_uri()}?mode=ro", uri=True)
    return _row_checks(EventStore(Database(connection)), campaign, head)


def _file(ledger: Ledger) -> str | None:
    """The database's file, if it has one another process can open and see what this
    connection sees (nothing uncommitted)."""
    if ledger.db.conn.in_transaction:
        return None
    for _, name, path in ledger.db.execute("PRAGMA database_list").fetchall():
        if name == "main":
            return str(path) or None
    return None


def campaign_problems(
    ledger: Ledger, campaign: str, progress: Progress | None = None
) -> list[Problem]:
    """One pass over the campaign's rows checks the chain, the history, the replay and the
    snapshots of the current history; the first problem of the first kind found is reported
    (chain, then history, then replay), else every snapshot that differs. A long campaign's
    chain and history are checked by a second process while this one folds."""
    store = ledger.store
    head_row = store.head(campaign)
    head = head_row.seq if head_row else 0
    if progress:
        progress(campaign, head)
    path = _file(ledger) if head >= PARALLEL_FROM else None
    apart = partial(_row_checks_apart, path, campaign, head) if path else None
    # Paused: the fold makes 100,000s of short-lived Structs and no cycles (a tenth of its time).
    with forked(apart) if apart else nullcontext() as child, gc_paused():
        replayed, history, snapshots, found = _fold_and_check(ledger, campaign, head, child)
    broken = found[0] or found[1] or replayed
    if broken or history is None or snapshots is None:
        return [broken or Problem(campaign, None, "an undo or redo cannot be read")]
    snapshots.check_others(partial(_pages, store, campaign, head), history)
    return sorted(snapshots.problems, key=lambda p: p.seq or 0)


def _fold_and_check(
    ledger: Ledger, campaign: str, head: int, child: Child | None
) -> tuple[Problem | None, History | None, SnapshotCheck | None, Found]:
    """The fold, then the row checks' answer: the child's, else checked here (in the same
    pass as the fold when there is no child)."""
    store = ledger.store
    checks = _RowChecks(campaign)
    if child is None:
        pages = checks.watch(_value_pages(store, campaign, head, EVERY_COLUMN))
    else:
        pages = _value_pages(store, campaign, head, FOLD_COLUMNS)
    replayed, history, snapshots = _fold(ledger, campaign, head, pages)
    if child is None:
        for _ in pages:  # the chain and history checks read to the end
            pass
        return replayed, history, snapshots, checks.found
    found = child.result(Found) or _row_checks(store, campaign, head)
    return replayed, history, snapshots, found


def _fold(
    ledger: Ledger, campaign: str, head: int, pages: Iterable[list[Values]]
) -> tuple[Problem | None, History | None, SnapshotCheck | None]:
    """The replay's first problem, the current history, and the snapshots it compared."""
    store = ledger.store
    try:
        metas = [r for r in store.rows_of_types(campaign, META_TYPES) if r.seq <= head]
        history = History(metas_from_rows(metas))
    except msgspec.DecodeError:
        return None, None, None  # an unreadable undo or redo: the history check names it
    projector = Projector(store, ledger.registry, campaign)
    snapshots = SnapshotCheck(projector, history)
    try:
        projector.check_values(
            pages, history.reverted(), snapshots.inline, snapshots.compare_inline
        )
    except LedgerError as error:
        replayed = Problem(campaign, error.seq, f"does not replay: {error.args[0]}")
        return replayed, history, snapshots
    return None, history, snapshots


def verify(ledger: Ledger, progress: Progress | None = None) -> list[Problem]:
    """Every problem found; an empty list means the ledger verifies."""
    problems = [
        Problem(None, None, f"the append-only trigger {name} is missing")
        for name in APPEND_ONLY_TRIGGERS
        if not ledger.db.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = ?", [name]
        ).fetchone()
    ]
    # Not ledger.campaigns(): a campaign whose first event was deleted must not drop out of sight.
    for campaign in sorted(ledger.store.stored_campaigns()):
        problems += campaign_problems(ledger, campaign, progress)
    return problems
