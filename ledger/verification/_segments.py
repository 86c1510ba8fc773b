"""One pass over a segment of a campaign's rows (all of them, or those after < seq <= upto):
each page read goes through the hash chain, the undo/redo history, the step index and the
fold, which compares the snapshots it passes. A segment after the first resumes each of them
where the rows before it leave off."""

from collections.abc import Iterable, Iterator
from functools import partial

import msgspec

from ledger.campaign import History, Projector
from ledger.errors import LedgerError
from ledger.hosting import Registry
from ledger.model import CampaignState
from ledger.storage import AT, VALUES, EventStore, Values
from ledger.verification._chain import ChainVerifier
from ledger.verification._handover import Handover
from ledger.verification._history import HistoryVerifier
from ledger.verification._problem import Problem
from ledger.verification._snapshots import SnapshotVerifier
from ledger.verification._steps import StepIndexVerifier

EVERY_COLUMN: tuple[str | None, ...] = VALUES  # the chain hashes them all
COMMAND = AT["command"]


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
    handover: Handover | None = None,
) -> Found:
    """The chain, the history and the fold of the rows after < seq <= upto, with the
    snapshots the fold passes; the ``last`` segment also checks nothing is owed at the end.
    A segment after a first one resumes where it ends (the first proves that right). No
    history (an unreadable undo or redo): no fold, the history check names the row. With a
    ``handover``, the rows end sooner where another process takes over the rest (which is
    then the last segment, not this one)."""
    projector = Projector(store, registry, campaign)
    chain, history_check = ChainVerifier(campaign), HistoryVerifier(campaign)
    step_index = StepIndexVerifier(campaign, history.reverted() if history is not None else ())
    snapshots = SnapshotVerifier(projector, history) if history is not None else None
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

    end = None
    if handover is not None:
        end, handover.reached = handover.end, after
    rows = watched(store.value_pages(campaign, after, upto, EVERY_COLUMN, end=end))
    found = Found()
    if snapshots is not None and history is not None:
        try:
            state = projector.fold(
                rows,
                history.reverted(),
                state,
                strict=True,
                at=snapshots.inline,
                seen=snapshots.compare_inline,
                end=last and handover is None,
            )
        except LedgerError as error:
            found.replay = Problem(campaign, error.seq, f"does not replay: {error.args[0]}")
        else:
            if last and handover is not None and handover.reached >= upto and state.owed:
                # The fold's end check, once these rows are known to end the campaign (any
                # problem is found again in one process, which words it).
                found.replay = Problem(campaign, None, "a command ends owing an event")
        found.snapshots = snapshots.problems
    for _ in rows:  # the chain and history checks read to the end
        pass
    found.chain, found.history = chain.problem, history_check.problem
    if handover is not None:
        last = last and handover.reached >= upto  # else the rest is another's last segment
        upto = handover.reached
    found.steps = step_index.problem(store, after, upto, last=last)
    return found


def _starts_command(store: EventStore, campaign: str, seq: int) -> bool:
    found = store.values(campaign, seq - 1, seq, EVERY_COLUMN)
    return bool(found) and found[0][COMMAND] == seq
