"""A table of devices, as a group plays: two phones and a laptop on one campaign, each its
own browser, and one browser with eight tabs. A page never reverts what it did not show, a
refusal never stops a page following the table, another device's change never wipes a form
being filled in, and one browser holds one live connection whatever its tabs."""

import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from ledger_web import create_app
from tests.helpers.browser import (
    LAPTOP,
    PHONE,
    command,
    hero_card,
    screenshot_path,
    settled,
    tap_for_party,
)
from tests.helpers.files import new_campaign, stored
from tests.helpers.web import serving

pytestmark = pytest.mark.skipif(
    not Path("/usr/bin/chromium").exists(), reason="Debian's chromium is not installed"
)


def device(browser: Browser, url: str, viewport: dict[str, int] = PHONE) -> Page:
    # No service worker: its reads of the page would go around page.route (stale() below).
    page = browser.new_context(viewport=viewport, base_url=url, service_workers="block").new_page()
    page.goto("/")
    return page


def undos(db_path: Path) -> int:
    return sum(1 for row in stored(db_path) if row[3] == "ledger:undone")


def stale(page: Page) -> Callable[[], None]:
    """Hold the page as drawn: its live refreshes fail (as when a tap comes before the
    update does). Returns what lets them through again."""

    def hold(route: Route) -> None:
        if route.request.headers.get("x-live") == "1":
            route.abort()
        else:
            route.continue_()

    def party_page(url: str) -> bool:
        return urlsplit(url).path == "/"

    page.route(party_page, hold)
    return lambda: page.unroute(party_page, hold)


def wait_for_head(page: Page, seq: int) -> None:
    """The page heard of the head ``seq`` (whether or not it could read it)."""
    page.wait_for_function(f"() => document.body.dataset.seq === '{seq}'")


def eventually(read: Callable[[], int], expected: int) -> None:
    """``read()`` comes to ``expected`` (a closed stream leaves the server soon after)."""
    deadline = time.monotonic() + 10
    while read() != expected:
        assert time.monotonic() < deadline, f"{read()} != {expected}"
        time.sleep(0.05)


def head(db_path: Path) -> int:
    return max(row[1] for row in stored(db_path))


def test_two_phones_and_a_laptop_no_undo_reverts_what_its_page_did_not_show(
    browser: Browser, tmp_path: Path
) -> None:
    database = new_campaign(tmp_path / "table.db")
    with serving(database) as url:
        laptop = device(browser, url, LAPTOP)
        command(
            laptop,
            "add_hero Kell --might 3 --agility 2 --will 2 --taunt 4 --chips 10 --wounded-chips 5",
        )
        command(
            laptop,
            "add_hero Venia --might 2 --agility 3 --will 4 --taunt 3 --chips 8 --wounded-chips 4",
        )
        command(laptop, "start_city_step")
        kell, venia = device(browser, url), device(browser, url)

        command(kell, "damage Kell 2")
        expect(kell.locator("button.undo")).to_have_text("↶ Undo: Kell takes 2 damage")
        # A refusal: answered in place, the line kept, the page still at its own address.
        command(kell, "spend_stamina Kell 99")
        expect(kell.locator("form.command #refusal")).to_contain_text(
            "Kell has only 8 unspent stamina"
        )
        expect(kell.locator("#command-line")).to_have_value("spend_stamina Kell 99")
        assert urlsplit(kell.url).path == "/"

        # Another phone records: the refused phone follows, its Undo now names that.
        command(venia, "gain_stars Venia 2")
        expect(hero_card(kell, "Venia").locator(".stars")).to_have_text("2")
        expect(kell.locator("button.undo")).to_have_text("↶ Undo: Venia gains 2 Stars")

        # A tap that comes before the update: the conflict, in place, nothing reverted.
        let_through = stale(kell)
        command(venia, "damage Venia 1")
        wait_for_head(kell, head(database))
        expect(kell.locator("button.undo")).to_have_text("↶ Undo: Venia gains 2 Stars")
        let_through()
        kell.locator("button.undo").click()
        settled(kell)
        conflict = kell.locator(".undo-redo #refusal")
        expect(conflict).to_have_text(
            f"Since this page was drawn, #{head(database)} Venia takes 1 damage was "
            "recorded; nothing was undone. Undo that instead?"
        )
        expect(kell.locator("button.undo")).to_have_text("↶ Undo: Venia takes 1 damage")
        assert undos(database) == 0
        kell.screenshot(path=screenshot_path("undo-conflict-phone"))

        # Both phones show that Undo and tap it together: it is reverted once.
        holds = [stale(kell), stale(venia)]
        expect(venia.locator("button.undo")).to_have_text("↶ Undo: Venia takes 1 damage")
        kell.locator("button.undo").click(no_wait_after=True)
        venia.locator("button.undo").click(no_wait_after=True)
        settled(kell)
        settled(venia)
        for release in holds:
            release()
        assert undos(database) == 1
        refused = [p for p in (kell, venia) if p.locator(".undo-redo #refusal").count()]
        assert len(refused) == 1
        expect(refused[0].locator(".undo-redo #refusal")).to_contain_text(
            "Since this page was drawn"
        )

        # The laptop followed all of it: Kell's 2 damage and Venia's Stars stand.
        expect(hero_card(laptop, "Venia").locator(".stars")).to_have_text("2")
        expect(hero_card(laptop, "Venia").locator("svg.disk")).to_have_attribute(
            "aria-label", "Venia: 8 unspent · 0 spent · 0 wound · 0 locked; unwounded side"
        )
        expect(hero_card(laptop, "Kell").locator("svg.disk")).to_have_attribute(
            "aria-label", "Kell: 8 unspent · 0 spent · 2 wound · 0 locked; unwounded side"
        )
        for page in (laptop, kell, venia):
            page.context.close()


def test_a_half_filled_form_survives_another_devices_group_check(
    browser: Browser, tmp_path: Path
) -> None:
    database = new_campaign(tmp_path / "form.db")
    with serving(database) as url:
        laptop = device(browser, url, LAPTOP)
        command(
            laptop,
            "add_hero Kell --might 3 --agility 2 --will 2 --taunt 4 --chips 10 --wounded-chips 5",
        )
        command(
            laptop,
            "add_hero Venia --might 2 --agility 3 --will 4 --taunt 3 --chips 8 --wounded-chips 4",
        )
        phone = device(browser, url)

        card = hero_card(phone, "Kell")
        card.locator("details.quick > summary").click()
        tap = card.locator('details.tap[data-action="damage"]')
        tap.locator("> summary").click()
        tap.locator('[name="amount"]').fill("3")
        phone.locator("#command-line").fill("spend_stamina Venia")
        phone.locator("h1").click()  # the player looks up: nothing has the focus

        tap_for_party(
            laptop,
            "open_group_check",
            ability="agility",
            target="8/13/17",
            order="Kell, Venia",
            success_entry="361",
        )
        expect(phone.locator("#group-check")).to_contain_text("Group agility check: 0 of 8")
        expect(tap).to_have_attribute("open", "")
        expect(tap.locator('[name="amount"]')).to_have_value("3")
        expect(phone.locator("#command-line")).to_have_value("spend_stamina Venia")
        tap.locator("button.go").click()
        settled(phone)
        expect(phone.locator("#recorded")).to_contain_text("Kell takes 3 damage")
        phone.context.close()
        laptop.context.close()


def test_eight_tabs_of_one_browser_follow_the_table_on_one_connection(
    browser: Browser, tmp_path: Path
) -> None:
    database = new_campaign(tmp_path / "tabs.db")
    app = create_app(database)
    hub = app.state.web.hub
    with serving(database, app=app) as url:
        laptop = device(browser, url, LAPTOP)
        command(
            laptop,
            "add_hero Kell --might 3 --agility 2 --will 2 --taunt 4 --chips 10 --wounded-chips 5",
        )
        tabs = browser.new_context(viewport=PHONE, base_url=url)
        pages = [tabs.new_page() for _ in range(8)]
        for page in pages:
            page.goto("/")
        command(
            laptop,
            "add_hero Venia --might 2 --agility 3 --will 4 --taunt 3 --chips 8 --wounded-chips 4",
        )
        for page in pages:
            expect(hero_card(page, "Venia")).to_be_visible()
        eventually(lambda: hub.listening, 2)  # the laptop's and the eight tabs' one

        # The tab holding the connection closes: another takes it over.
        leader = next(p for p in pages if p.evaluate("() => !!document.body.dataset.liveLeader"))
        leader.close()
        pages.remove(leader)
        command(laptop, "damage Venia 2")
        for page in pages:
            expect(hero_card(page, "Venia").locator("svg.disk")).to_have_attribute(
                "aria-label", "Venia: 6 unspent · 0 spent · 2 wound · 0 locked; unwounded side"
            )
        eventually(lambda: hub.listening, 2)
        tabs.close()
        laptop.context.close()


def test_without_web_locks_the_tabs_still_share_one_connection(
    browser: Browser, tmp_path: Path
) -> None:
    """A phone on the table's Wi-Fi opens plain http from another address: no "secure
    context", so no Web Locks; the tabs elect their leader on the channel."""
    database = new_campaign(tmp_path / "nolocks.db")
    app = create_app(database)
    hub = app.state.web.hub
    with serving(database, app=app) as url:
        tabs = browser.new_context(viewport=PHONE, base_url=url)
        tabs.add_init_script("Object.defineProperty(navigator, 'locks', {value: undefined})")
        pages = [tabs.new_page() for _ in range(4)]
        for page in pages:
            page.goto("/")
        command(
            pages[0],
            "add_hero Kell --might 3 --agility 2 --will 2 --taunt 4 --chips 10 --wounded-chips 5",
        )
        for page in pages:
            expect(hero_card(page, "Kell")).to_be_visible()
        pages[0].wait_for_timeout(3500)  # a few beats: a second leader has stepped down
        eventually(lambda: hub.listening, 1)
        command(pages[1], "damage Kell 1")
        for page in pages:
            expect(hero_card(page, "Kell").locator(".vitals svg.disk")).to_have_attribute(
                "aria-label", "Kell: 9 unspent · 0 spent · 1 wound · 0 locked; unwounded side"
            )
        tabs.close()


def test_a_refused_roll_keeps_the_check_page_as_it_was(browser: Browser, tmp_path: Path) -> None:
    """The Hero chosen, the odds shown and the faces tapped stay; the page keeps its address
    and follows the table."""
    database = new_campaign(tmp_path / "check.db")
    with serving(database) as url:
        laptop = device(browser, url, LAPTOP)
        command(
            laptop,
            "add_hero Kell --might 3 --agility 2 --will 2 --taunt 4 --chips 10 --wounded-chips 5",
        )
        command(
            laptop,
            "add_hero Venia --might 2 --agility 3 --will 4 --taunt 3 --chips 8 --wounded-chips 4",
        )
        command(laptop, "start_city_step")
        phone = device(browser, url)
        phone.get_by_role("link", name="Check").click()
        odds = phone.locator("#odds-form")
        odds.get_by_label("Hero").select_option("Venia")
        odds.get_by_label("Ability").select_option("will")
        odds.get_by_label("Target").fill("4")
        phone.get_by_role("button", name="Show the odds").click()
        expect(phone.locator("#odds")).to_contain_text("Venia rolls 4 Action dice")
        address = phone.url
        form = phone.locator('details.roll[data-action="make_check"] form')
        for face in ("1", "1", "1", "1", "1"):
            form.locator(f'button.die[data-face="{face}"]').click()
        form.locator("button.go").click()
        settled(phone)
        expect(form.locator("#refusal")).to_be_visible()
        assert phone.url == address
        expect(form.locator('[name="roll"]')).to_have_value("1 1 1 1 1")
        expect(form.locator('[name="hero"]')).to_have_value("Venia")
        expect(phone.locator("#odds")).to_contain_text("Venia rolls 4 Action dice")
        command(laptop, "gain_stars Venia 1")  # the page still follows the table
        expect(phone.locator("#main")).to_have_attribute("data-head", str(head(database)))
        expect(form.locator('[name="roll"]')).to_have_value("1 1 1 1 1")
        # Corrected and sent: recorded, and the page keeps the check and its odds.
        form.locator("button.die.clear").click()
        for face in ("1", "1", "1", "1"):
            form.locator(f'button.die[data-face="{face}"]').click()
        form.locator("button.go").click()
        settled(phone)
        expect(phone.locator("#recorded")).to_contain_text("Venia")
        expect(phone.locator("#odds")).to_contain_text("Venia rolls 4 Action dice")
        phone.context.close()
        laptop.context.close()
