"""``campaign-ledger serve``: the web app over the ledger file and campaign of the command
line, offered by the CLI's lazy table by module name (the CLI never imports ledger_web)."""

import os
import socket
import threading
import webbrowser

import click

from ledger_cli.helpers import App, Command, pass_app
from ledger_web.security import Security, is_loopback, new_token

TOKEN_ENV = "LEDGER_WEB_TOKEN"
READ_TOKEN_ENV = "LEDGER_WEB_READ_TOKEN"


def lan_address() -> str:
    """This machine's address on its network (no packet is sent: a UDP socket only picks
    the interface it would use), or 127.0.0.1."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def links(host: str, port: int, token: str | None, read_token: str | None) -> dict[str, str]:
    shown = lan_address() if host in ("0.0.0.0", "::", "") else host
    if ":" in shown:
        shown = f"[{shown}]"
    base = f"http://{shown}:{port}/"
    found = {"join": base + (f"?token={token}" if token else "")}
    if read_token:
        found["read"] = base + f"?token={read_token}"
    return found


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
    import uvicorn  # only when serving (start-up of every other command)

    from ledger_web.app import create_app
    from ledger_web.qr import text

    campaign = app.campaign()  # the file and the campaign exist, or the player reads why
    if not is_loopback(host) and not token:
        token = new_token()
    if token and not read_token:
        read_token = new_token()
    shared = links(host, port, token, read_token)
    security = Security(token=token, read_token=read_token, loopback_only=is_loopback(host))
    web_app = create_app(
        app.path, campaign=campaign.name, pm=app.pm, security=security, links=shared
    )
    click.echo(f"Serving {campaign.name!r} from {app.path}")
    click.echo(f"  join (can record): {shared['join']}")
    if "read" in shared:
        click.echo(f"  read-only:         {shared['read']}")
    if not is_loopback(host):
        click.echo("Scan to join:")
        click.echo(text(shared["join"]))
    click.echo("Stop with Ctrl+C.")
    if open_browser:
        threading.Timer(0.5, webbrowser.open, [shared["join"]]).start()
    app.close()  # the server opens the file in its own threads
    config = uvicorn.Config(
        web_app,
        host=host,
        port=port,
        log_level=os.environ.get("LEDGER_WEB_LOG", "warning"),
        timeout_graceful_shutdown=2,
    )
    uvicorn.Server(config).run()


def register(cli: click.Group) -> None:
    cli.add_command(serve)
