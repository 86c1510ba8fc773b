"""The log page in pages of at most 100 events, latest first: the next page loads when the end
of the list scrolls into view (htmx ``revealed``; a plain link without script), the CLI's
filters kept across pages; the JSON API pages the same way; the landing line after a tap
names that command; each row links to the party at its event."""

import re
from pathlib import Path

import pluggy
import pytest

from bench.workload import build
from tests.helpers.web import client

ROW = re.compile(r'<a href="/\?at=(\d+)" class="seq">#(\d+)</a>')


@pytest.fixture
def long_campaign(tmp_path: Path) -> Path:
    path = tmp_path / "long.db"
    build(path, 260)
    return path


def seqs(page: str) -> list[int]:
    found = [(int(at), int(shown)) for at, shown in ROW.findall(page)]
    assert all(at == shown for at, shown in found)
    return [at for at, _ in found]


def more(page: str) -> str | None:
    found = re.search(r'<li class="more" hx-get="([^"]+)" hx-trigger="revealed"', page)
    return found.group(1).replace("&amp;", "&") if found else None


def test_the_log_is_paged_and_scrolls_on(long_campaign: Path, pm: pluggy.PluginManager) -> None:
    with client(long_campaign, pm) as web:
        head = web.get("/api").json()["seq"]
        first = web.get("/log")
        assert first.status_code == 200
        assert seqs(first.text) == list(range(head, head - 100, -1))
        assert more(first.text) == f"/log?before={head - 99}"
        assert f'<a href="/log?before={head - 99}">earlier events</a>' in first.text
        # What htmx fetches on scroll: the rows alone, and the loader of the page after.
        second = web.get(more(first.text) or "", headers={"HX-Request": "true"})
        assert "<html" not in second.text
        assert second.text.lstrip().startswith("<li")
        assert seqs(second.text) == list(range(head - 100, head - 200, -1))
        third = web.get(more(second.text) or "", headers={"HX-Request": "true"})
        assert seqs(third.text) == list(range(head - 200, 0, -1))
        assert more(third.text) is None
        # Without script the link opens the page before as a whole page.
        assert "<html" in web.get(more(first.text) or "").text


def test_filters_are_kept_across_pages(long_campaign: Path, pm: pluggy.PluginManager) -> None:
    with client(long_campaign, pm) as web:
        whole = web.get("/api/log", params={"hero": "Venia", "limit": 40}).json()
        page = web.get("/log", params={"hero": "Venia", "types": "damage-taken"})
        shown = seqs(page.text)
        api = web.get("/api/log", params={"hero": "Venia", "type": "damage-taken"}).json()
        assert shown == [e["seq"] for e in api["events"]][::-1]
        assert shown
        assert all(e["hero"] == "Venia" for e in api["events"])
        assert {e["type"] for e in api["events"]} == {"base:damage-taken"}
        assert api["next_before"] is None
        # The API: the last `limit` events before the cursor, in order, and the next cursor.
        assert len(whole["events"]) == 40
        assert whole["next_before"] == whole["events"][0]["seq"]
        params = {"hero": "Venia", "before": whole["next_before"], "limit": 100}
        earlier = web.get("/api/log", params=params).json()
        every = earlier["events"] + whole["events"]
        assert len(every) == 89  # Venia's events in this campaign
        assert [e["seq"] for e in every] == sorted({e["seq"] for e in every})
        assert earlier["next_before"] is None


def test_the_api_refuses_a_page_too_long_or_a_cursor_not_a_number(
    long_campaign: Path, pm: pluggy.PluginManager
) -> None:
    with client(long_campaign, pm) as web:
        too_long = web.get("/api/log", params={"limit": 101})
        assert too_long.status_code == 400
        assert "limit must be from 1 to 100" in too_long.json()["error"]
        assert web.get("/api/log", params={"before": "x"}).status_code == 400
        assert web.get("/api/log", params={"type": "nonsense"}).status_code == 400
        document = web.get("/api/openapi.json").json()
        names = {p["name"] for p in document["paths"]["/api/log"]["get"]["parameters"]}
        assert names == {"hero", "type", "step", "since", "until", "session", "undone"} | {
            "before",
            "limit",
        }


def test_the_landing_line_names_the_command_just_recorded(
    long_campaign: Path, pm: pluggy.PluginManager
) -> None:
    with client(long_campaign, pm) as web:
        api = web.get("/api/log", params={"before": 101, "limit": 1}).json()
        event = api["events"][0]
        line = f"Recorded #{event['seq']} {event['description']}"
        assert line.replace("'", "&#39;") in web.get(f"/?recorded={event['seq']}").text
        assert 'id="recorded"' not in web.get("/?recorded=99999").text  # no such command
