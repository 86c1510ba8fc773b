"""An import's fold done as its rows are read (on the reading thread, while the pages before
are written), instead of after they are all written and read back: the replay's own strict
fold, a page at a time, under the undos and redos read so far, a page behind (an undo of a
command near a page's end is read before that page is folded).

It only saves work, and never decides anything: the pages it folded under the history the
whole file turns out to have, without a problem, stand with the snapshots taken in them; the
replay goes on from the last of those snapshots exactly as it would have reached it (from the
start if there is none), so it finds and names any problem itself. It never reads the
database (the other thread is writing it): a row that would (a type no plugin loaded) ends
it there."""

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from typing import cast

from ledger.campaign import Projector, metas_from_rows
from ledger.hosting import Registry
from ledger.model import CampaignState
from ledger.storage import AT, EventStore, Row, Values

KEPT = 1_000  # snapshot states kept for the end (about 2 KB each): memory stays flat
_COMMAND, _SEQ = AT["command"], AT["seq"]


class _DatabaseNeeded(Exception):
    pass


class _NoDatabase:
    def __getattr__(self, name: str) -> object:
        raise _DatabaseNeeded(name)


class _Full(Exception):
    pass


class ReadingFold:
    """Fed each proved page with its undos and redos, in order; ``finish`` after the last."""

    def __init__(self, registry: Registry, campaign: str, interval: int) -> None:
        self._projector = Projector(cast(EventStore, _NoDatabase()), registry, campaign)
        self._snapshots_at = range(interval, 2**62, interval)
        self._undone: set[int] = set()  # by the undos and redos read so far
        self._waiting: Sequence[Values] | None = None  # the last page, folded after the next
        self._state = CampaignState()
        # Each page folded: its first and last command, those of them it took as undone, and
        # its last seq. It stands if the whole history undoes the same ones among them.
        self._folded: list[tuple[int, int, frozenset[int], int]] = []
        self._kept: list[tuple[int, CampaignState]] = []  # (seq, state) of snapshots taken
        self._stopped = False
        self._ended = False  # the last page folded, nothing left owed

    def feed(self, page: Sequence[Values], metas: Sequence[Row]) -> None:
        if self._stopped:
            return
        try:
            for meta in metas_from_rows(metas):
                if meta.undo:
                    self._undone.update(meta.commands)
                else:
                    self._undone.difference_update(meta.commands)
        except Exception:  # the replay reads them again, and names what is wrong
            self._stopped = True
            return
        waiting, self._waiting = self._waiting, page
        if waiting is not None:
            self._fold(waiting)

    def finish(self, count: int) -> None:
        """The last page folded, under the whole file's history; nothing may be owed after
        it, and the state after it is the last snapshot."""
        if self._waiting is None or self._stopped:
            return
        self._fold(self._waiting)
        try:
            if self._stopped:
                return
            self._projector.fold((), frozenset(self._undone), self._state, strict=True)
            if not self._kept or self._kept[-1][0] != count:
                self._keep(count, self._state)
        except Exception:
            return
        self._ended = True

    def outcome(self, undone: frozenset[int]) -> tuple[list[tuple[int, CampaignState]], bool]:
        """Given the commands the whole history undoes: the snapshots (seq, state) that stand,
        and whether the fold is done (every page stood, nothing left owed at the end)."""
        ordered = sorted(undone)
        upto, standing = 0, 0
        for first, last, took, last_seq in self._folded:
            if (
                frozenset(ordered[bisect_left(ordered, first) : bisect_right(ordered, last)])
                != took
            ):
                break
            upto, standing = last_seq, standing + 1
        kept = [(seq, state) for seq, state in self._kept if seq <= upto]
        return kept, self._ended and standing == len(self._folded)

    def _fold(self, page: Sequence[Values]) -> None:
        undone = frozenset(self._undone)
        first, last = page[0][_COMMAND], page[-1][_COMMAND]
        try:
            self._state = self._projector.fold(
                [page],
                undone,
                self._state,
                strict=True,
                at=self._snapshots_at,
                seen=self._keep,
                end=False,
            )
        except Exception:  # a problem, a row needing the database, no room: the replay's
            self._stopped = True
            return
        taken = frozenset(command for command in undone if first <= command <= last)
        self._folded.append((first, last, taken, page[-1][_SEQ]))

    def _keep(self, seq: int, state: CampaignState) -> None:
        if len(self._kept) == KEPT:
            raise _Full
        self._kept.append((seq, state))
