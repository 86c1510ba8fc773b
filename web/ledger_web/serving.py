"""Serving a campaign to the table: ``serve`` builds the app over a ledger file and campaign,
says where to join (the links and a QR code, through ``echo``) and runs uvicorn until Ctrl+C.

The CLI's ``campaign-ledger serve`` command parses the options and calls it by module name:
the CLI never imports the web app, and the web app no click."""

import logging
import os
import socket
import threading
import webbrowser
from collections.abc import Callable
from pathlib import Path

import pluggy

from ledger_web.security import HideTokens, Security, cookie_name, is_loopback, new_token


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


def serve(
    database: Path,
    campaign: str,
    pm: pluggy.PluginManager,
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    token: str | None = None,
    read_token: str | None = None,
    open_browser: bool = False,
    echo: Callable[[str], object] = print,
) -> None:
    """Serve ``campaign`` of ``database`` on ``host:port`` until interrupted.

    Off loopback every request needs the join token (made up when not given); a join token
    comes with a read-only one (made up too). ``echo`` shows each line of what to share."""
    import uvicorn  # only when serving

    from ledger_web.app import create_app
    from ledger_web.qr import text

    if not is_loopback(host) and not token:
        token = new_token()
    if token and not read_token:
        read_token = new_token()
    shared = links(host, port, token, read_token)
    security = Security(
        token=token,
        read_token=read_token,
        loopback_only=is_loopback(host),
        cookie=cookie_name(database, campaign, port),
    )
    web_app = create_app(database, campaign=campaign, pm=pm, security=security, links=shared)
    echo(f"Serving {campaign!r} from {database}")
    echo(f"  join (can record): {shared['join']}")
    if "read" in shared:
        echo(f"  read-only:         {shared['read']}")
    if not is_loopback(host):
        echo("Scan to join:")
        echo(text(shared["join"]))
    echo("Stop with Ctrl+C.")
    if open_browser:
        threading.Timer(0.5, webbrowser.open, [shared["join"]]).start()
    config = uvicorn.Config(
        web_app,
        host=host,
        port=port,
        log_level=os.environ.get("LEDGER_WEB_LOG", "warning"),
        timeout_graceful_shutdown=2,
    )
    logging.getLogger("uvicorn.access").addFilter(HideTokens())  # after Config's dictConfig
    uvicorn.Server(config).run()
