"""How text looks on a terminal: colour, struck-through keywords, aligned tables, progress
bars and a pager, drawn with ``rich``; plain text when piped or with ``NO_COLOR`` set.

Every line reaching here is escaped already (``ledger.text.printable``): names are drawn as
text, never read as rich markup, so a Hero named ``[red]x`` shows as typed. ``rich`` is
imported only when a terminal will show its work (a piped command pays nothing for it).
"""

import os
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import IO, Any

import click

# Patterns, compiled (and cached by ``re``) when a terminal first draws a line: not by every
# command's start-up, most of which print plain text.
STRUCK = r"~~(.+?)~~"  # a crossed-out keyword, as ``output.journal_text`` writes it
RECORDED = r"^(#\d+|Error:|rule:|   rule:)"


def styled(stream: IO[str] | None = None) -> bool:
    """Whether ``stream`` (standard output) is a terminal that takes colour."""
    stream = stream or sys.stdout
    isatty = getattr(stream, "isatty", None)
    if not (isatty and isatty()):  # first: a batch's lines are shown through a buffer
        return False
    return "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"


def _console(stderr: bool = False) -> Any:
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, markup=False, emoji=False, soft_wrap=True)


def _text(line: str, *, lead: bool = True) -> Any:
    from rich.text import Text

    text = Text()
    start = 0
    for match in re.finditer(STRUCK, line):
        text.append(line[start : match.start()])
        text.append(match.group(1), style="strike dim")
        start = match.end()
    text.append(line[start:])
    if not lead:  # a table's cell
        return text
    found = re.match(RECORDED, line)
    if found:
        text.stylize("bold cyan", 0, len(found.group(0)) - (1 if found.group(0)[-1] == ":" else 0))
    elif line and not line.startswith(" "):
        text.stylize("bold")  # a heading: the sheet's title, a Hero's first line
    return text


def echo_lines(lines: Sequence[str]) -> None:
    """Show escaped ``lines``: styled on a terminal, as they are when piped."""
    if not styled():
        click.echo("\n".join(lines))
        return
    console = _console()
    for line in lines:
        console.print(_text(line))


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    """Escaped ``rows`` under ``headers``: a rich table on a terminal, aligned columns of
    plain text when piped."""
    if not styled():
        widths = [max(len(str(c)) for c in column) for column in zip(headers, *rows, strict=True)]
        for row in [headers, *rows]:
            cells = [str(cell).ljust(width) for cell, width in zip(row, widths, strict=True)]
            click.echo("  ".join(cells).rstrip())
        return
    from rich.table import Table

    shown = Table(box=None, header_style="bold cyan", pad_edge=False)
    for header in headers:
        shown.add_column(header)
    for row in rows:
        shown.add_row(*(_text(str(cell), lead=False) for cell in row))
    _console().print(shown)


def page(lines: Sequence[str]) -> None:
    """Lines a reader scrolls through (a long log): through the pager on a terminal when
    they are more than the screen holds, else as ``echo_lines``."""
    import shutil  # only on a terminal: not in every command's start-up

    if styled() and len(lines) > shutil.get_terminal_size().lines - 1:
        click.echo_via_pager("\n".join(lines) + "\n")
        return
    echo_lines(lines)


@contextmanager
def progress(total: int | None, description: str) -> Iterator[Callable[[int], None]]:
    """A progress bar on standard error while the block runs, for long work; yields
    ``advance(n)``. Nothing is drawn unless standard error is a terminal."""
    if not styled(sys.stderr):
        yield lambda n: None
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    columns = [TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn()]
    with Progress(*columns, TimeRemainingColumn(), console=_console(stderr=True)) as bar:
        task = bar.add_task(description, total=total)
        yield lambda n: bar.advance(task, n)


@contextmanager
def stages() -> Iterator[Callable[[str, int], None]]:
    """Progress for work told only as it starts each stage (``verify``: a campaign and its
    number of events): yields ``stage(description, total)``, which completes the stage
    before; a bar each, on standard error on a terminal only."""
    if not styled(sys.stderr):
        yield lambda description, total: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    columns = [TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn()]
    with Progress(*columns, console=_console(stderr=True)) as bar:
        tasks: list[Any] = []

        def stage(description: str, total: int) -> None:
            if tasks:
                bar.update(tasks[-1], completed=bar.tasks[-1].total)
            tasks.append(bar.add_task(description, total=total))

        yield stage
        if tasks:
            bar.update(tasks[-1], completed=bar.tasks[-1].total)


class Tracked:
    """A stream whose lines read (``readline``: by bytes) or written (``write``: by lines)
    advance a progress bar."""

    def __init__(self, stream: Any, advance: Callable[[int], None]) -> None:
        self.stream, self.advance = stream, advance

    def readline(self, size: int = -1) -> Any:
        chunk = self.stream.readline(size)
        self.advance(len(chunk))
        return chunk

    def fileno(self) -> int:
        """The stream's (an import reads a regular file on a second thread, a pipe not)."""
        return int(self.stream.fileno())

    def write(self, text: str) -> int:
        written: int = self.stream.write(text)
        self.advance(text.count("\n"))
        return written


def file_size(stream: Any) -> int | None:
    """The bytes a regular file holds (a progress bar's total), None for a pipe."""
    try:
        status = os.fstat(stream.fileno())
    except (AttributeError, OSError, ValueError):
        return None
    import stat

    return status.st_size if stat.S_ISREG(status.st_mode) else None


def lines_in(stream: Any, at_least: int) -> int | None:
    """The lines of a regular file when there are ``at_least`` of them (a batch worth a
    progress bar), else None; the file is read from where it was again afterwards."""
    if file_size(stream) is None or not styled(sys.stderr):
        return None
    start = stream.tell()
    count = sum(chunk.count(b"\n") for chunk in iter(lambda: stream.read(1 << 20), b""))
    stream.seek(start)
    return count if count >= at_least else None
