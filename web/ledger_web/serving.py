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
from types import FrameType

import pluggy
import uvicorn  # this module runs the server (the CLI imports it only to serve)

from ledger_web.kept import kept_secrets
from ledger_web.live import Hub
from ledger_web.security import HideTokens, Security, cookie_name, is_loopback


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


class _Server(uvicorn.Server):
    """Stopping ends the pages' event streams first, so the server stops at once and
    cleanly: the pages say the host is unreachable, and reconnect to the next start."""

    def __init__(self, config: uvicorn.Config, hub: Hub) -> None:
        super().__init__(config)
        self.hub = hub

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        self.hub.end_streams()
        super().handle_exit(sig, frame)


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
    comes with a read-only one (made up too). Made-up tokens and the CSRF token are kept for
    the next start of the same file and campaign (``ledger_web.kept``), so a restart leaves
    every open page working. ``echo`` shows each line of what to share."""
    from ledger_web.app import create_app
    from ledger_web.qr import text

    kept = kept_secrets(
        database, campaign, token=token, read_token=read_token, need_token=not is_loopback(host)
    )
    token, read_token = kept.token, kept.read_token
    shared = links(host, port, token, read_token)
    security = Security(
        token=token,
        read_token=read_token,
        loopback_only=is_loopback(host),
        csrf_token=kept.csrf_token,
        cookie=cookie_name(database, campaign, port),
    )
    web_app = create_app(database, campaign=campaign, pm=pm, security=security, links=shared)
    echo(f"Serving {campaign!r} from {database}")
    if kept.unkept:
        echo(f"  (the tokens could not be kept for a restart: {kept.unkept})")
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
    _Server(config, web_app.state.web.hub).run()
