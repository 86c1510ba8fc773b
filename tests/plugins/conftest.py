"""The fixture expansions installed once for the session (tests/plugins/fixtures)."""

from pathlib import Path

import pytest

from tests.helpers.fixture_plugins import TORRAX, Ledger, install_fixtures


@pytest.fixture(scope="session")
def fixture_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return install_fixtures(tmp_path_factory.mktemp("fixture-plugins"))


@pytest.fixture
def frost(fixture_site: Path, tmp_path: Path) -> Ledger:
    """The command line with Frost Coast (and Rival) installed, on a campaign with Torrax."""
    ledger = Ledger(fixture_site, tmp_path / "ledger.db")
    ledger.env["LEDGER_LOAD_PLUGINS"] = "ledger_base_game,frost_coast"
    ledger.ok("campaign", "new", "Test")
    ledger.ok(*TORRAX)
    return ledger
