"""A batch file's lines, read one at a time with a bounded length and decoded one by one, so
that a line too long or not UTF-8 is refused by its number (and a long line is never split
or echoed: splitting is linear, but a line of megabytes is no command)."""

from collections.abc import Iterator
from functools import partial
from typing import IO

from ledger.errors import BadInput
from ledger.text import printable, quoted

MAX_LINE = 10_000  # bytes in one line, its line break left out; a command is far shorter


def numbered(stream: IO[bytes]) -> Iterator[tuple[int, str]]:
    """(number, text) of every line of ``stream``; BadInput names the first bad one."""
    for number, raw in enumerate(iter(partial(stream.readline, MAX_LINE + 1), b""), 1):
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            start = raw[:60].decode("utf-8", "replace")
            raise BadInput(
                f"line {number} is longer than {MAX_LINE:,} bytes ({quoted(start)}…); "
                "a line holds one command"
            )
        try:
            yield number, raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise BadInput(
                f"line {number} is not UTF-8 text (byte {error.start + 1} of the line); "
                "a batch file is UTF-8"
            ) from None


SHOWN = 200  # characters of a line echoed or quoted in an error


def shown(text: str) -> str:
    """A line as echoed: escaped, and cut."""
    return printable(text if len(text) <= SHOWN else text[:SHOWN] + "…")
