"""The log on a phone, in a real headless chromium: a page of 100 events, and the next ones
load as the end of the list scrolls into view, in order, none twice, to the first event."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from bench.workload import build
from tests.helpers.browser import PHONE, chromium, screenshot_path
from tests.helpers.web import serving


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    path = tmp_path_factory.mktemp("log") / "long.db"
    build(path, 260)
    with serving(path) as url:
        yield url


def test_the_log_loads_more_as_a_phone_scrolls(server: str) -> None:
    with chromium() as browser:
        context = browser.new_context(viewport=PHONE, base_url=server)
        page = context.new_page()
        page.goto("/log")
        rows = page.locator("#log-entries li a.seq")
        expect(rows).to_have_count(100)
        expect(page.locator("#log-entries li.more")).to_have_count(1)
        page.screenshot(path=str(screenshot_path("log-phone-first-page")))
        for shown in (200, 260):
            page.locator("#log-entries li").last.scroll_into_view_if_needed()
            expect(rows).to_have_count(shown)
        page.locator("#log-entries li").last.scroll_into_view_if_needed()
        page.screenshot(path=str(screenshot_path("log-phone-the-end")))
        seqs = [int(text.lstrip("#")) for text in rows.all_inner_texts()]
        assert seqs == list(range(260, 0, -1))
        expect(page.locator("#log-entries li.more")).to_have_count(0)
        context.close()


def test_without_script_the_next_page_is_a_link(tmp_path: Path, server: str) -> None:
    with chromium() as browser:
        context = browser.new_context(viewport=PHONE, base_url=server, java_script_enabled=False)
        page = context.new_page()
        page.goto("/log")
        page.get_by_role("link", name="earlier events").click()
        expect(page).to_have_url(f"{server}/log?before=161")
        expect(page.locator("#log-entries li a.seq").first).to_have_text("#160")
        context.close()
