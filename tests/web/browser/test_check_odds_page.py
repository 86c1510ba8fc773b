"""The Check page's odds for a reaction and a group check, in a real browser on a phone
(390x844) and a laptop: choosing the kind of check shows that kind's fields only, and the
odds shown are those the base game's query gives (checked against it over HTTP in
tests/web/test_check_odds.py). Screenshots in build/screenshots."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.helpers.browser import LAPTOP, PHONE, command, screenshot_path
from tests.helpers.files import new_campaign

pytestmark = pytest.mark.skipif(
    not Path("/usr/bin/chromium").exists(), reason="Debian's chromium is not installed"
)

HEROES = (
    "add_hero Kell --might 3 --agility 2 --will 2 --taunt 4 --chips 10 --wounded-chips 5",
    "add_hero Venia --might 2 --agility 3 --will 4 --taunt 3 --chips 8 --wounded-chips 4",
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from tests.helpers.web import serving

    database = new_campaign(tmp_path_factory.mktemp("odds") / "odds.db")
    with serving(database) as url:
        yield url


def page_on(browser: Browser, server: str, viewport: dict[str, int]) -> Page:
    page = browser.new_context(viewport=viewport, base_url=server).new_page()
    page.goto("/")
    return page


@pytest.fixture(scope="module")
def table(browser: Browser, server: str) -> str:
    page = page_on(browser, server, LAPTOP)
    for line in HEROES:
        command(page, line)
    command(page, "gain_gems Venia achievement")
    page.context.close()
    return server


def test_a_reaction_to_damage_on_a_phone(browser: Browser, table: str) -> None:
    phone = page_on(browser, table, PHONE)
    phone.get_by_role("link", name="Check").click()
    odds = phone.locator("#odds-form")
    expect(odds.get_by_label("Damage or stamina loss")).to_be_hidden()  # an active check's form
    odds.get_by_label("Kind of check").select_option("reaction")
    expect(odds.get_by_label("Target")).to_be_hidden()
    expect(odds.locator(".for-group")).to_be_hidden()
    odds.get_by_label("Hero").select_option("Kell")
    odds.get_by_label("Ability").select_option("might")
    odds.get_by_label("Damage or stamina loss").fill("3")
    odds.locator("details.more > summary").click()
    expect(odds.get_by_label("modifiers printed on the check")).to_be_hidden()  # none reacting
    phone.get_by_role("button", name="Show the odds").click()
    shown = phone.locator("#odds")
    expect(shown).to_contain_text("chance of taking no damage of 3")
    expect(shown).to_contain_text("Kell rolls 3 Reaction dice (might); each success prevents 1")
    expect(shown).to_contain_text("damage taken on average, after the reduction")
    expect(shown.locator("table.taken tbody tr")).to_have_count(4)
    expect(phone.get_by_label("Kind of check")).to_have_value("reaction")  # kept after asking
    phone.screenshot(path=screenshot_path("check-odds-reaction-phone"), full_page=True)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways on a phone ({width}px)"
    phone.context.close()


def test_a_group_check_on_a_phone_and_an_effect_on_a_laptop(browser: Browser, table: str) -> None:
    phone = page_on(browser, table, PHONE)
    phone.get_by_role("link", name="Check").click()
    odds = phone.locator("#odds-form")
    odds.get_by_label("Kind of check").select_option("group")
    expect(odds.get_by_label("Hero")).to_be_hidden()  # everyone who can act rolls
    odds.get_by_label("Ability").select_option("agility")
    odds.get_by_label("Target").fill("8/13/17")
    odds.get_by_label("Achievement gems from").fill("Venia")
    phone.get_by_role("button", name="Show the odds").click()
    shown = phone.locator("#odds")
    expect(shown).to_contain_text("chance the group reaches 8 (8/13/17 read for 2 Heroes)")
    expect(shown.locator("li.roller")).to_have_text(
        ["Kell rolls 2 Action dice", "Venia rolls 3 Action dice, +1 Achievement gem"]
    )
    phone.screenshot(path=screenshot_path("check-odds-group-phone"), full_page=True)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways on a phone ({width}px)"
    phone.context.close()

    laptop = page_on(browser, table, LAPTOP)
    laptop.get_by_role("link", name="Check").click()
    odds = laptop.locator("#odds-form")
    odds.get_by_label("Kind of check").select_option("effect")
    odds.get_by_label("Hero").select_option("Venia")
    odds.get_by_label("Ability").select_option("will")
    odds.get_by_label("Target").fill("2")
    laptop.get_by_role("button", name="Show the odds").click()
    expect(laptop.locator("#odds")).to_contain_text(
        "chance of avoiding the effect (2 or more successes)"
    )
    expect(laptop.locator("#odds")).to_contain_text("Venia rolls 4 Reaction dice (will)")
    laptop.screenshot(path=screenshot_path("check-odds-effect-laptop"), full_page=True)
    laptop.context.close()
