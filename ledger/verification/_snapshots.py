"""Each snapshot verify can check equals a fold from scratch of the history it was taken under.

Snapshots of another history (taken before a later undo or redo changed what is undone) are
checked by one fold per history, shared by all its snapshots, started from a snapshot of the
current history the main replay proved: the two histories agree on every row before the
first command whose undone-ness differs, so that fold is a fold from scratch. Undo and redo
pairs thus cost a few rows each, not a replay of the campaign each."""

from bisect import bisect_right
from collections.abc import Collection, Iterable, Iterator
from functools import partial
from itertools import chain
from typing import NamedTuple

from ledger.campaign import History, Projector, snapshot_matches, snapshot_text
from ledger.errors import LedgerError
from ledger.model import CampaignState
from ledger.storage import AT
from ledger.verification._problem import Problem

WINDOW = 2_000  # seqs whose snapshot states are read at once: a query per window, not each
BATCH = 200  # folds of other histories whose rows and snapshots are read at once
_SEQ = AT["seq"]


class SnapshotVerifier:
    """Snapshots of the loaded code's fingerprint: those of the current history are compared
    during the main replay (``inline``), the others by a replay of their own history."""

    def __init__(self, projector: Projector, history: History) -> None:
        self.projector = projector
        self.problems: list[Problem] = []
        fingerprint = projector.registry.fingerprint
        points = projector.store.snapshot_index(projector.campaign, fingerprint)
        now = history.reverted()
        self._states: dict[tuple[int, int], str] = {}  # of the snapshots in the window
        self._window = (0, 0)  # (after, upto): the seqs of the states read
        self.inline: dict[int, list[int]] = {}  # seq: revisions the main replay can check
        self.others: dict[int, list[int]] = {}  # revision: seqs needing their own replay
        self._reverted = _reverted_at(history, {revision for _, revision in points})
        for seq, revision in points:
            if not history.took(revision):
                continue  # no fold can prove it: campaign_problems names it
            if self._reverted[revision] == now:
                self.inline.setdefault(seq, []).append(revision)
            else:
                self.others.setdefault(revision, []).append(seq)

    def compare_inline(self, seq: int, state: CampaignState) -> None:
        self.compare(seq, self.inline[seq], state)

    def compare(self, seq: int, revisions: Iterable[int], state: CampaignState) -> None:
        projector = self.projector
        text = snapshot_text(state)
        fingerprint = projector.registry.fingerprint
        after, upto = self._window
        if not after < seq <= upto:
            self._window = after, upto = seq - 1, seq - 1 + WINDOW
            self._states = projector.store.snapshot_states(
                projector.campaign, fingerprint, after, upto
            )
        for revision in revisions:
            if not snapshot_matches(self._states.get((seq, revision)), state, text):
                self.problems.append(
                    Problem(
                        projector.campaign,
                        seq,
                        f"the snapshot (revision {revision}) differs from a fold from scratch",
                    )
                )

    def _compare_each(
        self,
        revisions: dict[int, list[int]],
        stored: dict[tuple[int, int], str],
        seq: int,
        state: CampaignState,
    ) -> None:
        """Each snapshot at ``seq`` (of the given revisions), its ``stored`` state read with
        the others near it: those of other histories are often few and far apart, so only
        they are read, not a window of every snapshot."""
        text = snapshot_text(state)
        for revision in revisions[seq]:
            if not snapshot_matches(stored.get((seq, revision)), state, text):
                self.problems.append(
                    Problem(
                        self.projector.campaign,
                        seq,
                        f"the snapshot (revision {revision}) differs from a fold from scratch",
                    )
                )

    def check_others(self, history: History, head: int, proven: Collection[int]) -> None:
        """Snapshots taken under another history: one fold per history (its undone
        commands), up to its last snapshot (later events may need later undos to be legal),
        from the latest ``proven`` snapshot of the current history before both the first
        command the two histories treat differently and the first snapshot checked. Folds
        whose rows lie close together share one read of rows and one of states (an undo and
        redo pair's fold is a few rows: a query each would cost more than the fold)."""
        now = history.reverted()
        groups: dict[frozenset[int], dict[int, list[int]]] = {}
        for revision, seqs in sorted(self.others.items()):
            group = groups.setdefault(self._reverted[revision], {})
            for seq in seqs:
                if seq <= head:
                    group.setdefault(seq, []).append(revision)
        starts = sorted(seq for seq in proven if seq in self.inline and seq <= head)
        folds = []
        for reverted, points in groups.items():
            if points:
                before = min(min(reverted ^ now) - 1, min(points) - 1)
                at = bisect_right(starts, before)
                folds.append(_Fold(starts[at - 1] if at else 0, points, reverted))
        for batch in _batches(folds):
            self._check_batch(batch)

    def _check_batch(self, batch: list["_Fold"]) -> None:
        projector = self.projector
        after, upto = batch[0].start, max(fold.end for fold in batch)
        rows = list(chain.from_iterable(projector.rows(after, upto)))
        seqs = [values[_SEQ] for values in rows]
        wanted = [(fold.start, self.inline[fold.start][0]) for fold in batch if fold.start]
        wanted += [
            (seq, rev) for fold in batch for seq, revs in fold.points.items() for rev in revs
        ]
        stored = projector.store.snapshot_states_at(
            projector.campaign, projector.registry.fingerprint, wanted
        )
        for fold in batch:
            state = None
            if fold.start:
                state = projector.state_from(stored[fold.start, self.inline[fold.start][0]])
            first, last = bisect_right(seqs, fold.start), bisect_right(seqs, fold.end)
            try:
                projector.fold(
                    (rows[first:last],),
                    fold.reverted,
                    state,
                    at=fold.points,
                    seen=partial(self._compare_each, fold.points, stored),
                )
            except LedgerError as error:
                self.problems.append(
                    Problem(
                        projector.campaign,
                        error.seq,
                        "a snapshot of an earlier undo or redo cannot be replayed here: "
                        f"{error.args[0]}",
                    )
                )


class _Fold(NamedTuple):
    """One history's fold: from the proven snapshot at ``start`` (0: from scratch) to its
    last snapshot, comparing those at ``points`` (seq: revisions)."""

    start: int
    points: dict[int, list[int]]
    reverted: frozenset[int]

    @property
    def end(self) -> int:
        return max(self.points)


def _batches(folds: list[_Fold]) -> Iterator[list[_Fold]]:
    """The folds in order, in batches whose rows lie within one window (and whose snapshots
    are few enough for one query); a fold longer than a window is a batch of its own."""
    batch: list[_Fold] = []
    for fold in folds:
        if batch and (
            fold.start < batch[0].start or fold.end - batch[0].start > WINDOW or len(batch) == BATCH
        ):
            yield batch
            batch = []
        batch.append(fold)
    if batch:
        yield batch


def _reverted_at(history: History, revisions: Collection[int]) -> dict[int, frozenset[int]]:
    """The commands undone at each revision (0 or an undo or redo's seq), in one pass."""
    undone: set[int] = set()
    found = {0: frozenset[int]()}
    for meta in history.metas:
        if meta.undo:
            undone.update(meta.commands)
        else:
            undone.difference_update(meta.commands)
        if meta.seq in revisions:
            found[meta.seq] = frozenset(undone)
    return found
