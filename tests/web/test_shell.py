"""The app shell: the manifest (its fields, its icons served and of their size), the service
worker from the root, and the pages a browser sees around the campaign: without the token
(how to join, in the layout, telling nothing of the campaign) and /share (with a way back)."""

import struct
from pathlib import Path

import pluggy

from ledger_web.security import Security
from tests.helpers.cli import Invoke
from tests.helpers.web import client

TOKEN = "join-token-1234"
PAGE = {"Accept": "text/html,application/xhtml+xml"}


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_names_the_campaign_and_its_icons_exist(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    with client(db_path, pm) as web:
        answer = web.get("/manifest.webmanifest")
        assert answer.headers["content-type"] == "application/manifest+json"
        manifest = answer.json()
        assert manifest["start_url"] == manifest["scope"] == "/"
        assert manifest["display"] == "standalone"
        assert manifest["short_name"]
        assert "campaign-ledger" in manifest["name"]
        sizes = set()
        for icon in manifest["icons"]:
            image = web.get(icon["src"])
            assert image.headers["content-type"] == "image/png"
            width, height = png_size(image.content)
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add((width, icon["purpose"]))
        assert sizes == {(192, "any"), (192, "maskable"), (512, "any"), (512, "maskable")}
        page = web.get("/").text
        assert '<link rel="manifest" href="/manifest.webmanifest"' in page
        assert '<script src="/static/offline.js"' in page


def test_the_service_worker_is_served_from_the_root_never_from_a_cache(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    with client(db_path, pm) as web:
        worker = web.get("/sw.js")
        assert worker.status_code == 200
        assert worker.headers["content-type"].startswith("text/javascript")
        assert worker.headers["cache-control"] == "no-cache"
        for shell_file in ("/static/offline.js", "/static/offline.css", "/static/icon-512.png"):
            assert shell_file in worker.text
            assert web.get(shell_file).status_code == 200


def test_a_browser_without_the_token_is_told_how_to_join_and_nothing_more(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    security = Security(token=TOKEN, loopback_only=False)
    with client(db_path, pm, security) as web:
        page = web.get("/heroes/Torrax", headers=PAGE)
        assert page.status_code == 401
        assert page.headers["content-type"].startswith("text/html")
        assert "This link needs its token" in page.text
        assert '<a href="/">' in page.text  # a way back
        assert "<style>" in page.text  # styled without reading a static file
        assert "Torrax" not in page.text
        assert "/events" not in page.text
        assert security.csrf_token not in page.text
        assert "frame-ancestors 'none'" in page.headers["content-security-policy"]
        # A script is still answered in JSON.
        assert web.get("/heroes/Torrax").json()["error"].startswith("a valid token")
        assert web.get("/api/party", headers=PAGE).json()["error"].startswith("a valid token")


def test_share_is_a_page_of_the_layout_with_a_way_back(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    with client(db_path, pm) as web:
        page = web.get("/share").text
        assert '<header class="top">' in page
        assert 'href="/check"' in page
        assert "Share this campaign" in page
        assert '<a class="back" href="/">' in page
        assert 'src="/qr.svg?link=join"' in page
