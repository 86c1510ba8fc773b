"""The timeline page in pages of at most 50 points, oldest first: the last ones up to now,
and above them the link that loads the page before (htmx on a tap, the rows alone; a whole
page without script); the kept timeline answers the same after a tap."""

import re
from pathlib import Path

import pluggy
import pytest

from ledger.campaign import Ledger, start_session, timeline
from ledger_web.pages.views import TIMELINE_PAGE
from tests.helpers.evenings import evenings
from tests.helpers.party import make_party
from tests.helpers.web import client, csrf

POINT = re.compile(r'<span class="seq">from #(\d+)</span>')
EARLIER = re.compile(r'<li class="more"><a href="([^"]+)" hx-get="([^"]+)"')


@pytest.fixture
def long_timeline(tmp_path: Path) -> Path:
    return evenings(tmp_path / "steps.db", 60)  # 120 points


def shown(page: str) -> list[int]:
    return [int(seq) for seq in POINT.findall(page)]


def earlier(page: str) -> str | None:
    found = EARLIER.search(page)
    if found is None:
        return None
    assert found.group(1) == found.group(2)  # the same page with script or without
    return found.group(1).replace("&amp;", "&")


def test_the_timeline_shows_its_last_points_and_loads_earlier_ones(
    long_timeline: Path, pm: pluggy.PluginManager
) -> None:
    with Ledger.open(long_timeline) as ledger:
        every = [point.seq for point in timeline(ledger.campaign("Test"))]
    assert len(every) == 120
    with client(long_timeline, pm) as web:
        first = web.get("/timeline")
        assert first.status_code == 200
        assert shown(first.text) == every[-TIMELINE_PAGE:]
        assert earlier(first.text) == f"/timeline?before={every[-TIMELINE_PAGE]}"
        assert "the latest points" not in first.text
        # What htmx fetches on a tap of "earlier points": the rows alone, the link before.
        second = web.get(earlier(first.text) or "", headers={"HX-Request": "true"})
        assert "<html" not in second.text
        assert second.text.lstrip().startswith("<li")
        assert shown(second.text) == every[-2 * TIMELINE_PAGE : -TIMELINE_PAGE]
        third = web.get(earlier(second.text) or "", headers={"HX-Request": "true"})
        assert shown(third.text) == every[: -2 * TIMELINE_PAGE]
        assert earlier(third.text) is None
        assert "session 1<" in third.text  # the sessions keep their numbers across pages
        # Without script the link opens the page before as a whole page, and a way back.
        whole = web.get(earlier(first.text) or "")
        assert "<html" in whole.text
        assert shown(whole.text) == shown(second.text)
        assert '<a href="/timeline">the latest points</a>' in whole.text


def test_after_a_tap_the_last_page_holds_the_new_point(
    long_timeline: Path, pm: pluggy.PluginManager
) -> None:
    with client(long_timeline, pm) as web:
        before = shown(web.get("/timeline").text)
        answer = web.post("/api/actions/start_city_step", json={}, headers=csrf(web))
        assert answer.status_code == 200, answer.text
        seq = answer.json()["events"][0]["seq"]
        after = shown(web.get("/timeline").text)
        assert after == [*before[1:], seq]


def test_a_short_timeline_is_one_page_and_a_cursor_not_a_number_is_ignored(
    tmp_path: Path, pm: pluggy.PluginManager
) -> None:
    path = tmp_path / "short.db"
    make_party(path)
    with Ledger.open(path) as ledger:
        ledger.campaign("Test").do(start_session)
    with client(path, pm) as web:
        page = web.get("/timeline").text
        assert len(shown(page)) == 1
        assert earlier(page) is None
        assert shown(web.get("/timeline?before=x").text) == shown(page)
