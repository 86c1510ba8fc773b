"""The session page on a phone: the evening's summary on top (a card per Hero and Ally with
its numbers), the story below, reached from the party page's session link. The screenshot
is build/screenshots/phone-session-summary.png (kept as docs/images/phone-session-summary.png)."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from ledger import Campaign, Ledger
from ledger.campaign import end_session, start_session
from ledger_base_game import actions
from tests.helpers.browser import PHONE, chromium, screenshot_path
from tests.helpers.web import serving

pytestmark = pytest.mark.skipif(
    not Path("/usr/bin/chromium").exists(), reason="Debian's chromium is not installed"
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    path = tmp_path_factory.mktemp("web") / "evening.db"
    with Ledger.open(path, create=True) as ledger:
        campaign: Campaign = ledger.create_campaign("Moonsilver")
        campaign.do(actions.add_hero, name="Torrax", agility=2, will=2, taunt=6, wounded_chips=5)
        campaign.do(
            actions.add_hero, name="Venia", might=2, agility=3, will=4, taunt=3, wounded_chips=4
        )
        campaign.do(start_session)
        campaign.do(actions.damage, hero="Torrax", amount=3)
        campaign.do(actions.heal, hero="Torrax", amount=1)
        campaign.do(
            actions.make_check, hero="Torrax", ability="might", target=3, roll=("2", "S", "1")
        )
        campaign.do(actions.spend_stamina, hero="Venia", amount=2)
        campaign.do(actions.gain_stars, hero="Venia", amount=4)
        campaign.do(actions.gain_item, hero="Venia", item="Rope")
        campaign.do(actions.add_ally, name="Pip", might=1, agility=1, will=1, taunt=1, health=4)
        campaign.do(actions.damage_ally, ally="Pip", amount=2)
        campaign.do(end_session)
    with serving(path) as url:
        yield url


def test_the_session_page_on_a_phone(server: str) -> None:
    with chromium() as browser:
        page: Page = browser.new_context(viewport=PHONE, base_url=server).new_page()
        page.goto("/")
        page.get_by_role("link", name="last session 1").click()
        expect(page.locator("h1")).to_have_text("Session 1")
        torrax = page.locator('article.tally[data-name="Torrax"]')
        expect(torrax).to_contain_text("3 taken · 1 healed")
        expect(torrax).to_contain_text("1 of 1 succeeded")
        expect(torrax).to_contain_text("5 successes against 5.4 expected")
        venia = page.locator('article.tally[data-name="Venia"]')
        expect(venia).to_contain_text("2 spent · 0 lost")
        expect(venia).to_contain_text("+4, −0")
        expect(venia).to_contain_text("+Rope")
        expect(page.locator('article.tally[data-name="Pip"]')).to_contain_text("2 taken")
        expect(page.locator("ol.story")).to_contain_text("Torrax takes 3 damage")
        # Nothing wider than the phone: no sideways scrolling.
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"]
        page.screenshot(path=screenshot_path("phone-session-summary"))


def test_an_unknown_session_is_a_clear_page(server: str) -> None:
    with chromium() as browser:
        page: Page = browser.new_context(viewport=PHONE, base_url=server).new_page()
        answer = page.goto("/sessions/9")
        assert answer is not None
        assert answer.status == 404
        expect(page.locator("body")).to_contain_text("there is no session 9")
