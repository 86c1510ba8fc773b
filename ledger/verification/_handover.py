"""The end of one process's first rows handed over to the other, done with its own first: the
two cores are not equally fast at every moment (the machine's other work, their clocks), so
rows split by count end at different times, by 10 % and more. Each of the two (a parent and
the child it forks) has a ``Handover`` for its first rows, made before the fork.

Through memory both processes share, the reader says where the page it reads next ends before
it reads it, and ends its rows where the other asks; the other asks only for an end past that
page, at a snapshot of the current history, where its own fold of the rest starts. A value one
process writes may be seen late by the other: the reader then reads on to the end of a page the
other also checks. Rows are checked twice then, never not at all."""

from bisect import bisect_left, bisect_right
from collections.abc import Sequence

# A takeover starts a fold from a snapshot and resumes each check (about a millisecond): only
# rows this many pages long, at least, are taken over.
TAKEN_PAGES = 2


class Handover:
    """One process's first rows, shared with the other (made before the fork); ``page``: the
    rows a page holds (``EventStore.page_rows``); ``start``: where the rows start (after it)."""

    def __init__(self, page: int, start: int = 0) -> None:
        import mmap  # only for a campaign long enough for two processes

        # The end of the page the reader reads next (0: none yet), and where the other asked
        # it to end (0: nowhere). OSError: no memory to share, and no second process.
        self._shared = memoryview(mmap.mmap(-1, 16)).cast("q")
        self.page, self.start = page, start
        self.reached = 0  # the reader's: where its rows ended

    def end(self, start: int, stop: int) -> int:
        """The reader's, before each page of its rows (``EventStore.value_pages``'s ``end``):
        the page, ended where the other asked if it asked for an end before it."""
        shared = self._shared
        asked = shared[1]
        if asked and asked < stop:
            stop = max(asked, start)
        shared[0] = self.reached = stop
        return stop

    def take_over(self, upto: int, points: Sequence[int]) -> int | None:
        """The other's, once done with its own rows: the snapshot (in ``points``, ascending)
        from which it checks the reader's rows up to ``upto`` (where they end), about half of
        what the reader has left, if that is worth a takeover; the reader is asked to end
        there."""
        # Where the reader is: the end of the page it reads, else (none read yet) its start.
        reading, page = max(self._shared[0], self.start), self.page
        first, last = reading + page, upto - TAKEN_PAGES * page
        low, high = bisect_left(points, first), bisect_right(points, last)
        if low >= high:
            return None
        middle = (reading + upto) // 2
        point = min(points[low:high], key=lambda seq: abs(seq - middle))
        self._shared[1] = point
        return point
