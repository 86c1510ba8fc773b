"""The seed's first evening played through the pages, in a real browser on a phone's screen,
with taps and typing: Heroes join, damage, a condition, a discarded item, the group check of
the seed (2 + 4, two gems, 8 >= 8 -> entry 361), an undo that says what it reverts, a
refusal in the rule's own words, time travel to scenario-1, and the plots. Then two browsers
at once: what one records shows in the other within a second."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from ledger import Ledger
from tests.helpers.browser import (
    LAPTOP,
    PHONE,
    command,
    hero_card,
    screenshot_path,
    settled,
    tap_faces,
    tap_for_hero,
    tap_for_party,
)
from tests.helpers.files import event_count
from tests.helpers.web import serving

pytestmark = pytest.mark.skipif(
    not Path("/usr/bin/chromium").exists(), reason="Debian's chromium is not installed"
)


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("web") / "evening.db"
    ledger = Ledger.open(path, create=True)
    ledger.create_campaign("First Evening")
    ledger.close()
    return path


@pytest.fixture(scope="module")
def server(database: Path) -> Iterator[str]:
    with serving(database) as url:
        yield url


@pytest.fixture
def phone(browser: Browser, server: str) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE, base_url=server)
    page = context.new_page()
    yield page
    context.close()


def test_the_first_evening_on_a_phone(phone: Page, database: Path) -> None:
    page = phone
    page.goto("/")
    tap_for_party(
        page, "add_hero", name="Torrax", agility="2", will="2", taunt="6", wounded_chips="5"
    )
    tap_for_party(
        page,
        "add_hero",
        name="Venia",
        might="2",
        agility="3",
        will="4",
        taunt="3",
        wounded_chips="4",
    )
    expect(hero_card(page, "Venia")).to_contain_text("Might 2 · Agility 3 · Will 4")

    command(page, "start_city_step")
    tap_for_hero(page, "Torrax", "damage", amount="2")
    expect(page.locator("#recorded")).to_contain_text("Torrax takes 2 damage")
    expect(hero_card(page, "Torrax").locator("svg.disk")).to_have_attribute(
        "aria-label", "Torrax: 8 unspent · 0 spent · 2 wound · 0 locked; unwounded side"
    )
    tap_for_hero(page, "Venia", "gain_condition", condition="Cursed")
    expect(hero_card(page, "Venia").locator(".condition")).to_have_text("Cursed")
    tap_for_hero(page, "Venia", "gain_item", item="Rope")
    tap_for_hero(page, "Venia", "discard_item", item="Rope")
    expect(hero_card(page, "Venia").locator(".items")).to_contain_text("none")
    for name in ("Torrax", "Venia"):
        tap_for_hero(page, name, "gain_gems", kind="achievement")

    # A refusal shows the rule's own words and records nothing.
    before = event_count(database)
    command(page, "spend_stamina Torrax 99")
    expect(page.locator("#refusal")).to_contain_text("Torrax has only 8 unspent stamina")
    assert event_count(database) == before

    # A check: the odds and the modifiers before the roll, then the faces as read off the dice.
    page.get_by_role("link", name="Check").click()
    odds = page.locator("#odds-form")
    odds.get_by_label("Hero").select_option("Torrax")
    odds.get_by_label("Ability").select_option("agility")
    odds.get_by_label("Target").fill("5")
    odds.locator("details.more > summary").click()
    odds.get_by_label("modifiers printed on the check").fill("+1:hero=Torrax")
    page.get_by_role("button", name="Show the odds").click()
    expect(page.locator("#odds")).to_contain_text("chance of 5 or more")
    expect(page.locator("#odds")).to_contain_text("Torrax rolls 2 Action dice")
    expect(page.locator("#odds .modifier.applies")).to_contain_text("applies")
    screenshot(page, "check-odds-phone", full=True)
    form = page.locator('details.roll[data-action="make_check"] form')
    tap_faces(page, form, "2 2")
    form.locator("button.go").click()
    settled(page)
    expect(page.locator("#recorded")).to_contain_text("rolled 2 2")
    expect(page.locator("#recorded")).to_contain_text("success")
    page.get_by_role("link", name="Party").click()

    # The seed's group check: Torrax rolls 2, Venia 4 (a stamina face is +2 in the City),
    # both spend an Achievement gem: 8 >= 8, entry 361.
    tap_for_party(
        page,
        "open_group_check",
        ability="agility",
        target="8/13/17",
        order="Torrax, Venia",
        success_entry="361",
        failure_entry="076",
    )
    expect(page.locator("#group-check")).to_contain_text("Group agility check: 0 of 8")
    for name, faces in (("Torrax", "1 1"), ("Venia", "1 1 S")):
        page.get_by_role("link", name="Check").click()
        roll = page.locator('details.roll[data-action="roll_for_group_check"]')
        expect(roll).to_have_attribute("open", "")  # the open group check's roll comes open
        form = roll.locator("form")
        expect(form.locator('[name="hero"]')).to_have_value(name)  # the next to roll
        form.locator('[name="hero"]').select_option(name)
        tap_faces(page, form, faces)
        expect(form.locator('[name="roll"]')).to_have_value(faces)
        form.locator("button.go").click()
        settled(page)
    expect(page.locator("#group-check")).to_contain_text("6 of 8")
    expect(page.locator("#group-check .rolls li")).to_have_text(["Torrax: 2", "Venia: 4"])
    page.get_by_role("link", name="Party").click()
    for name in ("Torrax", "Venia"):
        tap_for_hero(page, name, "spend_group_check_gem")
    tap_for_party(page, "close_group_check")
    expect(page.locator("#recorded")).to_contain_text("total 8, success → 361")

    # A slip, and the undo button that says what it reverts.
    command(page, "damage Venia 1")
    undo = page.locator("button.undo")
    expect(undo).to_contain_text("Undo: Venia takes 1 damage")
    undo.click()
    settled(page)
    expect(hero_card(page, "Venia").locator("svg.disk")).to_have_attribute(
        "aria-label", "Venia: 7 unspent · 0 spent · 0 wound · 0 locked; unwounded side"
    )

    command(page, "start_journey_step")
    command(page, "start_scenario_step 1")
    tap_for_hero(page, "Torrax", "damage", amount="4")
    command(page, "spend_stamina Torrax 1")
    command(page, "gain_condition Torrax Bleeding")
    command(page, "lock_stamina Venia 2")
    expect(hero_card(page, "Torrax").locator("svg.disk")).to_have_attribute(
        "aria-label", "Torrax: 1 unspent · 3 spent · 6 wound · 0 locked; unwounded side"
    )
    screenshot(page, "party-phone")
    page.set_viewport_size(LAPTOP)
    page.reload()
    screenshot(page, "party-laptop")
    page.emulate_media(media="print")  # the Party sheet on paper: the cards, no control
    expect(page.locator("#record")).to_be_hidden()
    expect(page.locator("button.undo")).to_be_hidden()
    expect(hero_card(page, "Torrax").locator("svg.disk")).to_be_visible()
    screenshot(page, "party-print", full=True)
    page.emulate_media(media="screen")
    page.set_viewport_size(PHONE)
    command(page, "end_scenario --outcome S1")

    page.get_by_role("link", name="Time").click()
    screenshot(page, "timeline-phone")
    page.get_by_role("link", name="scenario 1", exact=True).click()
    expect(page.locator(".then")).to_contain_text("The party at scenario-1")
    page.locator(".then details.diff > summary").click()
    expect(page.locator(".then ul.diff")).to_contain_text("Torrax")
    expect(page.locator("#record")).to_have_count(0)  # the past is read-only

    page.get_by_role("link", name="Plots").click()
    luck = page.locator("#plot-luck")
    expect(luck.locator("svg.plot polyline")).to_have_count(2)
    expect(luck.locator(".legend")).to_contain_text("Torrax")
    screenshot(page, "plots-phone", full=True)
    page.set_viewport_size(LAPTOP)
    screenshot(page, "plots-laptop", full=True)


def screenshot(page: Page, name: str, full: bool = False) -> None:
    page.screenshot(path=screenshot_path(name), full_page=full)


def test_a_change_on_one_phone_shows_on_another_without_a_reload(
    browser: Browser, server: str
) -> None:
    """The live update itself; how fast it arrives is measured in bench/web.py, not here."""
    first = browser.new_context(viewport=PHONE, base_url=server).new_page()
    second = browser.new_context(viewport=PHONE, base_url=server).new_page()
    first.goto("/")
    second.goto("/")
    command(
        first,
        "add_hero Kirra --might 2 --agility 3 --will 2 --taunt 4 --chips 8 --wounded-chips 4",
    )
    expect(hero_card(first, "Kirra")).to_be_visible()
    expect(hero_card(second, "Kirra")).to_be_visible()
    command(first, "damage Kirra 3")
    expect(hero_card(second, "Kirra").locator("svg.disk")).to_have_attribute(
        "aria-label", "Kirra: 5 unspent · 0 spent · 3 wound · 0 locked; unwounded side"
    )
    first.context.close()
    second.context.close()
