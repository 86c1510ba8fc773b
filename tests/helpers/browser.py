"""The browser the page tests drive: Debian's chromium (``/usr/bin/chromium``, installed by
.ci/run) through Playwright, headless; Playwright's own browser builds are never installed.
Screenshots are the tests' artefacts, in the gitignored ``build/screenshots``."""

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

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
