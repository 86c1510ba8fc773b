"""The commit boundary: what a command says when it fails depends on whether it committed.

Before its commit, nothing was written, and the error says so (``ledger_cli.app.guarded``).
After it, the command's work stands and the error must not pretend otherwise:

- standard output closed (``campaign-ledger damage Torrax 1 | true``, ``log | head -1``):
  the command ends quietly with exit status 141 (``CLOSED_PIPE``), as a Unix tool stopped
  by SIGPIPE does (what ``set -o pipefail`` reports for ``git log | head -1``); a refusal
  exits 1, so a script can tell "the reader went away" from "nothing was written". What was
  recorded stays recorded: run the command again under the same ``--idempotency-key`` to be
  safe. Before a commit the same closed pipe ends the command as quietly (nothing written);
- any other failure after the commit (a full disk or terminal, a plugin's ``describe``
  raising while the events are shown) says ``recorded as #N, but showing it failed: ...``.

The Python docs' "Note on SIGPIPE": once standard output is closed, it is pointed at
/dev/null, so what is still buffered cannot fail again when the interpreter flushes it.
"""

import errno
import os
import sys
from typing import IO, NoReturn

import click
import pluggy

from ledger.errors import LedgerError
from ledger.hosting import culprit
from ledger.storage import sqlite3
from ledger.text import printable, quoted
from ledger_cli.crashes import DEBUG_ENV

CLOSED_PIPE = 141  # 128 + SIGPIPE, as a shell reports a tool its reader left


class AfterCommit(click.ClickException):
    """A command's failure after its commit, worded as such (never worded again above);
    ``interrupted``: it was Ctrl-C (a batch stops there, its line recorded)."""

    interrupted = False


def closed_pipe(error: BaseException) -> bool:
    """Whether ``error`` is a write to a pipe whose reader has gone (EPIPE)."""
    return isinstance(error, OSError) and error.errno == errno.EPIPE


def silence_stdout(stream: IO[str] | None = None) -> None:
    """Point standard output (or ``stream``, where it went) at /dev/null: what is buffered
    for the closed pipe is dropped there instead of failing again at exit (a test's stream
    has no file to point)."""
    try:
        fileno = (stream or sys.stdout).fileno()
    except (AttributeError, OSError, ValueError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fileno)
    os.close(devnull)


def quiet_exit() -> NoReturn:
    """End the command quietly, its reader gone (see the module)."""
    silence_stdout()
    ctx = click.get_current_context(silent=True)
    if ctx is None:
        raise SystemExit(CLOSED_PIPE)
    ctx.exit(CLOSED_PIPE)


# A write that failed for want of room or a working device (a full disk or terminal).
OUTPUT_ERRNOS = frozenset({errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG})


def output_error(error: BaseException) -> bool:
    """Whether ``error`` is a write that failed for want of room or a working device."""
    return isinstance(error, OSError) and error.errno in OUTPUT_ERRNOS


def output_failed(committed: str | None, error: BaseException) -> str:
    """Showing a command's output failed with ``error``: what stands (``committed``)."""
    kind = printable(f"{type(error).__name__}: {error}")
    if committed is None:
        return f"showing the output failed: {kind}; nothing was written"
    return f"{committed}, but showing it failed: {kind}"


def undecodable(error: BaseException) -> str | None:
    """The text an argument's undecodable byte made unwritable (a shell passes a byte that
    is not UTF-8 as a lone surrogate, ``\\udcff``), if that is what ``error`` is."""
    if not isinstance(error, UnicodeEncodeError) or not isinstance(error.object, str):
        return None
    bad = error.object[error.start : error.end]
    return error.object if any("\udc80" <= char <= "\udcff" for char in bad) else None


def not_utf8(text: str) -> str:
    """A refusal of an argument that is not UTF-8 text (see ``undecodable``)."""
    return (
        f"the argument {quoted(text)} is not UTF-8 text (a byte the shell passed as it was); "
        "type it again as UTF-8"
    )


def after_commit(
    committed: str,
    error: Exception,
    pm: pluggy.PluginManager | None,
    *,
    path: object = None,
) -> AfterCommit:
    """``error``, raised after the command's commit (``committed``: "recorded as #12"),
    worded as what it is: the commit stands, what came after it failed."""
    if isinstance(error, AfterCommit):
        return error
    if isinstance(error, click.Abort):  # Ctrl-C (click's Abort) once the commit was made
        interrupted = AfterCommit(f"{committed}, then it was interrupted")
        interrupted.interrupted = True
        return interrupted
    if isinstance(error, LedgerError | click.ClickException):
        said = error.format_message() if isinstance(error, click.ClickException) else str(error)
        return AfterCommit(f"{committed}, but then: {said}")
    if isinstance(error, sqlite3.Error):
        where = f" {path}" if path is not None else ""
        return AfterCommit(f"{committed}, but the ledger database{where} failed then: {error}")
    if isinstance(error, OSError | UnicodeError):  # the output's, never a plugin's fault
        return AfterCommit(output_failed(committed, error))
    kind = printable(f"{type(error).__name__}: {error}")
    plugin = culprit(error, pm) if pm is not None else None
    who = f"plugin {plugin!r}" if plugin else "campaign-ledger"
    return AfterCommit(
        f"{committed}, but {who} failed showing it: {kind} (--debug or {DEBUG_ENV}=1 shows "
        "the traceback)"
    )
