"""An exception nobody expected (a bug, most often in a plugin) ends the command with exit
status 1 and one line naming the plugin whose code raised and what it was doing, never a
traceback: that only with ``--debug`` or ``LEDGER_DEBUG=1``. Nothing is written, since every
command records in one transaction; a crash after the commit (while showing what was recorded)
is worded by ``ledger_cli.boundary`` as such."""

import click
import pluggy

from ledger.hosting import culprit

DEBUG_ENV = "LEDGER_DEBUG"
TRACEBACK_HINT = f"--debug or {DEBUG_ENV}=1 shows the traceback"


def crash_message(error: BaseException, pm: pluggy.PluginManager | None, doing: str) -> str:
    kind = f"{type(error).__name__}: {error}"
    plugin = culprit(error, pm) if pm is not None else None
    who = f"plugin {plugin!r} failed" if plugin else "campaign-ledger failed"
    return f"{who} running {doing}: {kind}; nothing was written ({TRACEBACK_HINT})"


def show_traceback(error: BaseException) -> None:
    import traceback  # only when one is shown: not in every command's start-up

    click.echo("".join(traceback.format_exception(error)).rstrip(), err=True)
