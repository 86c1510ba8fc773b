"""A command text's output, captured per thread.

The CLI's commands print with ``click.echo`` to ``sys.stdout``. The server does not swap
``sys.stdout`` for each command (other threads print too): it puts one dispatcher there, once,
which sends a thread's writes into that thread's buffer while it runs a command text, and
every other write where it went before."""

import io
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

_installing = threading.Lock()


class _Dispatcher:
    encoding = "utf-8"
    errors = "strict"

    def __init__(self, under: TextIO) -> None:
        self.under = under
        self.local = threading.local()

    def _buffer(self) -> io.StringIO | None:
        return getattr(self.local, "buffer", None)

    def write(self, text: str) -> int:
        buffer = self._buffer()
        return buffer.write(text) if buffer is not None else self.under.write(text)

    def flush(self) -> None:
        if self._buffer() is None:
            self.under.flush()

    def isatty(self) -> bool:
        return False if self._buffer() is not None else self.under.isatty()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.under, name)


def _dispatcher() -> _Dispatcher:
    with _installing:
        current = sys.stdout
        if not isinstance(current, _Dispatcher):
            # Whoever replaced sys.stdout since (pytest does, per test) keeps their writes.
            current = _Dispatcher(current)
            sys.stdout = current
        return current


@contextmanager
def captured() -> Iterator[io.StringIO]:
    """What this thread prints to stdout inside the block, in the buffer it yields."""
    dispatcher = _dispatcher()
    buffer = io.StringIO()
    dispatcher.local.buffer = buffer
    try:
        yield buffer
    finally:
        dispatcher.local.buffer = None
