"""Verifying a campaign's rows in segments: all of them in one process, or, for a long
campaign, the rows up to a snapshot of the current history here and the rows after it in a
forked child that starts its fold from that snapshot.

This process's fold proves the snapshot equals the fold from scratch up to it, so the child's
fold from it is the fold from scratch (by induction, a full replay); likewise the child's
chain and history checks resume from the last row before it, which this process checks.
Only a clean answer from both is taken: on any problem, or no answer, the caller verifies in
one process, which names the problem exactly as it always has."""

from collections.abc import Iterable, Iterator
from functools import partial
from pathlib import Path

import msgspec
from sqlite_utils import Database

from ledger.campaign import History, Projector
from ledger.errors import LedgerError
from ledger.hosting import Registry
from ledger.model import CampaignState
from ledger.storage import AT, VALUES, EventStore, Values, sqlite3
from ledger.verification._chain import ChainCheck, HistoryCheck, Problem
from ledger.verification._forked import forked
from ledger.verification._snapshots import SnapshotCheck
from ledger.verification._steps import StepIndexCheck

EVERY_COLUMN: tuple[str | None, ...] = VALUES  # the chain hashes them all
COMMAND = AT["command"]
SHARE = 0.5  # of the rows, for this process: the child forks, connects and resumes in a few ms


class Found(msgspec.Struct):
    """The first problem of each kind, and every snapshot that differs from the fold."""

    chain: Problem | None = None
    history: Problem | None = None
    replay: Problem | None = None
    snapshots: list[Problem] = []
    steps: Problem | None = None

    @property
    def clean(self) -> bool:
        return not (self.chain or self.history or self.replay or self.snapshots or self.steps)


def segment(
    store: EventStore,
    registry: Registry,
    campaign: str,
    history: History | None,
    after: int,
    upto: int,
    *,
    last: bool = True,
) -> Found:
    """The chain, the history and the fold of the rows after < seq <= upto, with the
    snapshots the fold passes; the ``last`` segment also checks nothing is owed at the end.
    A segment after a first one resumes where it ends (the first proves that right). No
    history (an unreadable undo or redo): no fold, the history check names the row."""
    projector = Projector(store, registry, campaign)
    chain, history_check = ChainCheck(campaign), HistoryCheck(campaign)
    step_index = StepIndexCheck(campaign, history.reverted() if history is not None else ())
    snapshots = SnapshotCheck(projector, history) if history is not None else None
    state = CampaignState()
    if after:
        before = store.values(campaign, after - 1, after, EVERY_COLUMN)
        if not before or history is None or snapshots is None:
            return Found(chain=Problem(campaign, after, "cannot resume here"))
        chain.resume(before[0])
        step_index.resume(store, after)
        metas = {meta.seq: meta for meta in history.metas if meta.seq <= after}
        history_check.resume(metas, after, partial(_starts_command, store, campaign))
        state = projector.snapshot_state(after, snapshots.inline[after][0])

    def watched(read: Iterable[list[Values]]) -> Iterator[list[Values]]:
        for page in read:
            chain.feed_page(page)
            history_check.feed_page(page)
            step_index.feed_page(page)
            yield page

    rows = watched(store.value_pages(campaign, after, upto, EVERY_COLUMN))
    found = Found()
    if snapshots is not None and history is not None:
        try:
            projector.fold(
                rows,
                history.reverted(),
                state,
                strict=True,
                at=snapshots.inline,
                seen=snapshots.compare_inline,
                end=last,
            )
        except LedgerError as error:
            found.replay = Problem(campaign, error.seq, f"does not replay: {error.args[0]}")
        found.snapshots = snapshots.problems
    for _ in rows:  # the chain and history checks read to the end
        pass
    found.chain, found.history = chain.problem, history_check.problem
    found.steps = step_index.problem(store, after, upto, last=last)
    return found


def _starts_command(store: EventStore, campaign: str, seq: int) -> bool:
    found = store.values(campaign, seq - 1, seq, EVERY_COLUMN)
    return bool(found) and found[0][COMMAND] == seq


def _split(head: int, snapshots: SnapshotCheck) -> int | None:
    """The snapshot of the current history nearest this process's share, if any."""
    inside = [seq for seq in snapshots.inline if 0 < seq < head]
    return min(inside, key=lambda seq: abs(seq - SHARE * head)) if inside else None


def read_only_store(path: str) -> EventStore:
    """The file opened again read-only, for a forked child (never a connection from before
    the fork). No sqlite-utils plugins, as in ``open_database``: loading them would import
    importlib.metadata and scan every installed distribution first."""
    connection = sqlite3.connect(f"{Path(path).as_uri()}?mode=ro", uri=True)
    return EventStore(Database(connection, execute_plugins=False))


def clean_in_two(
    path: str, store: EventStore, registry: Registry, campaign: str, head: int, history: History
) -> bool:
    """Whether the campaign verifies, found on two cores; False also when it cannot be split
    (no snapshot of the current history) or the child gives no answer."""
    split = _split(head, SnapshotCheck(Projector(store, registry, campaign), history))
    if split is None:
        return False

    def rest() -> Found:
        return segment(read_only_store(path), registry, campaign, history, split, head)

    with forked(rest) as child:
        if child is None:
            return False
        first = segment(store, registry, campaign, history, 0, split, last=False)
        if not first.clean:
            return False  # found again in one process; the child is stopped unheard
        second = child.result(Found)
    return second is not None and second.clean
