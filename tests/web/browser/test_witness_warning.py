"""A phone that saw the table's history warns when the server's no longer holds it: the
file forged and re-hashed from an event on (which plain `verify` passes), the page says so
in a banner, names the `verify SEQ:HASH` to run, and keeps the head it remembered."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from ledger import Ledger
from ledger.hosting import get_plugin_manager
from ledger.service import Service
from ledger_base_game import actions
from tests.helpers.actions import TORRAX
from tests.helpers.browser import PHONE, chromium, screenshot_path
from tests.helpers.tampering import forged_in_place
from tests.helpers.web import serving

pytestmark = pytest.mark.skipif(
    not Path("/usr/bin/chromium").exists(), reason="Debian's chromium is not installed"
)


def test_the_page_warns_when_the_history_no_longer_holds_what_the_phone_saw(
    tmp_path: Path,
) -> None:
    path = tmp_path / "table.db"
    with Service(path) as service:
        service.start_campaign("Moonsilver")
        service.do(actions.add_hero, name="Torrax", **TORRAX)
        damaged = service.do(actions.damage, hero="Torrax", amount=2).rows[0].seq
        service.do(actions.damage, hero="Torrax", amount=1)
    with Ledger.open(path, create=False) as ledger:
        head = ledger.campaign().head()
    with serving(path, get_plugin_manager()) as server, chromium() as browser:
        context = browser.new_context(viewport=PHONE, base_url=server)
        page = context.new_page()
        page.goto("/")
        remembered = f"{head.seq}:{head.hash}"
        page.wait_for_function(
            "key => localStorage.getItem(key) !== null", arg=f"ledger-witness:{server[7:]}"
        )
        page.reload()
        page.wait_for_load_state("networkidle")
        expect(page.locator("#witness-warning")).to_have_count(0)

        forged_in_place(path, damaged, amount=3)

        page.reload()
        warning = page.locator("#witness-warning")
        expect(warning).to_be_visible(timeout=10_000)
        expect(warning).to_contain_text("no longer holds what this device saw")
        expect(warning).to_contain_text(f"campaign-ledger verify {remembered}")
        page.screenshot(path=str(screenshot_path("witness-warning-phone")), full_page=False)
        # The remembered head is the evidence: kept, not replaced by the forged one.
        kept = page.evaluate(
            "key => JSON.parse(localStorage.getItem(key))", f"ledger-witness:{server[7:]}"
        )
        assert f"{kept['seq']}:{kept['hash']}" == remembered
        # Another device that never saw the old history has nothing to warn of.
        fresh = browser.new_context(viewport=PHONE, base_url=server).new_page()
        fresh.goto("/")
        fresh.wait_for_load_state("networkidle")
        expect(fresh.locator("#witness-warning")).to_have_count(0)
        context.close()
