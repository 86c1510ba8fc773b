"""The timeline on a phone, in a real headless chromium: its last 50 points, oldest first,
and a tap on "earlier points" loads the page before above them, in order, none twice, to
the first point; without script the same link opens that page."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.helpers.browser import PHONE, chromium, screenshot_path
from tests.helpers.evenings import evenings
from tests.helpers.web import serving

EVENINGS = 60  # 120 points


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    path = evenings(tmp_path_factory.mktemp("timeline") / "long.db", EVENINGS)
    with serving(path) as url:
        yield url


def test_earlier_points_load_above_on_a_tap(server: str) -> None:
    with chromium() as browser:
        context = browser.new_context(viewport=PHONE, base_url=server)
        page = context.new_page()
        page.goto("/timeline")
        points = page.locator("#timeline-points li.point")
        expect(points).to_have_count(50)
        expect(points.last).to_contain_text("scenario 1, play 20")  # the last evening's step
        page.screenshot(path=str(screenshot_path("timeline-phone-last-page")))
        for count in (100, 120):
            page.get_by_role("link", name="earlier points").click()
            expect(points).to_have_count(count)
        expect(page.locator("#timeline-points li.more")).to_have_count(0)
        expect(points.first).to_contain_text("session 1")
        page.screenshot(path=str(screenshot_path("timeline-phone-earlier")), full_page=True)
        seqs = [int(text.split("#")[1]) for text in points.locator(".seq").all_inner_texts()]
        assert seqs == sorted(set(seqs))
        assert len(seqs) == 2 * EVENINGS
        page.get_by_role("link", name="session 2", exact=True).click()  # a point still opens
        expect(page.locator(".then")).to_contain_text("The party at")
        context.close()


def test_without_script_earlier_points_is_a_page(tmp_path: Path, server: str) -> None:
    with chromium() as browser:
        context = browser.new_context(viewport=PHONE, base_url=server, java_script_enabled=False)
        page = context.new_page()
        page.goto("/timeline")
        first = page.locator("#timeline-points li.point .seq").first.inner_text()
        page.get_by_role("link", name="earlier points").click()
        expect(page).to_have_url(f"{server}/timeline?before={first.split('#')[1]}")
        expect(page.locator("#timeline-points li.point")).to_have_count(50)
        page.get_by_role("link", name="the latest points").click()
        expect(page.locator("#timeline-points li.point").last).to_contain_text(
            "scenario 1, play 20"
        )
        context.close()
