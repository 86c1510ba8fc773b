"""What makes the pages an installable app that keeps working while the host is away: the web
manifest (``/manifest.webmanifest``) and the service worker (``/sw.js``, served from the root
so that its scope is every page). The worker itself is ``static/sw.js``; the queue of taps
made meanwhile is ``static/offline.js`` (docs/reliability.md, "When the host is away")."""

from importlib.resources import files

import msgspec
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from ledger_web.i18n import gettext as _
from ledger_web.server import web_of

ICON_SIZES = (192, 512)
SLATE = "#24323f"  # the header's colour: the installed app's title bar matches it
PAPER = "#fbfaf7"  # app.css's --paper: the splash screen before the first page


def manifest_of(campaign: str) -> dict[str, object]:
    name = f"{campaign} · campaign-ledger" if campaign else "campaign-ledger"
    return {
        "name": name,
        "short_name": campaign or "Ledger",
        "description": _("The campaign's ledger: record the table's changes from a phone."),
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": PAPER,
        "theme_color": SLATE,
        "icons": [
            {
                "src": f"/static/icon-{size}.png",
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": purpose,
            }
            for size in ICON_SIZES
            for purpose in (
                "any",
                "maskable",
            )  # one drawing: full-bleed, the disk inside the safe zone
        ],
    }


async def manifest(request: Request) -> Response:
    head = web_of(request).hub.head
    body = msgspec.json.encode(manifest_of(str(head["campaign"]) if head else ""))
    return Response(body, media_type="application/manifest+json")


async def service_worker(request: Request) -> Response:
    # Never from the HTTP cache: a new version of the server takes over at the next load.
    script = files("ledger_web").joinpath("static", "sw.js").read_bytes()
    return Response(script, media_type="text/javascript", headers={"cache-control": "no-cache"})


def routes() -> list[BaseRoute]:
    return [
        Route("/manifest.webmanifest", manifest),
        Route("/sw.js", service_worker),
    ]
