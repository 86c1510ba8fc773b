"""batch FILE: one command per line, each committed on its own."""

from typing import BinaryIO

import click

from ledger_cli import batch_lines, shell_words
from ledger_cli.acknowledgements import Acknowledgements, regular
from ledger_cli.app import guarded
from ledger_cli.context import App, pass_app
from ledger_cli.numbers import check_ascii_numbers
from ledger_cli.parsing import RUNNING


def register(cli: click.Group) -> None:
    @cli.command()
    @click.argument("file", type=click.File("rb"))  # decoded line by line: batch_lines
    @click.option("--quiet", is_flag=True, help="Do not echo each line before running it.")
    @pass_app
    def batch(app: App, file: BinaryIO, quiet: bool) -> None:
        """Run FILE (or - for stdin): one command per line as typed after campaign-ledger.

        Blank lines and lines starting with # are skipped. Each line commits on its own; the
        first error stops the batch and names the line. A line's output is shown once its
        commit is safely on the disk.

        \b
        Example:
          campaign-ledger --database moonsilver.db batch examples/first-evening.txt
        """
        database, campaign = app.path, app.campaign_name
        app.asks = False  # a line that would ask a player (undo 3) runs as typed
        batch_root = click.get_current_context().find_root()
        root = batch_root.command  # not the group register saw
        assert isinstance(root, click.Group)
        # Read as typed or piped, a line's output must not wait for the next line to arrive.
        with Acknowledgements(app, database, promptly=not regular(file)) as acknowledgements:
            for number, line in batch_lines.numbered(file):
                text = line.strip()
                if not text or text.startswith("#"):
                    continue
                try:
                    args = shell_words.split(text)
                except ValueError as error:
                    raise click.ClickException(
                        f"line {number}: {error}: {batch_lines.shown(text)}"
                    ) from None
                if args[0] == "batch":
                    raise click.ClickException(f"line {number}: a batch cannot run another batch")
                with acknowledgements.line(number, text):
                    if not quiet:
                        click.echo(f"» {batch_lines.shown(text)}")
                    try:
                        if args[0].startswith("-"):  # options of its own before the command
                            prefix = ["--database", str(database)]
                            if campaign is not None:
                                prefix += ["--campaign", campaign]
                            root.main(
                                prefix + args,
                                prog_name="campaign-ledger",
                                standalone_mode=False,
                                obj=app,
                            )
                        else:
                            run_line(batch_root, args)
                    except click.ClickException as error:
                        # A usage error in a line stays a usage error (exit 2); a refusal exits 1.
                        failed = click.UsageError if error.exit_code == 2 else click.ClickException
                        raise failed(
                            f"line {number}: {batch_lines.shown(text)}\n{error.format_message()}"
                        ) from None


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

    def attempt() -> None:
        name, command, rest = root.resolve_command(batch_root, list(args))
        assert name is not None
        assert command is not None
        batch_root.meta.pop(RUNNING, None)  # not a line before's command
        # Command.main not standalone: errors reach the batch, --help shows and returns.
        command.main(rest, name, standalone_mode=False, parent=batch_root)

    guarded(batch_root, attempt)
