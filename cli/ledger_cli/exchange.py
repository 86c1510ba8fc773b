"""export FILE | import FILE"""

from typing import TextIO

import click

from ledger.exchange import export_campaign, import_campaign
from ledger_cli.context import App, pass_app


def register(cli: click.Group) -> None:
    @cli.command("export")
    @click.argument("file", type=click.File("w", encoding="utf-8", atomic=True))
    @pass_app
    def export(app: App, file: TextIO) -> None:
        """Write the campaign as NDJSON: a manifest line, then one line per event.

        \b
        Example:
          campaign-ledger export moonsilver.ndjson
        """
        manifest = export_campaign(app.campaign(), file)
        click.echo(f"exported {manifest.events} events of {manifest.campaign!r}", err=True)

    @cli.command("import")
    @click.argument("file", type=click.File("r", encoding="utf-8"))
    @pass_app
    def import_(app: App, file: TextIO) -> None:
        """Import a campaign exported by `export`, refusing a tampered or truncated file.

        \b
        Example:
          campaign-ledger --database other.db import moonsilver.ndjson
        """
        campaign = import_campaign(app.ledger(create=True), file)
        click.echo(f"imported {campaign.head().seq} events of {campaign.name!r}")
