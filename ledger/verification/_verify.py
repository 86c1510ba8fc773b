"""Proof that stored history was not altered: hash chains, triggers, history, snapshots."""

from collections.abc import Callable, Sequence
from functools import cache, partial

import msgspec

from ledger._gc_pause import gc_paused
from ledger.campaign import History, Ledger, Projector, metas_from_rows
from ledger.model import META_TYPES
from ledger.storage import EventStore, Values
from ledger.verification._chain import ChainVerifier
from ledger.verification._history import HistoryVerifier
from ledger.verification._problem import Problem
from ledger.verification._rows import verify_rows
from ledger.verification._schema import schema_problems
from ledger.verification._snapshots import SnapshotVerifier

Progress = Callable[[str, int], None]  # campaign, its number of events


def _history(store: EventStore, campaign: str, head: int) -> History | None:
    """The undo and redo events up to the head; None if one cannot be read."""
    try:
        metas = [r for r in store.rows_of_types(campaign, META_TYPES) if r.seq <= head]
        return History(metas_from_rows(metas))
    except (msgspec.DecodeError, RecursionError):
        return None  # the history check names it


def campaign_problems(
    ledger: Ledger,
    campaign: str,
    progress: Progress | None = None,
    *,
    meanwhile: Callable[[], object] | None = None,
) -> list[Problem]:
    """One pass over the campaign's rows checks the chain, the history, the replay, the step
    index and the snapshots of the current history; the first problem of the first kind
    found is reported (chain, then history, then replay), else every snapshot that differs
    and the step index's first problem. Snapshots of other histories get a fold each.
    ``meanwhile``: the caller's own work, done here while a second process checks rows."""
    store, registry = ledger.store, ledger.registry
    head_row = store.head(campaign)
    head = head_row.seq if head_row else 0
    if progress:
        progress(campaign, head)
    history = _history(store, campaign, head)

    @cache
    def off_the_rows(history: History, differ: frozenset[int]) -> list[Problem]:
        """What the pass over the rows does not decide: snapshots of other histories (from
        those of the current one the rows proved, all but ``differ``) and any no fold can
        prove. Asked first while a second process checks rows (every snapshot proved then),
        with the caller's own work."""
        if meanwhile is not None:
            meanwhile()
        snapshots = SnapshotVerifier(Projector(store, registry, campaign), history)
        snapshots.check_others(history, head, snapshots.inline.keys() - differ)
        return snapshots.problems + _unproven_snapshots(store, campaign, head, history)

    # Paused: the fold makes 100,000s of short-lived Structs and no cycles (a tenth of its time).
    with gc_paused():
        found = verify_rows(ledger, campaign, history, head, meanwhile=off_the_rows)
    broken = found.chain or found.history or found.replay
    if broken or history is None:
        return [broken or Problem(campaign, None, "an undo or redo cannot be read")]
    steps = [found.steps] if found.steps else []
    others = off_the_rows(history, frozenset(problem.seq for problem in found.snapshots))
    return sorted(steps + found.snapshots + others, key=lambda p: p.seq or 0)


def _unproven_snapshots(
    store: EventStore, campaign: str, head: int, history: History
) -> list[Problem]:
    """Snapshots no fold can prove, of any code's fingerprint: past the last event (read
    once the campaign got there), or under a revision that is no undo or redo."""
    revisions = {0, *(meta.seq for meta in history.metas)}
    problems = []
    for seq, revision in store.db.execute(
        "SELECT DISTINCT seq, revision FROM snapshots WHERE campaign = ? "
        "AND (seq > ? OR seq < 1 OR revision NOT IN "
        "(SELECT value FROM json_each(?))) ORDER BY seq, revision",
        [campaign, head, msgspec.json.encode(sorted(revisions)).decode()],
    ):
        why = "past the last event" if seq > head or seq < 1 else "under no undo or redo"
        problems.append(Problem(campaign, seq, f"a snapshot (revision {revision}) {why}"))
    return problems


def verify(ledger: Ledger, progress: Progress | None = None) -> list[Problem]:
    """Every problem found; an empty list means the ledger verifies."""
    # Named first, checked while a second process checks a campaign's rows if one does.
    schema = cache(partial(schema_problems, ledger.db, ledger.registry.pm))
    # Not ledger.campaigns(): a campaign whose first event was deleted must not drop out of sight.
    campaigns = ledger.store.stored_campaigns()
    problems: list[Problem] = []
    for campaign in sorted(campaigns):
        problems += campaign_problems(ledger, campaign, progress, meanwhile=schema)
    problems = schema() + problems
    indexed = {name for (name,) in ledger.db.execute("SELECT DISTINCT campaign FROM step_changes")}
    problems += [
        Problem(name, None, "the step index (step_changes) holds a campaign without events")
        for name in sorted(indexed - set(campaigns))
    ]
    cached = {name for (name,) in ledger.db.execute("SELECT DISTINCT campaign FROM snapshots")}
    problems += [
        Problem(name, None, "the snapshots hold a campaign without events")
        for name in sorted(cached - set(campaigns))
    ]
    return problems


class RowsVerifier:
    """The hash chain and the undo/redo history of a campaign's rows, fed in order a page at
    a time: what an import proves of a file's rows before it writes them (its fold follows).
    ``problem``: the first row that breaks either (the chain's, on the same row)."""

    def __init__(self, campaign: str) -> None:
        self._chain, self._history = ChainVerifier(campaign), HistoryVerifier(campaign)

    def feed_page(self, page: Sequence[Values]) -> None:
        self._chain.feed_page(page)
        self._history.feed_page(page)

    @property
    def problem(self) -> Problem | None:
        found = [p for p in (self._chain.problem, self._history.problem) if p is not None]
        return min(found, key=lambda problem: problem.seq or 0) if found else None
