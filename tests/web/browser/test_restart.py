"""The host restarts mid-evening (`campaign-ledger serve` stopped and started again, as the
person at the laptop would): every open page says the host is unreachable and when it is
back, a tap made meanwhile is answered on the page (never a browser error page) and kept,
and the first tap on each device after the restart records."""

import signal
import subprocess
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect

from ledger import Ledger
from tests.helpers.browser import LAPTOP, PHONE, command, screenshot_path, settled
from tests.helpers.console import SCRIPT
from tests.helpers.files import event_count
from tests.helpers.web import free_port

pytestmark = pytest.mark.skipif(
    not Path("/usr/bin/chromium").exists(), reason="Debian's chromium is not installed"
)


def serve(database: Path, port: int) -> subprocess.Popen[str]:
    """`campaign-ledger serve` on ``port``, answering."""
    server = subprocess.Popen(
        [str(SCRIPT), "--database", str(database), "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    for _ in range(600):
        try:
            httpx.get(f"http://127.0.0.1:{port}/api", timeout=2)
            return server
        except httpx.HTTPError:
            assert server.poll() is None, server.communicate()
            subprocess.run(["sleep", "0.1"], check=True)
    raise AssertionError("the server did not start")


def stop(server: subprocess.Popen[str]) -> None:
    server.send_signal(signal.SIGINT)
    _, err = server.communicate(timeout=30)
    assert "Traceback" not in err


WATCH = """() => {
  const bar = document.getElementById("connection");
  window.said = [];
  new MutationObserver(() => window.said.push(bar.textContent))
    .observe(bar, {childList: true, characterData: true, subtree: true});
}"""


def test_a_restart_mid_evening_then_a_tap_on_each_device_records(
    browser: Browser, tmp_path: Path
) -> None:
    database = tmp_path / "evening.db"
    with Ledger.open(database, create=True) as ledger:
        ledger.create_campaign("Evening")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = serve(database, port)
    try:
        laptop = browser.new_context(viewport=LAPTOP, base_url=url).new_page()
        laptop.goto("/")
        command(
            laptop,
            "add_hero Kell --might 3 --agility 2 --will 2 --taunt 4 --chips 10 --wounded-chips 5",
        )
        command(
            laptop,
            "add_hero Venia --might 2 --agility 3 --will 4 --taunt 3 --chips 8 --wounded-chips 4",
        )
        phones = [browser.new_context(viewport=PHONE, base_url=url).new_page() for _ in "ab"]
        for phone in phones:
            phone.goto("/")
            expect(phone.locator("article.hero")).to_have_count(2)

        for page in (*phones, laptop):  # what the bar says, however briefly
            page.evaluate(WATCH)
        stop(server)
        for page in (*phones, laptop):
            expect(page.locator("#connection")).to_have_text(
                "Host unreachable, reconnecting… Taps are kept on this device and sent when it "
                "is back."
            )
        before = event_count(database)
        # A typed line while the host is away (lines are not queued, taps are: test_offline):
        # said on the page, what was typed kept.
        first = phones[0]
        command(first, "damage Kell 1")
        expect(first.locator("form.command #refusal")).to_contain_text(
            "The host did not answer: this may not have been recorded."
        )
        expect(first.locator("#command-line")).to_have_value("damage Kell 1")
        assert first.url.rstrip("/") == url
        first.screenshot(path=screenshot_path("host-unreachable-phone"))

        server = serve(database, port)  # the same command again
        for page in (*phones, laptop):
            page.wait_for_function("() => window.said.includes('Connected to the host again.')")
            expect(page.locator("body")).to_have_attribute("data-connection", "up")
            expect(page.locator("#connection")).to_be_hidden()

        # The first tap on each device after the restart records.
        first.locator("form.command button.go").click()  # the kept line, sent again
        settled(first)
        expect(first.locator("#recorded")).to_contain_text("Kell takes 1 damage")
        command(phones[1], "gain_stars Venia 1")
        expect(phones[1].locator("#recorded")).to_contain_text("Venia gains 1 Star")
        command(laptop, "damage Venia 2")
        expect(laptop.locator("#recorded")).to_contain_text("Venia takes 2 damage")
        assert event_count(database) == before + 3
        for page in (*phones, laptop):
            expect(page.locator('article.hero[data-hero="Venia"] .stars')).to_have_text("1")
            page.context.close()
    finally:
        stop(server)
