"""Every page as a person sees it in both themes and both languages, in one chromium: axe-core
(npm, pinned in tests/web/browser/package.json, injected into each page) finds no serious or
critical violation; a German browser gets German pages with ``lang="de"``; the theme toggle
is kept per device. The phone screenshots of the dark and the German pages are written to
build/screenshots (phone-dark-*.png, phone-de-*.png); a few are kept in docs/images."""

import json
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from playwright.sync_api import Browser, Page, expect

from ledger_cli.app import build_cli
from ledger_web import create_app
from ledger_web.security import Security
from tests.helpers.browser import PHONE, chromium, screenshot_path
from tests.helpers.party import PARTY
from tests.helpers.web import serving

pytestmark = pytest.mark.skipif(
    not Path("/usr/bin/chromium").exists(), reason="Debian's chromium is not installed"
)

AXE = Path(__file__).parent / "node_modules" / "axe-core" / "axe.min.js"
TOKEN = "join-secret"
PAGES = {
    "party": "/",
    "hero": "/heroes/Torrax",
    "check": "/check?kind=check&hero=Torrax&ability=might&target=3",
    "log": "/log",
    "timeline": "/timeline",
    "plots": "/plots",
    "story": "/sessions/1",
    "share": "/share",
}
EVENING = [
    "session start",
    "step city",
    "damage Torrax 3",
    'condition add "Zuva\'Sai" Cursed',
    'check Torrax might 3 --roll "1 1+ 1 S"',
    "stars gain Torrax 2",
    "heal Torrax 1",
    "session end",
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server with a token (so the token-less page can be seen), over an evening played."""
    path = tmp_path_factory.mktemp("web") / "looks.db"
    cli, runner = build_cli(), CliRunner()
    for line in [shlex.join(args) for args in PARTY] + EVENING:
        result = runner.invoke(cli, ["--database", str(path), *shlex.split(line)])
        assert result.exit_code == 0, f"{line}:\n{result.output}"
    app = create_app(path, security=Security(token=TOKEN, loopback_only=False))
    with serving(path, app=app) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as shared:
        yield shared


def axe_source() -> str:
    if not AXE.is_file():
        pytest.fail(
            "axe-core is not installed: run `npm ci --prefix tests/web/browser` "
            "(the README's test command does)"
        )
    return AXE.read_text()


def _phone(browser: Browser, server: str, *, dark: bool, german: bool, axe: str = "") -> Page:
    context = browser.new_context(
        viewport=PHONE,
        base_url=server,
        color_scheme="dark" if dark else "light",
        locale="de-DE" if german else "en-US",
    )
    if axe:  # in every page this context opens (an init script: the CSP does not stop it)
        context.add_init_script(axe)
    return context.new_page()


def serious(page: Page) -> list[str]:
    """The serious and critical violations axe finds on the page, one line each."""
    found = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
        ".map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', '))"
    )
    return list(found)


@pytest.mark.parametrize(
    ("dark", "german"), [(False, False), (True, False), (False, True), (True, True)]
)
def test_every_page_passes_axe_in_both_themes_and_languages(
    browser: Browser, server: str, dark: bool, german: bool
) -> None:
    source = axe_source()
    # No token yet: the page that says how to get one.
    page = _phone(browser, server, dark=dark, german=german, axe=source)
    page.goto("/")
    expect(page.locator("h1")).to_have_text(
        "Diesem Link fehlt sein Token" if german else "This link needs its token"
    )
    found = {"token-less": serious(page)}
    if dark != german:  # the dark English pages, and the German light ones
        page.screenshot(path=screenshot_path(f"phone-{'dark' if dark else 'de'}-token-less"))
    page.goto(f"/?token={TOKEN}")
    for name, path in PAGES.items():
        page.goto(path)
        expect(page.locator("html")).to_have_attribute("lang", "de" if german else "en")
        found[name] = serious(page)
        if dark != german:  # the dark English pages, and the German light ones
            page.screenshot(path=screenshot_path(f"phone-{'dark' if dark else 'de'}-{name}"))
    assert not {name: v for name, v in found.items() if v}, json.dumps(found, indent=1)
    page.context.close()


def test_a_german_browser_reads_german_and_the_toggles_are_kept(
    browser: Browser, server: str
) -> None:
    page = _phone(browser, server, dark=False, german=True)
    page.goto(f"/?token={TOKEN}")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("header.top nav")).to_contain_text("Gruppe")
    expect(page.locator("article.hero[data-hero=Torrax]")).to_contain_text("Ausdauer")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    toggle = page.locator("#theme-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    dark = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert dark != background
    page.goto("/log")  # kept on this device
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == dark
    page.locator("#language").select_option("en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("h1")).to_have_text("Log")
    page.context.close()
