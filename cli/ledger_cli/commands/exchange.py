"""export FILE | import FILE"""

import os
import sys
import tempfile
from pathlib import Path
from typing import BinaryIO, TextIO, cast

import click

from ledger.campaign import Campaign
from ledger.errors import BadInput
from ledger.exchange import Manifest, check_export_target, export_campaign, import_campaign
from ledger_cli import output, terminal
from ledger_cli.context import App, json_option, pass_app
from ledger_cli.parsing import Command


@click.command("export", cls=Command)
@click.argument("file", type=click.Path(path_type=Path))
@pass_app
def export(app: App, file: Path) -> None:
    """Write the campaign as NDJSON: a manifest line, then one line per event (- for
    standard output). The file appears whole or not at all.

    \b
    Example:
      campaign-ledger export moonsilver.ndjson
    """
    campaign = app.campaign()
    manifest = _export_to_stdout(campaign) if str(file) == "-" else _export_to_file(campaign, file)
    click.echo(f"exported {manifest.events} events of {manifest.campaign!r}", err=True)


@click.command("import", cls=Command)
@click.argument("file", type=click.File("rb"))  # decoded line by line, each named
@json_option
@pass_app
def import_(app: App, file: BinaryIO, as_json: bool) -> None:
    """Import a campaign exported by `export`, refusing a tampered or truncated file.

    \b
    Example:
      campaign-ledger --database other.db import moonsilver.ndjson
    """
    with terminal.progress(terminal.file_size(file), "importing") as advance:
        campaign = import_campaign(
            app.ledger(create=True), cast(BinaryIO, terminal.Tracked(file, advance))
        )
    if as_json:
        click.echo(output.to_json({"campaign": campaign.name, "events": campaign.head().seq}))
    else:
        click.echo(f"imported {campaign.head().seq} events of {campaign.name!r}")


def _export_to_stdout(campaign: Campaign) -> Manifest:
    """``export -``: flushed before it is said to be done, so a full disk or pipe is an error
    (a closed pipe ends the command quietly, as click does)."""
    try:
        manifest = export_campaign(campaign, sys.stdout)
        sys.stdout.flush()
    except BrokenPipeError:
        _discard_stdout()
        raise
    except OSError as error:
        _discard_stdout()
        raise BadInput(
            f"cannot write the export to standard output: {error.strerror}; it is incomplete"
        ) from None
    return manifest


def _discard_stdout() -> None:
    """What is still buffered for a stream that failed would fail again at exit."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def _export_to_file(campaign: Campaign, path: Path) -> Manifest:
    """Write a temporary file beside PATH and rename it over PATH: PATH must be a new name or
    a regular file. A symlink, a FIFO or a device would be replaced by a regular file."""
    check_export_target(path)
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    except OSError as error:
        raise BadInput(f"cannot write {path}: {error.strerror}") from None
    try:
        with (
            os.fdopen(handle, "w", encoding="utf-8") as out,
            terminal.progress(campaign.head().seq + 1, "exporting") as advance,
        ):
            manifest = export_campaign(campaign, cast(TextIO, terminal.Tracked(out, advance)))
            out.flush()
            os.fsync(out.fileno())
        check_export_target(path)  # nothing else took the name meanwhile
        os.replace(temporary, path)
    except BaseException as error:
        os.unlink(temporary)
        if isinstance(error, OSError):
            raise BadInput(f"cannot write {path}: {error.strerror}; nothing was exported") from None
        raise
    return manifest


def register(cli: click.Group) -> None:
    cli.add_command(export)
    cli.add_command(import_)
