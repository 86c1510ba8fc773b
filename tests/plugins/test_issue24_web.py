"""Issue 24, finding 5: the web app names a failing plugin and the fix (a 4xx, never a bare
500), through the real server, with the fixture expansions installed."""

from pathlib import Path

import httpx
import pytest

from ledger.hosting import get_plugin_manager
from tests.helpers.fixture_plugins import Ledger
from tests.helpers.web import serving


@pytest.fixture
def installed(fixture_site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(fixture_site))


def served(frost: Ledger, plugins: str) -> "serving":  # type: ignore[valid-type]
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("LEDGER_LOAD_PLUGINS", plugins)
        pm = get_plugin_manager()
    return serving(frost.db_path, pm)


def test_a_query_of_the_wrong_shape_or_failing_is_a_4xx_naming_the_plugin(
    installed: None, frost: Ledger
) -> None:
    frost.ok("frost-coast", "frostbite", "Torrax", "2")
    with served(frost, "ledger_base_game,frost_coast") as url, httpx.Client(base_url=url) as http:
        assert http.get("/api/queries/frostbite_held").json() == {"Torrax": 2}
        shaped = http.get("/api/queries/frostbite_of")
        assert shaped.status_code == 422
        assert (
            "plugin 'frost_coast': action frostbite_of's first parameter is a 'CampaignState', "
            "but faces call it with the campaign (a Game); write it as def frostbite_of(game: "
            "Game, *, ...)" in shaped.json()["error"]
        )
        failing = http.get("/api/queries/thaw_forecast")
        assert failing.status_code == 422
        assert failing.json()["error"] == (
            "plugin 'frost_coast' failed in thaw_forecast: ZeroDivisionError: integer division "
            "or modulo by zero"
        )


def test_the_party_page_with_a_plugin_uninstalled_names_it_and_the_fix(
    installed: None, frost: Ledger
) -> None:
    frost.ok("frost-coast", "frostbite", "Torrax", "2")
    with served(frost, "ledger_base_game") as url, httpx.Client(base_url=url) as http:
        page = http.get("/")
        assert page.status_code == 422
        assert "text/html" in page.headers["content-type"]
        assert "frost_coast" in page.text
        assert "LEDGER_LOAD_PLUGINS" in page.text  # installed but left out: the fix
        assert http.get("/api/party").status_code == 422
