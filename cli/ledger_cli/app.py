"""The root command: global options, error handling, and the noun groups."""

import gc
import os
import sys
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

import click
import pluggy

from ledger.errors import ConflictError, LedgerError, OutOfRange, PluginError
from ledger.hosting import PLUGINS_DIR_ENV, TRACE_ENV, enable_tracing, get_plugin_manager, tracing
from ledger.service import CAMPAIGN_ENV
from ledger.storage import sqlite3
from ledger.text import printable
from ledger_cli.completion import complete_campaign
from ledger_cli.context import DATABASE_ENV, App
from ledger_cli.crashes import DEBUG_ENV, TRACEBACK_HINT, crash_message, show_traceback
from ledger_cli.lazy import LazyGroup
from ledger_cli.numbers import check_ascii_numbers
from ledger_cli.parsing import RUNNING
from ledger_cli.plugin_commands import Missing, add_plugin_commands
from ledger_cli.refusals import said


def _printable(error: click.UsageError) -> click.UsageError:
    """Click quotes the offending argument as typed: escape what a terminal would act on.
    An error whose message is escaped already (``Escaped``) keeps its line breaks."""
    if isinstance(error, Escaped):
        return error
    if isinstance(error, click.MissingParameter):  # nothing typed: keep click's list of choices
        lines = error.format_message().replace("\t", "  ").split("\n")
        message = "\n".join(map(printable, lines))
    else:
        message = printable(error.format_message())
    return click.UsageError(message if len(message) <= 500 else message[:500] + "…", error.ctx)


def _database_path(ctx: click.Context, param: click.Parameter, value: str | None) -> Path | None:
    """--database as a path; blank, it would name the working directory or a blank name."""
    if value is not None and not value.strip():
        raise click.BadParameter("is blank: give the ledger file's path", ctx, param)
    return None if value is None else Path(value)


class Escaped(click.UsageError):
    """A usage error whose message escaped every text it quotes (a batch line's error)."""


def _nul(error: ValueError) -> Exception:
    """open() and stat() refuse a NUL in a file name (a batch line can hold one)."""
    if "null byte" not in str(error):
        return error
    return click.UsageError("a file name cannot contain a NUL character")


# The ledger's own commands: the modules that define them, imported when one is used.
CORE_COMMANDS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("campaign",), "campaign"),
    (("content",), "content"),
    (("replay", "session"), "sessions"),
    (("log", "redo", "undo"), "log"),
    (("diff",), "diff"),
    (("verify",), "verify"),
    (("export", "import"), "exchange"),
    (("batch",), "batch"),
    (("plugin", "plugins"), "plugins"),
    (("phrase",), "phrase"),
    (("completion",), "completion"),
    (("shell",), "shell"),
)

COMPLETING = "_CAMPAIGN_LEDGER_COMPLETE"  # click's variable: set while a shell completes

# Faces above this one, offered by module name: the CLI never imports them itself.
FACES: tuple[tuple[tuple[str, ...], str], ...] = ((("serve",), "ledger_cli.commands.serve"),)


class LedgerGroup(LazyGroup):
    """Turns ledger errors into exit status 1 with the message on stderr, never a traceback."""

    missing = Missing()  # what failing plugins would have offered

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError as error:
            if not error.message.startswith("No such command"):
                raise
            raise click.UsageError(f"{error.message}{self._hint(args[0])}", ctx) from None

    def _hint(self, name: str) -> str:
        """Which failing plugin would have offered the command ``name``, when known."""
        if name in self.missing.commands:
            return f" A plugin would offer it, but {self.missing.commands[name]}."
        if self.missing.plugins:
            names = ", ".join(repr(plugin) for plugin in self.missing.plugins)
            return f" Failing plugins may offer it ({names}): see `campaign-ledger plugins`."
        return ""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            check_ascii_numbers(args)
            return super().parse_args(ctx, args)
        except click.UsageError as error:
            raise _printable(error) from None
        except ValueError as error:
            raise _nul(error) from None
        except OSError as error:  # --help shown to a closed pipe
            from ledger_cli import boundary  # what fails and ends a command: not every start

            if not boundary.closed_pipe(error):
                raise
            boundary.quiet_exit()

    def invoke(self, ctx: click.Context) -> Any:
        return guarded(ctx, lambda: super(LedgerGroup, self).invoke(ctx))


def guarded(ctx: click.Context, attempt: Callable[[], Any]) -> Any:
    """Run a command (``attempt``) with the ledger's error handling, on either side of its
    commit (``ledger_cli.boundary``): a closed standard output ends it quietly; an error
    after the commit says what was recorded; one before it, that nothing was written. A race
    lost to another writer was decided again by the service (``ledger.campaign.retried``); a
    conflict that reaches here is final (the user's --expect-seq, or races lost every time)."""
    try:
        return attempt()
    except Exception as error:
        if click_exit(error):
            raise  # ctx.exit(), --help
        from ledger_cli import boundary

        if boundary.closed_pipe(error):
            boundary.quiet_exit()
        app = ctx.obj if isinstance(ctx.obj, App) else None
        if app is not None and app.committed is not None:
            if _debugging(ctx) and not isinstance(error, click.ClickException):
                show_traceback(error)
            raise boundary.after_commit(app.committed, error, app.pm, path=app.path) from None
        raise _before_commit(ctx, error) from None


def _before_commit(ctx: click.Context, error: Exception) -> Exception:
    """``error``, raised before the command committed anything, as the command says it."""
    from ledger_cli import boundary

    if isinstance(error, ConflictError):
        return click.ClickException(str(error))
    if isinstance(error, click.UsageError):
        return _printable(error)
    if isinstance(error, ValueError) and not isinstance(error, UnicodeError):
        nul = _nul(error)
        return _crashed(ctx, error) if nul is error else nul
    if isinstance(error, OutOfRange):  # a number the command cannot take: a usage error
        running = ctx.meta.get(RUNNING, ctx)
        return click.UsageError(error.worded(said(ctx)), running)
    if isinstance(error, LedgerError):  # its fields as the running command writes them
        message = error.worded(said(ctx))
        if _crash_in_plugin(error):  # as a crash in a command says it (crash_message)
            if _debugging(ctx):
                show_traceback(error)
            message += f" ({TRACEBACK_HINT})"
        return click.ClickException(message)
    if isinstance(error, sqlite3.Error):
        where = f" {ctx.obj.path}" if isinstance(ctx.obj, App) else ""
        return click.ClickException(
            f"the ledger database{where} failed: {error}; nothing was written"
        )
    if isinstance(error, click.ClickException | click.Abort):
        return error
    if boundary.output_error(error):  # the terminal's or the disk's, not a plugin's
        return click.ClickException(boundary.output_failed(None, error))
    text = boundary.undecodable(error)
    if text is not None:  # the shell's text, not a plugin's fault
        return click.ClickException(f"{boundary.not_utf8(text)}; nothing was written")
    return _crashed(ctx, error)  # a bug, most often a plugin's: named, no traceback


def _crash_in_plugin(error: LedgerError) -> bool:
    """A PluginError the core raised from a plugin's unexpected exception (not a refusal)."""
    cause = error.__cause__
    return (
        isinstance(error, PluginError) and cause is not None and not isinstance(cause, LedgerError)
    )


def click_exit(error: BaseException) -> bool:
    """Whether ``error`` is click's way to end a command early (``ctx.exit()``'s Exit)."""
    return type(error).__module__.startswith("click.") and not isinstance(
        error, click.ClickException | click.Abort
    )


def _crashed(ctx: click.Context, error: Exception) -> click.ClickException:
    app = ctx.obj if isinstance(ctx.obj, App) else None
    if _debugging(ctx):
        show_traceback(error)
    running = ctx.meta.get(RUNNING)
    path = running.command_path if isinstance(running, click.Context) else ctx.command_path
    doing = f"`{path.split(' ', 1)[-1]}`" if " " in path else f"`{path}`"
    return click.ClickException(crash_message(error, app.pm if app else None, doing))


def _debugging(ctx: click.Context) -> bool:
    """--debug, or LEDGER_DEBUG=1 (also when the error came before --debug was read)."""
    if isinstance(ctx.obj, App) and ctx.obj.debug:
        return True
    return os.environ.get(DEBUG_ENV, "").strip().lower() in ("1", "true", "yes", "on")


def _show_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: TextIO | None = None,
    line: str | None = None,
) -> None:
    click.echo(f"Warning: {message}", err=True)


def build_cli(pm: pluggy.PluginManager | None = None) -> click.Group:
    """A fresh CLI around a plugin manager (tests build their own). The game's commands come
    from the plugins' ``register_commands``, the base game's too."""
    pm = pm or get_plugin_manager()
    problems: list[str] = []
    if COMPLETING in os.environ:  # Tab in bash: names inserted quoted
        from ledger_cli.completion_quoting import register

        register()

    @click.group(cls=LedgerGroup)
    @click.option(
        "--database",
        type=click.Path(),
        callback=_database_path,
        envvar=DATABASE_ENV,
        help=f"The ledger file (default: ${DATABASE_ENV}, else one in the user data directory).",
    )
    @click.option(
        "--campaign",
        "campaign_name",
        envvar=CAMPAIGN_ENV,
        shell_complete=complete_campaign,
        help=f"The campaign (default: ${CAMPAIGN_ENV}, else the one `campaign use` chose, else "
        "the only one in the file).",
    )
    @click.option(
        "--idempotency-key",
        metavar="KEY",
        help="Record the command only if no command was recorded with this key before.",
    )
    @click.option(
        "--expect-seq",
        type=int,
        metavar="N",
        help="Refuse (and write nothing) unless the campaign's last event is N.",
    )
    @click.option(
        "--plugins-dir",
        type=click.Path(exists=True, file_okay=False, path_type=Path),
        envvar=PLUGINS_DIR_ENV,
        metavar="DIR",
        help=f"Also load each DIR/NAME.py as the plugin NAME, while developing one (default: "
        f"${PLUGINS_DIR_ENV}); its rows record the version dir:PATH#HASH.",
    )
    @click.option(
        "--trace-hooks",
        is_flag=True,
        envvar=TRACE_ENV,
        help=f"Write every plugin hook call, with its plugin, arguments and answer, to standard "
        f"error, for debugging an expansion (default: ${TRACE_ENV}).",
    )
    @click.option(
        "--debug",
        is_flag=True,
        envvar=DEBUG_ENV,
        help=f"Show the traceback of an unexpected error (default: ${DEBUG_ENV}).",
    )
    @click.version_option(package_name="campaign-ledger")
    @click.pass_context
    def cli(
        ctx: click.Context,
        database: Path | None,
        campaign_name: str | None,
        idempotency_key: str | None,
        expect_seq: int | None,
        plugins_dir: Path | None,
        trace_hooks: bool,
        debug: bool,
    ) -> None:
        """An event-sourced campaign ledger for Agemonia.

        Every change to the Heroes is an event, checked against the rules when recorded and
        never altered afterwards. State at any point is rebuilt from the events.

        \b
        Examples:
          campaign-ledger campaign new "Moonsilver"
          campaign-ledger hero add Torrax --agility 2 --will 2 --taunt 6 --wounded-chips 5
          campaign-ledger damage Torrax 3
          campaign-ledger hero show Torrax --at city-2
        """
        warnings.showwarning = _show_warning
        if trace_hooks and not tracing():  # a manager built before the option was read
            enable_tracing(pm)
        if isinstance(ctx.obj, App):
            app = ctx.obj  # main and batch pass their App; they close it at the end
        else:
            app = ctx.obj = App(pm)
            ctx.call_on_close(app.close)
        app.listing_plugins = ctx.invoked_subcommand in ("plugins", "plugin")
        app.warn_plugins(problems)  # once each: a batch's lines share the App
        app.begin()  # a command (or a batch's line) starts: nothing committed yet
        app.database, app.campaign_name = database, campaign_name
        app.idempotency_key, app.expect_seq = idempotency_key, expect_seq
        app.debug = app.debug or debug

    assert isinstance(cli, LedgerGroup)
    for names, module in CORE_COMMANDS:
        cli.add_lazy(names, [f"ledger_cli.commands.{module}"])
    for names, module in FACES:
        cli.add_lazy(names, [module])
    cli.missing = Missing()
    problems += add_plugin_commands(cli, pm, cli.missing)
    return cli


TAKES_VALUE = {"--database", "--campaign", "--idempotency-key", "--expect-seq", "--plugins-dir"}


def _before_command(args: Sequence[str]) -> list[str]:
    """The root options given before the command, each with its value."""
    found: list[str] = []
    words = iter(args)
    for word in words:
        if not word.startswith("-") or word == "--":
            break
        found.append(word)
        if word in TAKES_VALUE:
            found.append(next(words, ""))
    return found


def plugins_dir_of(args: Sequence[str]) -> str | None:
    """``--plugins-dir`` as given before the command (else ``$LEDGER_PLUGINS_DIR``): read
    before the command line is parsed, since the plugins add commands to it."""
    found = os.environ.get(PLUGINS_DIR_ENV) or None
    words = iter(_before_command(args))
    for word in words:
        if word == "--plugins-dir":
            found = next(words, None)
        elif word.startswith("--plugins-dir="):
            found = word.split("=", 1)[1]
        elif word in TAKES_VALUE:
            next(words, None)
    return found


def main() -> None:
    if "--trace-hooks" in _before_command(sys.argv[1:]):  # from loading on
        os.environ[TRACE_ENV] = "1"
    collecting = gc.isenabled()
    gc.disable()  # start-up makes no garbage cycles (ledger_cli.start)
    with warnings.catch_warnings():  # the CLI shows import failures in its own words
        warnings.simplefilter("ignore")
        pm = get_plugin_manager(plugins_dir=plugins_dir_of(sys.argv[1:]))
    app = App(pm)
    try:
        cli = build_cli(app.pm)
        # What start-up made lives to the end: no collection during the command (a batch, a
        # shell, a server) walks it again.
        gc.freeze()
        if collecting:
            gc.enable()
        cli.main(obj=app, prog_name="campaign-ledger")
    except SystemExit as ended:
        raise SystemExit(_flushed(app, ended.code)) from None
    finally:
        app.close()
        # The process ends: interpreter shutdown would run the cycle collector over every
        # object several times (20-30 ms of each command); frozen ones it skips.
        gc.freeze()


def _flushed(app: App, code: str | int | None) -> str | int | None:
    """The exit status once what is still buffered for standard output is written (a
    plugin's ``print``): here, not at interpreter exit, where a closed pipe or a full disk
    would print a traceback (``ledger_cli.boundary``)."""
    try:
        sys.stdout.flush()
    except OSError as error:
        from ledger_cli import boundary

        if boundary.closed_pipe(error):
            boundary.silence_stdout()
            return boundary.CLOSED_PIPE
        boundary.silence_stdout()
        click.echo(f"Error: {boundary.output_failed(app.committed, error)}", err=True)
        return 1
    return code
