"""batch FILE: one command per line, each committed on its own; or all in one transaction,
rolled back (--dry-run) or all-or-nothing (--atomic); --from-line resumes."""

import io
import shlex
import signal
from collections.abc import Callable, Iterator
from contextlib import redirect_stdout
from typing import Any, BinaryIO

import click

from ledger.storage import missing, remove_made
from ledger.text import printable
from ledger_cli import batch_lines, boundary, plain_run, shell_words, terminal
from ledger_cli.acknowledgements import Acknowledgements, Unrecorded, regular
from ledger_cli.app import CORE_COMMANDS, FACES, Escaped, guarded
from ledger_cli.context import App, pass_app
from ledger_cli.numbers import check_ascii_numbers
from ledger_cli.parsing import RUNNING


def register(cli: click.Group) -> None:
    @cli.command()
    @click.argument("file", type=click.File("rb"))  # decoded line by line: batch_lines
    @click.option("--quiet", is_flag=True, help="Do not echo each line before running it.")
    @click.option(
        "--dry-run",
        is_flag=True,
        help="Check every line against what the lines before it would record, then roll "
        "everything back: every refusal is named by its line; nothing is written.",
    )
    @click.option(
        "--atomic", is_flag=True, help="Record every line or none: an error rolls all back."
    )
    @click.option(
        "--from-line",
        type=click.IntRange(min=1),
        default=1,
        metavar="N",
        help="Start at line N: resume a batch that stopped there.",
    )
    @pass_app
    def batch(
        app: App, file: BinaryIO, quiet: bool, dry_run: bool, atomic: bool, from_line: int
    ) -> None:
        """Run FILE (or - for stdin): one command per line as typed after campaign-ledger.

        Blank lines and lines starting with # are skipped. Each line is recorded whole; the
        first error stops the batch, names the line and says how to resume from it; so does
        Ctrl-C, saying how many lines were recorded (exit status 130). A line's
        output is shown once its commit is safely on the disk. If the output's reader goes
        away (batch FILE | head -1), every line still runs and records, and the batch ends
        quietly with exit status 141, as a tool stopped by SIGPIPE does.

        \b
        Examples:
          campaign-ledger --database moonsilver.db batch examples/first-evening.txt
          campaign-ledger batch evening.txt --dry-run
          campaign-ledger batch evening.txt --from-line 12
        """
        app.asks = False  # a line that would ask a player (undo 3) runs as typed
        lines = _lines(file, from_line)
        run = Lines(app, quiet, one_file=dry_run or atomic)
        if dry_run or atomic:
            try:
                (rehearse if dry_run else all_or_none)(app, run, lines)
            except (KeyboardInterrupt, click.Abort):
                mode = "--dry-run" if dry_run else "--atomic"
                raise Interrupted(f"interrupted: nothing was written ({mode})") from None
        else:
            name = getattr(file, "name", "<stdin>")
            one_by_one(app, run, lines, "-" if name == "<stdin>" else str(name), regular(file))


LONG = 10_000  # lines of a batch that show a progress bar on a terminal


def _lines(file: BinaryIO, from_line: int) -> Iterator[tuple[int, str]]:
    """(number, text) of each line to run: not blank, not a comment, from ``from_line``.
    A long file's lines advance a progress bar on a terminal."""
    last = 0
    with terminal.progress(terminal.lines_in(file, LONG), "batch") as advance:
        for number, line in batch_lines.numbered(file):
            advance(1)
            last = number
            text = line.strip()  # CRLF line ends too
            if number >= from_line and text and not text.startswith("#"):
                yield number, text
    if from_line > 1 and from_line > last:  # a mistyped resume would otherwise run nothing
        raise click.BadParameter(
            f"line {from_line} is past the end of the file ({last} lines); nothing was run",
            param_hint="'--from-line'",
        )


# The ledger's own commands, which may read the file through a connection of their own (a
# second process of verify's, export, import), serve it or wait for input: the lines before
# one are committed before it runs. The game's commands, undo and redo read and write
# through the batch's own connection, and may share its transaction (acknowledgements.py).
OWN_COMMANDS = frozenset(name for names, _ in CORE_COMMANDS + FACES for name in names) - {
    "undo",
    "redo",
}


class Lines:
    """Runs one batch line as ``campaign-ledger --database D --campaign C LINE`` would; a
    refusal is raised as the ClickException the whole batch exits with, naming the line.
    ``starting`` is told whether the line may share the transaction of the lines before it."""

    def __init__(self, app: App, quiet: bool, *, one_file: bool) -> None:
        self.app, self.quiet, self.one_file = app, quiet, one_file
        self.starting: Callable[[bool], None] = lambda shares: None
        self.database, self.campaign = app.path, app.campaign_name
        self.batch_root = click.get_current_context().find_root()
        root = self.batch_root.command  # not the group register saw
        assert isinstance(root, click.Group)
        self.root = root

    def __call__(self, number: int, text: str) -> None:
        self.app.begin()  # a line starts: nothing of it committed yet
        try:
            args = shell_words.split(text)
        except ValueError as error:
            raise click.ClickException(
                f"line {number}: {shell_words.unreadable(text, error)}: {batch_lines.shown(text)}"
            ) from None
        if args[0] == "batch":
            raise click.ClickException(f"line {number}: a batch cannot run another batch")
        if self.one_file and any(arg.split("=")[0] == "--database" for arg in args):
            raise click.ClickException(
                f"line {number}: {batch_lines.shown(text)}\n--dry-run and --atomic hold one "
                "ledger file's transaction: a line cannot name another --database"
            )
        if not self.quiet:
            click.echo(f"» {batch_lines.shown(text)}")
        # Options of its own may name this file by another name: another connection.
        self.starting(not args[0].startswith("-") and args[0] not in OWN_COMMANDS)
        try:
            if args[0].startswith("-"):  # options of its own before the command
                prefix = ["--database", str(self.database)]
                if self.campaign is not None:
                    prefix += ["--campaign", self.campaign]
                self.root.main(
                    prefix + args, prog_name="campaign-ledger", standalone_mode=False, obj=self.app
                )
            else:
                run_line(self.batch_root, args)
        except click.ClickException as error:
            shown = batch_lines.shown(text)
            said = f"line {number}: {shown}\n{error.format_message()}"
            if isinstance(error, boundary.AfterCommit):
                raise boundary.AfterCommit(said) from None
            raise _same_kind(error, said) from None


def one_by_one(
    app: App, run: Lines, lines: Iterator[tuple[int, str]], name: str, from_file: bool
) -> None:
    """Each line recorded whole (consecutive lines may share a transaction: acknowledgements.py);
    the first refusal stops the batch, and says where to resume once the line is put right
    (the lines before it are recorded). A line that
    recorded but failed showing it is not refused: the batch goes on and ends saying so.
    Standard output closed (``batch FILE | head -1``): every line still runs and records,
    unshown, and the batch ends quietly (``ledger_cli.boundary.CLOSED_PIPE``)."""
    unshown = 0
    done = Done()
    previous = done.catch_interrupts()
    try:
        # Read as typed or piped, a line's output must not wait for the next line to arrive.
        with Acknowledgements(app, run.database, promptly=not from_file) as acknowledgements:
            run.starting = acknowledgements.line_starts
            for number, text in lines:
                done.running = number
                with acknowledgements.line(number, text):
                    try:
                        run(number, text)
                    except boundary.AfterCommit as error:
                        if error.interrupted:
                            done.line(number)
                            raise KeyboardInterrupt from None
                        unshown += 1
                        click.echo(f"Error: {error.format_message()}", err=True)
                    except click.ClickException as error:
                        raise _same_kind(
                            error, f"{error.format_message()}\n{_resume(name, number)}"
                        ) from None
                done.line(number)
                if done.stop:
                    raise KeyboardInterrupt
            app.begin()  # what follows is the batch's, not its last line's
    except (KeyboardInterrupt, click.Abort):  # click's Abort: a line's command interrupted
        if done.running is not None and app.committed is not None:
            done.line(done.running)  # it committed before Ctrl-C came
        app.begin()  # the batch's own error, not its last line's
        raise Interrupted(done.said(name)) from None
    except Unrecorded as error:  # the lines' shared transaction was not committed
        app.begin()
        raise click.ClickException(
            f"{error}\n{_resume(name, error.first, refused=False)}"
        ) from None
    finally:
        done.restore(previous)
    if acknowledgements.failed is not None:
        raise click.ClickException(
            printable(
                f"every line is recorded, but showing their output failed "
                f"{acknowledgements.failed}; do not run the batch again"
            )
        )
    if unshown:
        lines_were = "line was" if unshown == 1 else "lines were"
        raise click.ClickException(
            f"every line is recorded, but {unshown} {lines_were} not shown (above): "
            "do not run the batch again"
        )
    if acknowledgements.closed:
        click.get_current_context().exit(boundary.CLOSED_PIPE)


def _resume(name: str, number: int, *, refused: bool = True) -> str:
    quoted = printable(shlex.quote(name))
    resume = f"campaign-ledger batch {quoted} --from-line {number}"
    once = "once it is put right, " if refused else ""
    return f"the lines before line {number} are recorded; {once}resume with: {resume}"


class Interrupted(click.ClickException):
    """Ctrl-C stopped the batch: exit status 130, as a shell reports SIGINT."""

    exit_code = 130


class Done:
    """The lines a batch recorded so far, for what Ctrl-C says."""

    def __init__(self) -> None:
        self.count, self.last = 0, 0
        self.running: int | None = None  # the line being run, if any
        self.stop = False  # Ctrl-C came while a line ran: stop once it is whole

    def catch_interrupts(self) -> Any:
        """Ctrl-C stops the batch at once while it waits for a line, else once the line
        being run is done (rich's progress bar would swallow a KeyboardInterrupt raised
        within it). The handler before, to restore; None where none can be set."""

        def interrupted(signum: int, frame: object) -> None:
            if self.running is None:
                raise KeyboardInterrupt
            self.stop = True

        try:
            return signal.signal(signal.SIGINT, interrupted)
        except ValueError:  # not the main thread: Ctrl-C raises where it lands
            return None

    @staticmethod
    def restore(previous: Any) -> None:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)

    def line(self, number: int) -> None:
        self.count, self.last, self.running = self.count + 1, number, None

    def said(self, name: str) -> str:
        lines = "1 line" if self.count == 1 else f"{self.count:,} lines"
        upto = f" (up to line {self.last:,})" if self.count else ""
        resume = (self.running or self.last) + (0 if self.running else 1)
        quoted = printable(shlex.quote(name))
        return (
            f"interrupted: {lines} recorded{upto}, each whole; resume with: "
            f"campaign-ledger batch {quoted} --from-line {resume}"
        )


def rehearse(app: App, run: Lines, lines: Iterator[tuple[int, str]]) -> None:
    """Every line checked in one transaction, each against what the lines before it would
    have recorded, and all rolled back: every refusal is shown; nothing is written."""
    made = missing(app.path)
    refused, checked = 0, 0
    app.commits_later = True  # rolled back: nothing a line records is committed
    try:
        with app.ledger(create=True).transaction(keep=False) as ledger:
            for number, text in lines:
                checked += 1
                try:
                    run(number, text)
                except click.ClickException as error:
                    refused += 1
                    click.echo(f"Error: {error.format_message()}", err=True)
                if not ledger.in_transaction():
                    raise click.ClickException(
                        f"line {number}: the database ended the batch's transaction; "
                        "nothing was written"
                    )
    finally:
        app.commits_later = False
        app.close_ledger(app.path)
        remove_made(made)  # a file the rehearsal created holds nothing
    if refused:
        raise click.ClickException(
            f"dry run: {refused} of {checked} lines would be refused (above); nothing was written"
        )
    click.echo(f"dry run: all {checked} lines would be recorded; nothing was written")


def all_or_none(app: App, run: Lines, lines: Iterator[tuple[int, str]]) -> None:
    """Every line in one transaction, committed at the end; the first refusal rolls every
    line back. The lines' output is shown once all are committed."""
    made = missing(app.path)
    shown, count = io.StringIO(), 0
    app.commits_later = True  # committed at the end, or not at all
    try:
        with redirect_stdout(shown), app.ledger(create=True).transaction(keep=True) as ledger:
            for number, text in lines:
                count += 1
                run(number, text)
                if not ledger.in_transaction():
                    raise click.ClickException(f"line {number}: the database ended the batch")
    except click.ClickException as error:
        said = "\nnothing was written (--atomic): no line of the batch is recorded"
        raise _same_kind(error, error.format_message() + said) from None
    finally:
        app.commits_later = False
        opened = app.opened_ledger(app.path)
        if made and (opened is None or not opened.campaigns()):  # rolled back: nothing kept
            app.close_ledger(app.path)
            remove_made(made)
    app.wrote(f"all {count} lines recorded in one transaction")
    click.echo(shown.getvalue(), nl=False)
    click.echo(f"recorded all {count} lines in one transaction", err=True)


def _same_kind(error: click.ClickException, message: str) -> click.ClickException:
    """``error`` saying ``message``: a usage error (exit 2) stays one, a refusal exits 1.
    ``message`` is escaped already (each part where it was made): its line breaks stay."""
    failed = Escaped if error.exit_code == 2 else click.ClickException
    return failed(message)


def run_line(batch_root: click.Context, args: list[str]) -> None:
    """Run one line as ``campaign-ledger --database D --campaign C ARGS...`` would, without
    the root's own parse and function: a line's parse is most of its cost, and the batch's
    root already holds what they would give (the line has no key and no expected seq).

    The line's command runs through click's public ``Command.main`` with the batch's root
    context as its parent (``main`` hands ``parent`` to the context), as ``Group.invoke``
    would give it: named as under the root, sharing its ``meta`` (a refusal is worded from
    the running command, ``ledger_cli.refusals``), and run under the root's error handling
    and retry."""
    check_ascii_numbers(args)  # as the root's parse does for a whole command line
    root, app, params = batch_root.command, batch_root.obj, batch_root.params
    assert isinstance(root, click.Group)
    assert isinstance(app, App)
    # What the root's function sets (a line before may have given other root options)
    app.database, app.campaign_name = params["database"], params["campaign_name"]
    app.idempotency_key = app.expect_seq = None
    app.begin()

    def attempt() -> None:
        name, command, rest = root.resolve_command(batch_root, list(args))
        assert name is not None
        assert command is not None
        batch_root.meta.pop(RUNNING, None)  # not a line before's command
        # As Command.main not standalone (errors reach the batch, --help shows and returns),
        # without its layers when the line is plain
        plain_run.main(command, name, rest, batch_root)

    guarded(batch_root, attempt)
