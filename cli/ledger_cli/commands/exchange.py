"""export FILE | import FILE"""

import os
import sys
from pathlib import Path
from typing import BinaryIO, cast

import click

from ledger.campaign import Campaign
from ledger.errors import BadInput
from ledger.exchange import Manifest, export_campaign, export_to_file, import_into_file
from ledger_cli import output, terminal
from ledger_cli.context import App, json_option, pass_app
from ledger_cli.parsing import Command


@click.command("export", cls=Command)
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--force", is_flag=True, help="Replace FILE if it exists.")
@pass_app
def export(app: App, file: Path, force: bool) -> None:
    """Write the campaign as NDJSON: a manifest line, then one line per event (- for
    standard output). The file appears whole or not at all; an existing one is kept unless
    --force replaces it.

    \b
    Example:
      campaign-ledger export moonsilver.ndjson
    """
    campaign = app.campaign()
    if str(file) == "-":
        manifest = _export_to_stdout(campaign)
    else:
        with terminal.progress(campaign.head().seq, "exporting") as advance:
            manifest = export_to_file(campaign, file, force=force, progress=advance)
        app.wrote(f"exported to {file}")
    click.echo(f"exported {manifest.events} events of {campaign.title!r}", err=True)


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
        tracked = cast(BinaryIO, terminal.Tracked(file, advance))  # bytes read: the bar
        campaign = import_into_file(
            app.path, lambda: app.ledger(create=True), lambda: app.close_ledger(app.path), tracked
        )
    app.wrote(f"campaign {campaign.name!r} imported")
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


def register(cli: click.Group) -> None:
    cli.add_command(export)
    cli.add_command(import_)
