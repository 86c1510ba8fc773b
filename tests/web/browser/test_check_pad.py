"""The Check page as a pad for the die being rolled, in a real browser on a phone (390x844),
by taps: a check's pad offers only the Action die's faces (no 0, no H: the registered dice),
a reaction's only the Reaction die's; a 1+ asks for its extra die; the S faces offer the
stamina the core's ``spend_choices`` allows, and the choice is in the recorded check; after a
failed check, what spending would have changed. Screenshot: docs/images/phone-check-pad.png."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from ledger import Ledger
from ledger_base_game import actions
from ledger_base_game.events.checks import CheckMade
from tests.helpers import ROOT
from tests.helpers.browser import PHONE, settled, tap_faces

pytestmark = pytest.mark.skipif(
    not Path("/usr/bin/chromium").exists(), reason="Debian's chromium is not installed"
)
SCREENSHOT = ROOT / "docs" / "images" / "phone-check-pad.png"


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("pad") / "pad.db"
    ledger = Ledger.open(path, create=True)
    campaign = ledger.create_campaign("Table")
    campaign.do(
        actions.add_hero,
        name="Kell",
        might=3,
        agility=2,
        will=2,
        taunt=4,
        chips=10,
        wounded_chips=5,
    )
    campaign.do(
        actions.add_hero,
        name="Venia",
        might=2,
        agility=3,
        will=4,
        taunt=3,
        chips=8,
        wounded_chips=4,
    )
    campaign.do(actions.start_scenario_step, scenario=1)
    ledger.close()
    return path


@pytest.fixture(scope="module")
def server(database: Path) -> Iterator[str]:
    from tests.helpers.web import serving

    with serving(database) as url:
        yield url


def phone_check(browser: Browser, server: str, query: str) -> Page:
    page = browser.new_context(viewport=PHONE, base_url=server, has_touch=True).new_page()
    page.goto(f"/check?{query}")
    return page


def recorded_checks(database: Path) -> list[CheckMade]:
    ledger = Ledger.open(database)
    try:
        campaign = ledger.campaign("Table")
        events = [campaign.projector.decode(entry.row) for entry in campaign.log()]
        return [event for event in events if isinstance(event, CheckMade)]
    finally:
        ledger.close()


def test_a_check_rolled_by_taps_with_an_extra_die_and_stamina(
    browser: Browser, server: str, database: Path
) -> None:
    page = phone_check(browser, server, "kind=check&hero=Kell&ability=might&target=6")
    expect(page.locator("#odds")).to_contain_text("chance of 6 or more")
    roll = page.locator('details.roll[data-action="make_check"] form')
    faces = roll.locator(".pad button.die:not(.clear)")
    expect(faces).to_have_text(["1", "2", "1+", "S"])  # the Action die's faces, no 0 or H
    says = roll.locator(".pad-says")
    tap_faces(page, roll, "1+")
    expect(says).to_have_text(
        "1 face tapped: 1+ · 1+: roll 1 more Action die and tap what it shows"
    )
    expect(roll.locator(".pad.wants-extra")).to_have_count(1)
    tap_faces(page, roll, "1+")  # the extra die shows 1+ as well: one more still
    expect(says).to_contain_text("1+: roll 1 more Action die")
    tap_faces(page, roll, "2")  # the second extra die
    expect(roll.locator(".pad.wants-extra")).to_have_count(0)
    tap_faces(page, roll, "S")
    choices = roll.locator("button.spend-choice")
    expect(choices).to_have_text(["0", "1", "2"])  # one S face: 0-2, Kell has 10 unspent
    expect(choices.first).to_have_attribute("aria-pressed", "true")
    tap_faces(page, roll, "1+")  # the third die asks for another
    expect(says).to_contain_text("5 faces tapped: 1+ 1+ 2 S 1+ · 1+: roll 1 more Action die")
    roll.locator(".pad").scroll_into_view_if_needed()
    page.screenshot(path=SCREENSHOT, full_page=False)
    tap_faces(page, roll, "S")  # its extra die: two S faces now, 0-4
    expect(choices).to_have_text(["0", "1", "2", "3", "4"])
    roll.locator("button.go").tap()  # 1+ 1+ 2 S 1+ S: 5 successes, nothing spent: fails
    settled(page)
    hindsight = page.locator("#hindsight")
    expect(hindsight).to_contain_text("Kell’s last check: 5 of 6")
    expect(hindsight).to_contain_text("Spending 1 more stamina would have made it")
    checks = recorded_checks(database)
    assert [(c.faces, c.stamina_spent, c.success) for c in checks] == [
        (("1+", "1+", "2", "S", "1+", "S"), 0, False)
    ]
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways on a phone ({width}px)"
    page.context.close()


def test_the_stamina_choice_is_in_the_recorded_check(
    browser: Browser, server: str, database: Path
) -> None:
    page = phone_check(browser, server, "kind=check&hero=Venia&ability=will&target=5")
    roll = page.locator('details.roll[data-action="make_check"] form')
    tap_faces(page, roll, "1 S 1 2")
    roll.locator('button.spend-choice[data-spend="1"]').tap()
    expect(roll.locator('button.spend-choice[aria-pressed="true"]')).to_have_text("1")
    roll.locator("button.go").tap()
    settled(page)
    venia = recorded_checks(database)[-1]
    assert (venia.hero, venia.faces, venia.stamina_spent, venia.total, venia.success) == (
        "Venia",
        ("1", "S", "1", "2"),
        1,
        5,
        True,
    )
    expect(page.locator("#hindsight")).to_have_count(0)  # the last check succeeded
    page.context.close()


def test_a_reactions_pad_offers_the_reaction_die(browser: Browser, server: str) -> None:
    page = phone_check(browser, server, "kind=reaction&hero=Kell&ability=might&amount=2")
    react = page.locator('details.roll[data-action="react"] form')
    expect(react.locator(".pad button.die:not(.clear)")).to_have_text(["0", "1", "2", "H"])
    expect(react.locator(".spend")).to_have_count(0)  # a Reaction die has no stamina faces
    page.context.close()
