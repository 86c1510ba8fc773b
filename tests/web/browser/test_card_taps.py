"""A four-Hero evening on a phone (390x844), recorded by taps alone on the Hero and Ally
cards: no keyboard, no typing. Each tap is one command (the log is counted), the card
tapped keeps its place on the screen and says what was recorded, the overview shows every
Hero's disk on one screen, and "My Hero" is where the page opens. The screenshots are
docs/images/phone-taps-*.png."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from ledger import Ledger
from ledger_base_game import actions
from tests.helpers import ROOT
from tests.helpers.browser import PHONE, chromium, hero_card, settled
from tests.helpers.party import ZUVA, make_party
from tests.helpers.web import serving

pytestmark = pytest.mark.skipif(
    not Path("/usr/bin/chromium").exists(), reason="Debian's chromium is not installed"
)
HEROES = (ZUVA, "Torrax", "Kell", "Venia")
IMAGES = ROOT / "docs" / "images"


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("web") / "taps.db"
    make_party(path, "Kell", "Venia")
    with Ledger.open(path) as ledger:
        campaign = ledger.campaign("Test")
        campaign.do(actions.add_to_stock, item="Rope")
        campaign.do(actions.take_from_stock, hero="Kell", item="Rope")
        campaign.do(actions.add_to_stock, item="Torch")
        campaign.do(actions.add_ally, name="Grimble", might=2, agility=1, will=1, taunt=5)
    return path


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as found:
        yield found


@pytest.fixture
def phone(browser: Browser, database: Path) -> Iterator[Page]:
    with serving(database) as url:
        context = browser.new_context(viewport=PHONE, base_url=url)
        yield context.new_page()
        context.close()


def events(database: Path) -> list[tuple[int, str]]:
    """(command, type) of every event recorded, oldest first."""
    with Ledger.open(database) as ledger:
        return [(e.row.command, e.row.type) for e in ledger.campaign("Test").log()]


def tap(page: Page, database: Path, where: str, then: str | None = None) -> list[str]:
    """Tap ``where`` (and ``then``, a choice that sends its form): the types of the events
    that one command recorded; the tapped card stays where it was on the screen."""
    before = events(database)
    target = page.locator(where)
    target.scroll_into_view_if_needed()
    card = target.locator("xpath=ancestor::article[1]")
    top, held = card.bounding_box()["y"], card.get_attribute("id")  # type: ignore[index]
    scrolled = page.evaluate("scrollY")
    target.click()
    if then is not None:
        page.locator(then).click()
    settled(page)
    after = events(database)
    commands = {command for command, _ in after[len(before) :]}
    assert len(commands) == 1, after[len(before) :]  # one tap, one command
    card = page.locator(f"#{held}")
    expect(card.locator("#recorded")).to_be_visible()  # said where the player is
    assert abs(card.bounding_box()["y"] - top) <= 2  # type: ignore[index]
    assert scrolled == 0 or page.evaluate("scrollY") > 0  # never back to the top
    return [kind for _, kind in after[len(before) :]]


def step(hero: str, word: str) -> str:
    return f'article.hero[data-hero="{hero}"] form.stepper[data-action="{word}"] button.step'


def test_an_evening_by_taps_alone(phone: Page, database: Path) -> None:
    page = phone
    page.goto("/")
    # At a glance: all four disks on the first screen, each a way to its card.
    glances = page.locator("#overview a.glance")
    expect(glances).to_have_count(4)
    for index in range(4):
        box = glances.nth(index).bounding_box()
        assert box is not None
        assert box["y"] + box["height"] <= PHONE["height"]
    page.screenshot(path=str(IMAGES / "phone-taps-overview.png"))
    glances.nth(3).click()
    expect(hero_card(page, "Venia")).to_be_in_viewport()

    assert tap(page, database, step("Venia", "damage")) == ["base:damage-taken"]
    assert tap(page, database, step("Venia", "heal")) == ["base:damage-healed"]
    assert tap(page, database, step("Kell", "spend_stamina")) == ["base:stamina-spent"]
    assert tap(page, database, step("Kell", "restore_stamina")) == ["base:stamina-restored"]
    assert tap(page, database, step("Torrax", "lose_stamina")) == ["base:stamina-lost"]
    assert tap(page, database, step(ZUVA, "gain_stars")) == ["base:stars-gained"]
    assert tap(page, database, step(ZUVA, "spend_stars")) == ["base:stars-spent"]
    # More than 1: the stepper's pad, or a long press on the stepper itself.
    torrax = hero_card(page, "Torrax")
    assert tap(
        page,
        database,
        step("Torrax", "damage") + " + details.numpad > summary",
        'article.hero[data-hero="Torrax"] form[data-action="damage"] button[value="3"]',
    ) == ["base:damage-taken"]
    press = torrax.locator('form.stepper[data-action="heal"] button.step')
    press.scroll_into_view_if_needed()
    press.hover()
    page.mouse.down()
    page.wait_for_timeout(700)
    page.mouse.up()
    expect(torrax.locator('form[data-action="heal"] details.numpad')).to_have_attribute("open", "")
    before = len(events(database))
    torrax.locator('form[data-action="heal"] button[value="2"]').click()
    settled(page)
    assert len(events(database)) == before + 1  # the long press itself recorded nothing
    # Picks: a condition from the catalogue (marked positive or negative), an item to
    # another Hero, one from the Stock; an Ally's own card.
    kell = hero_card(page, "Kell")
    blessed = kell.locator('details[data-action="gain_condition"] label.chip.positive')
    expect(blessed.first).to_contain_text("(positive)")
    kell.locator('details[data-action="gain_condition"] > summary').click()
    kell.locator('details[data-action="gain_condition"]').scroll_into_view_if_needed()
    page.screenshot(path=str(IMAGES / "phone-taps-pick.png"))
    assert tap(
        page, database, 'article.hero[data-hero="Kell"] label.chip:has(input[value="Blessed"])'
    ) == ["base:condition-gained"]
    expect(kell.locator(".conditions")).to_contain_text("Blessed")
    give = 'article.hero[data-hero="Kell"] details[data-action="give_item"]'
    page.locator(f"{give} > summary").click()
    page.locator(f'{give} label.chip:has(input[value="Rope"])').click()
    assert tap(page, database, f'{give} label.chip:has(input[name="receiver"][value="Venia"])') == [
        "base:item-given"
    ]
    expect(hero_card(page, "Venia").locator(".items")).to_contain_text("Rope")
    assert tap(
        page,
        database,
        'article.hero[data-hero="Venia"] details[data-action="take_from_stock"] > summary',
        'article.hero[data-hero="Venia"] label.chip:has(input[value="Torch"])',
    ) == ["base:item-from-supply"]
    page.screenshot(path=str(IMAGES / "phone-taps-card.png"))
    ally = 'article.ally[data-ally="Grimble"]'
    page.locator(f'{ally} details[data-action="gain_ally_condition"] > summary').click()
    assert tap(page, database, f'{ally} label.chip:has(input[value="Bleeding"])') == [
        "base:ally-condition-gained"
    ]
    expect(page.locator(ally).locator(".conditions")).to_contain_text("Bleeding")
    page.screenshot(path=str(IMAGES / "phone-taps-ally.png"))
    # What the evening recorded, as the ledger has it.
    state_after = page.locator('article.hero[data-hero="Venia"] .vitals')
    expect(state_after).to_contain_text("10 unspent")


def test_my_hero_is_where_the_page_opens(phone: Page) -> None:
    page = phone
    page.goto("/")
    mine = hero_card(page, "Venia").locator("button.mine")
    mine.scroll_into_view_if_needed()
    mine.click()
    expect(mine).to_have_attribute("aria-pressed", "true")
    page.goto("/")
    expect(hero_card(page, "Venia")).to_be_in_viewport()
    assert page.evaluate("scrollY") > 0
    expect(page.locator('#overview a.glance[data-hero="Venia"]')).to_have_class(
        "glance status-normal is-mine"
    )
