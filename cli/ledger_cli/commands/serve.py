"""serve: the web app over the ledger file and campaign of the command line.

The web app is a face above the CLI: this command parses the options and calls
``ledger_web.serving.serve`` by module name, so the CLI never imports the web app (the
layers contract "web above CLI" holds) and the web app needs no click."""

import importlib

import click

from ledger_cli.context import App, pass_app
from ledger_cli.parsing import Command

TOKEN_ENV = "LEDGER_WEB_TOKEN"
READ_TOKEN_ENV = "LEDGER_WEB_READ_TOKEN"
SERVING = "ledger_web.serving"


@click.command("serve", cls=Command)
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a browser.")
@click.option(
    "--token",
    envvar=TOKEN_ENV,
    help=f"The join token (write access; default: ${TOKEN_ENV}, else one made up at start "
    "when --host is not a loopback address).",
)
@click.option(
    "--read-token",
    envvar=READ_TOKEN_ENV,
    help=f"A token that reads but cannot record (default: ${READ_TOKEN_ENV}, else one made up "
    "when a join token is in use).",
)
@pass_app
def serve(
    app: App,
    host: str,
    port: int,
    open_browser: bool,
    token: str | None,
    read_token: str | None,
) -> None:
    """Serve the campaign as a web app for every device at the table.

    Binds 127.0.0.1 by default (this computer only). With any other --host every request
    needs the join token, shown as a link and a QR code here; the read-only link can be
    shared apart from it.

    \b
    Examples:
      campaign-ledger serve --open
      campaign-ledger serve --host 0.0.0.0 --port 8000
    """
    campaign = app.campaign()  # the file and the campaign exist, or the player reads why
    path, pm = app.path, app.pm
    app.close()  # the server opens the file in its own threads
    importlib.import_module(SERVING).serve(
        path,
        campaign.name,
        pm,
        host=host,
        port=port,
        token=token,
        read_token=read_token,
        open_browser=open_browser,
        echo=click.echo,
    )


def register(cli: click.Group) -> None:
    cli.add_command(serve)
