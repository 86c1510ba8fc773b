"""Two cores in one process: a helper thread runs a generator while the calling thread
consumes what it yields, in order. It pays only when the consumer spends its time in C that
releases the GIL (SQLite writing a page) while the generator runs Python (reading the next).

The consumer gets what consuming the generator directly gives, in the same order: each item
after every item before it, and an exception the generator raises where it stood among them
(the generator only runs a few items ahead). No thread outlives the block, whatever ends it
(an error on either side, Ctrl-C, which only the calling thread receives); where no thread
can be started the generator is consumed directly."""

import queue
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

T = TypeVar("T")

_END = object()
_POLL = 0.05  # seconds a stopped helper may wait before it sees it was stopped


class _Helper(threading.Thread):
    def __init__(self, items: Iterator[Any], ahead: int) -> None:
        super().__init__(name="ledger-overlap", daemon=True)
        self.items = items
        self.queue: queue.Queue[tuple[Any, BaseException | None]] = queue.Queue(ahead)
        self.stopped = threading.Event()

    def run(self) -> None:
        try:
            for item in self.items:
                if not self._put(item, None):
                    return
        except BaseException as error:  # raised in the consumer's thread, in its place
            self._put(_END, error)
        else:
            self._put(_END, None)

    def _put(self, item: Any, error: BaseException | None) -> bool:
        """Queue ``item`` once there is room; False once the consumer is gone."""
        while not self.stopped.is_set():
            try:
                self.queue.put((item, error), timeout=_POLL)
                return True
            except queue.Full:
                continue
        return False

    def taken(self) -> Iterator[Any]:
        while True:
            item, error = self.queue.get()
            if item is _END:
                if error is not None:
                    raise error
                return
            yield item


@contextmanager
def overlapped(items: Iterator[T], *, ahead: int = 2) -> Iterator[Iterator[T]]:
    """``items`` run on a helper thread, at most ``ahead`` items ahead of the caller, and
    yielded in order here. Leaving the block stops the helper and waits for it."""
    helper = _Helper(items, ahead)
    try:
        helper.start()
    except RuntimeError:  # no thread can be started here
        yield items
        return
    try:
        yield helper.taken()
    finally:
        helper.stopped.set()
        _join(helper)
        close = getattr(items, "close", None)
        if close is not None:
            close()  # a generator stopped midway runs its cleanup now, on this thread


def _join(helper: _Helper) -> None:
    """Wait for the stopped helper (it ends within a page and a poll): a second Ctrl-C
    meanwhile is raised once it has ended."""
    interrupted: BaseException | None = None
    while helper.is_alive():
        try:
            helper.join()
        except BaseException as error:
            interrupted = error
    if interrupted is not None:
        raise interrupted
