"""The browser the page tests drive: Debian's chromium (``/usr/bin/chromium``, installed by
.ci/run) through Playwright, headless; Playwright's own browser builds are never installed.
Screenshots are the tests' artefacts, in the gitignored ``build/screenshots``."""

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, Locator, Page, expect, sync_playwright

from tests.helpers import ROOT

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
SCREENSHOTS = ROOT / "build" / "screenshots"
# What a page shows may take a while on a loaded machine (two cores, many engineers): an
# expectation waits up to this long before it fails (a pass never waits for it).
expect.set_options(timeout=15_000)


@contextmanager
def chromium() -> Iterator[Browser]:
    """One headless chromium (a module's tests share it)."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def screenshot_path(name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS / f"{name}.png"


def settled(page: Page) -> None:
    """After a tap that sends a form: its answer is shown (the pages answer forms in place,
    with body[data-busy] while one is on its way)."""
    page.wait_for_load_state()
    page.wait_for_function("() => !document.body.dataset.busy")


# Taps as a player makes them


def hero_card(page: Page, name: str) -> Locator:
    return page.locator(f'article.hero[data-hero="{name}"]')


def tap_for_hero(page: Page, name: str, action: str, **fields: str) -> None:
    """On the Hero's card: the action's pick list when the card offers one (its last chip
    sends it), else "Record for NAME", the action, its fields filled, sent."""
    card = hero_card(page, name)
    pick = card.locator(f'.card-taps details.tap.pick[data-action="{action}"]')
    if pick.count():
        pick.locator("> summary").click()
        for field, value in fields.items():
            pick.locator(f'label.chip:has(input[name="{field}"][value="{value}"])').click()
        return
    card.locator("details.quick > summary").click()
    tap = card.locator(f'details.quick details.tap[data-action="{action}"]')
    tap.locator("> summary").click()
    fill(page, tap.locator("form"), fields)


def tap_for_party(page: Page, action: str, **fields: str) -> None:
    tap = page.locator(f'#record details.tap[data-action="{action}"]')
    tap.locator("> summary").click()
    fill(page, tap.locator("form"), fields)


def fill(page: Page, form: Locator, fields: dict[str, str]) -> None:
    more = form.locator("details.more")
    if fields and more.count():
        more.locator("summary").click()
    for name, value in fields.items():
        field = form.locator(f'[name="{name}"]')
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        elif field.get_attribute("type") == "checkbox":
            field.check()
        else:
            field.fill(value)
    form.locator("button.go").click()
    settled(page)


def command(page: Page, line: str) -> None:
    page.locator("#command-line").fill(line)
    page.locator("form.command button.go").click()
    settled(page)


def tap_faces(page: Page, form: Locator, faces: str) -> None:
    for face in faces.split():
        form.locator(f'button.die[data-face="{face}"]').click()
