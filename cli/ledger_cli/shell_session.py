"""``campaign-ledger shell``: one open ledger, one command a line, each run in-process through
the same click commands, App and service as a command line (no new process, one Service).

On a terminal the lines are read with prompt_toolkit: the campaign and step in the prompt,
completion of commands, options and the campaign's names (inserted quoted,
``ledger_cli.shell_completer``), history kept per ledger file in the user state directory.
Ctrl-C cancels the line being typed (or the command running: it commits whole or not at
all), Ctrl-D or ``exit`` leaves. A refusal or a usage error is shown and the session goes on.
Read from a pipe, it takes one command a line with no prompt, for scripts and tests; its
exit status is 1 if any line was refused."""

import hashlib
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import click

from ledger.errors import LedgerError
from ledger.model import Step
from ledger.storage import sqlite3
from ledger.text import printable
from ledger_cli import batch_lines, shell_words
from ledger_cli.app import click_exit
from ledger_cli.context import App

LEAVE = ("exit", "quit")
NOT_HERE = {"shell": "the shell is running already"}  # a batch file runs as `batch` runs it


def step_label(step: Step | None) -> str:
    """The step as the prompt shows it (and as ``--at`` names it): city-2, scenario-4."""
    if step is None:
        return "no step yet"
    if step.kind == "scenario":
        play = f".{step.play}" if step.play and step.play > 1 else ""
        return f"scenario-{step.scenario}{play}{':end' if step.ended else ''}"
    return f"{step.kind}-{step.number}"


class Session:
    """Runs the lines of one shell session under the shell command's root context."""

    def __init__(self, root: click.Context, app: App) -> None:
        self.root, self.app = root, app
        self.failed = 0

    def prompt(self) -> str:
        """ "Moonsilver · city-2 › ": the campaign and its step, read fresh after each line."""
        path = self.app.path
        if not path.exists():
            return "campaign-ledger › "
        try:
            title = self.app.campaign().title
            step = self.app.state()[1].step
        except (LedgerError, sqlite3.Error, OSError):
            return f"{path.name} › "
        return printable(f"{title} · {step_label(step)} › ")

    def run(self, text: str) -> bool:
        """Run one line; False when it asks to leave."""
        from ledger_cli.commands.batch import run_line

        text = text.strip()
        if not text or text.startswith("#"):
            return True
        try:
            args = shell_words.split(text)
        except ValueError as error:
            return self._refused(click.UsageError(shell_words.unreadable(text, error)))
        if not args:
            return True
        if args[0] in LEAVE and len(args) == 1:
            return False
        if args[0] == "help":
            args = [*args[1:], "--help"]
        if args[0] in NOT_HERE:
            return self._refused(click.UsageError(f"{args[0]}: {NOT_HERE[args[0]]}"))
        asks = self.app.asks  # a `batch` line turns asking off for its lines only
        try:
            if args[0].startswith("-"):  # root options of its own: a whole command line
                self._whole_line(args)
            else:
                run_line(self.root, args)
        except click.Abort:
            click.echo("Aborted: nothing was written.", err=True)
        except click.ClickException as error:
            return self._refused(error)
        except KeyboardInterrupt:
            click.echo("Interrupted: the command was cancelled, nothing was written.", err=True)
        except Exception as error:
            if not click_exit(error):  # --help, or a command that ended early
                raise
        finally:
            self.app.begin()
            self.app.asks = asks
        return True

    def _whole_line(self, args: list[str]) -> None:
        root = self.root.command
        prefix = ["--database", str(self.root.params["database"] or self.app.path)]
        if self.root.params.get("campaign_name") is not None:
            prefix += ["--campaign", self.root.params["campaign_name"]]
        root.main(prefix + args, prog_name="campaign-ledger", standalone_mode=False, obj=self.app)

    def _refused(self, error: click.ClickException) -> bool:
        self.failed += 1
        error.show()
        return True


def history_file(database: Path) -> Path:
    """Where the shell keeps the lines typed at one ledger file: the user state directory,
    one file per ledger (by its resolved path), never beside the ledger."""
    import platformdirs

    resolved = str(database.expanduser().resolve())
    digest = hashlib.sha256(resolved.encode("utf-8", "surrogateescape")).hexdigest()[:16]
    stem = "".join(char if char.isalnum() else "-" for char in database.stem)[:40]
    return platformdirs.user_state_path("campaign-ledger") / "shell-history" / f"{stem}-{digest}"


def piped(session: Session, stream: Any) -> None:
    """One command a line from a pipe or a file, no prompt."""
    for number, line in _lines(stream):
        try:
            if not session.run(line):
                return
        except KeyboardInterrupt:
            click.echo(f"Interrupted at line {number}.", err=True)
            click.get_current_context().exit(130)


def _lines(stream: Any) -> Iterator[tuple[int, str]]:
    try:
        yield from batch_lines.numbered(stream)
    except LedgerError as error:
        raise click.ClickException(str(error)) from None


def interactive(session: Session, database: Path) -> None:
    """Lines typed at a terminal, with prompt_toolkit's prompt, completion and history."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import FileHistory

    from ledger_cli.shell_completer import LedgerCompleter

    history = history_file(database)
    history.parent.mkdir(parents=True, exist_ok=True)
    reader: PromptSession[str] = PromptSession(
        history=FileHistory(str(history)),
        completer=LedgerCompleter(session.root, session.app),
        complete_while_typing=False,
    )
    click.echo("campaign-ledger shell: Tab completes, Ctrl-C cancels a line, Ctrl-D leaves.")
    while True:
        try:
            line = reader.prompt(session.prompt())
        except KeyboardInterrupt:
            continue  # the line typed so far is dropped
        except EOFError:
            return
        if not session.run(line):
            return


def run_shell(root: click.Context, app: App, at_terminal: Callable[[], bool]) -> int:
    """The whole session; its exit status."""
    session = Session(root, app)
    if at_terminal():
        interactive(session, app.path)
        return 0
    app.asks = False  # a piped line that would ask (undo 3) runs as typed, as in a batch
    piped(session, sys.stdin.buffer)
    return 1 if session.failed else 0
