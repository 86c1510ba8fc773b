"""The party page with a Non-Hero Ally, in a real browser on a phone's screen: the Ally is
added with a tap, its card shows its health as a die's face beside the Heroes' cards, and a
reaction by name takes damage off it. The screenshot is build/screenshots/party-ally-phone.png."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from ledger import Campaign, Ledger
from ledger_base_game import actions
from tests.helpers.browser import PHONE, chromium, command, screenshot_path, tap_for_party
from tests.helpers.web import serving

pytestmark = pytest.mark.skipif(
    not Path("/usr/bin/chromium").exists(), reason="Debian's chromium is not installed"
)


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("web") / "allies.db"
    with Ledger.open(path, create=True) as ledger:
        campaign: Campaign = ledger.create_campaign("Allied")
        campaign.do(actions.add_hero, name="Torrax", agility=2, will=2, taunt=6, wounded_chips=5)
    return path


@pytest.fixture(scope="module")
def server(database: Path) -> Iterator[str]:
    with serving(database) as url:
        yield url


@pytest.fixture
def phone(server: str) -> Iterator[Page]:
    with chromium() as browser:
        yield _page(browser, server)


def _page(browser: Browser, server: str) -> Page:
    return browser.new_context(viewport=PHONE, base_url=server).new_page()


def test_an_ally_card_on_the_party_page(phone: Page) -> None:
    page = phone
    page.goto("/")
    tap_for_party(
        page, "add_ally", name="Grimble", might="2", agility="1", will="1", taunt="5", health="4"
    )
    card = page.locator('article.ally[data-ally="Grimble"]')
    expect(card).to_contain_text("4 / 4 health")
    expect(card).to_contain_text("Might 2 · Agility 1 · Will 1 · Taunt 5")
    command(page, 'react Grimble agility --damage 3 --roll "1"')
    expect(card.locator(".health-die")).to_have_text("2")
    expect(page.locator('article.hero[data-hero="Torrax"]')).to_be_visible()
    card.scroll_into_view_if_needed()
    page.screenshot(path=screenshot_path("party-ally-phone"), full_page=True)
