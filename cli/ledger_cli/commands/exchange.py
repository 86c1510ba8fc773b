"""export FILE | import FILE"""

import os
import sys
import tempfile
from pathlib import Path
from typing import TextIO

import click

from ledger.campaign import Campaign
from ledger.errors import BadInput
from ledger.exchange import Manifest, export_campaign, import_campaign
from ledger_cli import output
from ledger_cli.context import App, json_option, pass_app


def register(cli: click.Group) -> None:
    @cli.command("export")
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
        if str(file) == "-":
            manifest = export_campaign(campaign, sys.stdout)
        else:
            manifest = _export_to_file(campaign, file)
        click.echo(f"exported {manifest.events} events of {manifest.campaign!r}", err=True)

    @cli.command("import")
    @click.argument("file", type=click.File("r", encoding="utf-8"))
    @json_option
    @pass_app
    def import_(app: App, file: TextIO, as_json: bool) -> None:
        """Import a campaign exported by `export`, refusing a tampered or truncated file.

        \b
        Example:
          campaign-ledger --database other.db import moonsilver.ndjson
        """
        campaign = import_campaign(app.ledger(create=True), file)
        if as_json:
            click.echo(output.to_json({"campaign": campaign.name, "events": campaign.head().seq}))
        else:
            click.echo(f"imported {campaign.head().seq} events of {campaign.name!r}")


def _export_to_file(campaign: Campaign, path: Path) -> Manifest:
    if path.is_dir():
        raise BadInput(f"{path} is a directory; name the file to export to")
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    except OSError as error:
        raise BadInput(f"cannot write {path}: {error.strerror}") from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            manifest = export_campaign(campaign, out)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise
    return manifest
