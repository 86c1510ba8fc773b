"""The host away (the network cut, the laptop asleep): taps are queued on the device, kept
through a reload, and sent in order when the host is back, each decided then, none twice,
none lost; a refused one is shown on the device that queued it. The app is installable, and
a page opened while the host is away shows the last state it saw, marked as not current."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.helpers.browser import (
    ARGS,
    CHROMIUM,
    PHONE,
    command,
    screenshot_path,
    settled,
)
from tests.helpers.files import new_campaign, recorded
from tests.helpers.web import serving

pytestmark = pytest.mark.skipif(
    not Path("/usr/bin/chromium").exists(), reason="Debian's chromium is not installed"
)


def phone(browser: Browser, url: str) -> Page:
    """A phone on the party page, its service worker in charge and the page in its cache."""
    page = browser.new_context(viewport=PHONE, base_url=url).new_page()
    page.goto("/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.reload()  # read through the worker: now it keeps this page
    page.wait_for_function("() => document.body.dataset.connection === 'up'")
    return page


def gain_xp_form(page: Page) -> None:
    tap = page.locator('#record details.tap[data-action="gain_xp"]')
    tap.locator("> summary").click()
    more = tap.locator("details.more > summary")
    if more.count() and not tap.locator('[name="amount"]').is_visible():
        more.click()


def tap_gain_xp(page: Page, amount: int) -> None:
    form = page.locator('#record details.tap[data-action="gain_xp"] form')
    form.locator('[name="amount"]').fill(str(amount))
    form.locator("button.go").click()


def xp_gains(database: Path) -> list[int]:
    return [
        row["payload"]["amount"] for row in recorded(database) if row["type"] == "base:xp-gained"
    ]


def queued(page: Page, count: int) -> None:
    expect(page.locator("body")).to_have_attribute("data-queued", str(count))


def test_five_taps_offline_are_recorded_once_each_in_order_when_back(
    browser: Browser, tmp_path: Path
) -> None:
    database = new_campaign(tmp_path / "table.db")
    with serving(database) as url:
        page = phone(browser, url)
        gain_xp_form(page)
        page.context.set_offline(True)
        for amount in range(1, 6):
            tap_gain_xp(page, amount)
        queued(page, 5)
        expect(page.locator("#offline ol.queued li")).to_have_count(5)
        expect(page.locator("#offline")).to_contain_text("5 taps waiting for the host")
        assert xp_gains(database) == []

        page.context.set_offline(False)
        queued(page, 0)
        expect(page.locator("#offline")).to_be_hidden()
        assert xp_gains(database) == [1, 2, 3, 4, 5]
        keys = [row["idempotency_key"] for row in recorded(database) if row["seq"] > 1]
        assert len(set(keys)) == len(keys) == 5  # each tap its own key, each sent once
        expect(page.locator("#main")).to_have_attribute("data-head", "6")  # the page follows
        page.context.close()


def test_a_reload_while_offline_keeps_the_queue(browser: Browser, tmp_path: Path) -> None:
    database = new_campaign(tmp_path / "table.db")
    with serving(database) as url:
        page = phone(browser, url)
        gain_xp_form(page)
        page.context.set_offline(True)
        tap_gain_xp(page, 2)
        tap_gain_xp(page, 3)
        queued(page, 2)
        page.reload()
        queued(page, 2)
        expect(page.locator("#offline ol.queued li")).to_have_count(2)
        assert xp_gains(database) == []
        page.context.set_offline(False)
        queued(page, 0)
        assert xp_gains(database) == [2, 3]
        page.context.close()


def test_a_queued_undo_of_what_is_no_longer_last_is_refused_on_the_device(
    browser: Browser, tmp_path: Path
) -> None:
    database = new_campaign(tmp_path / "table.db")
    with serving(database) as url:
        page = phone(browser, url)
        command(page, "gain_xp 4")
        gain_xp_form(page)
        page.context.set_offline(True)
        tap_gain_xp(page, 1)
        page.locator("button.undo").click()  # "Undo: gains 4 XP", seen before the 1 XP
        queued(page, 2)
        page.context.set_offline(False)
        queued(page, 0)
        refusal = page.locator("#offline .queued-refusal")
        expect(refusal).to_contain_text("Not recorded: ↶ Undo")
        expect(refusal).to_contain_text("nothing was undone")
        assert xp_gains(database) == [4, 1]
        assert not [row for row in recorded(database) if row["type"] == "ledger:undone"]
        page.reload()  # shown until dismissed
        expect(refusal).to_contain_text("nothing was undone")
        refusal.locator("button.dismiss").click()
        expect(page.locator("#offline")).to_be_hidden()
        page.context.close()


def test_the_host_gone_the_page_shows_its_last_state_marked_and_queues(
    browser: Browser, tmp_path: Path
) -> None:
    database = new_campaign(tmp_path / "table.db")
    with serving(database) as url:
        page = phone(browser, url)
        command(
            page,
            "add_hero Kell --might 3 --agility 2 --will 2 --taunt 4 --chips 10 --wounded-chips 5",
        )
        command(page, "damage Kell 2")
        command(page, "gain_xp 3")
        page.reload()
        settled(page)
    # The server has stopped: the laptop asleep.
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-stale", re.compile(r"^\d{4}-"))
    expect(page.locator("#offline .stale-note")).to_contain_text("Not current")
    expect(page.locator('article.hero[data-hero="Kell"]')).to_be_visible()
    expect(page.locator("#connection")).to_contain_text("Host unreachable")
    gain_xp_form(page)
    tap_gain_xp(page, 2)
    queued(page, 1)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=screenshot_path("phone-offline"))  # kept as docs/images/phone-offline.png
    page.context.close()


def test_chromium_finds_the_app_installable(browser: Browser, tmp_path: Path) -> None:
    # Its own profile: in an incognito one (every new_context) Chromium installs nothing,
    # and says only that. Launched by the module's Playwright: a second one cannot start
    # while the first runs.
    database = new_campaign(tmp_path / "table.db")
    with serving(database) as url:
        context = browser.browser_type.launch_persistent_context(
            tmp_path / "profile", executable_path=str(CHROMIUM), args=ARGS, base_url=url
        )
        try:
            page = context.new_page()
            page.goto("/")
            page.wait_for_function("() => navigator.serviceWorker.controller !== null")
            cdp = context.new_cdp_session(page)
            assert cdp.send("Page.getAppManifest")["errors"] == []
            assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        finally:
            context.close()
