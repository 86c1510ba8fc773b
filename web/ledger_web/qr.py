"""The address to share, as a QR code: in the terminal when the server starts, and on the
page (``/share``; ``/qr.svg?link=join|read``). The join link (write access) is shown only to
a client that may write."""

import io

import qrcode  # type: ignore[import-untyped]
import qrcode.image.svg  # type: ignore[import-untyped]
from starlette.requests import Request
from starlette.responses import Response

from ledger_web.server import web_of


def svg(url: str) -> str:
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, border=2)
    return image.to_string(encoding="unicode")  # type: ignore[no-any-return]


def text(url: str) -> str:
    """The QR code in block characters, for a terminal."""
    code = qrcode.QRCode(border=2)
    code.add_data(url)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()


def _shown(request: Request) -> list[tuple[str, str]]:
    links = web_of(request).links
    may_write = getattr(request.state, "access", None) == "write"
    return [(name, url) for name, url in links.items() if name != "join" or may_write]


async def qr_svg(request: Request) -> Response:
    shown = dict(_shown(request))
    link = request.query_params.get("link", "join" if "join" in shown else "read")
    if link not in shown:
        return Response("no such link", 404, media_type="text/plain")
    return Response(svg(shown[link]), media_type="image/svg+xml")


async def share(request: Request) -> Response:
    web = web_of(request)
    return web.render(request, "share.html", {"shown": _shown(request)})
