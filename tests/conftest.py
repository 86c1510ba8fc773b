"""Shared fixtures: a fresh plugin manager, a temporary ledger, a CLI runner and a party, and
the reliability tests' options (``--soak``, ``--report-figures``)."""

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pluggy
import pytest
from click.testing import Result
from hypothesis import settings

from ledger.campaign import Ledger
from ledger.hosting import Registry
from tests.helpers import figures
from tests.helpers.cli import Invoke
from tests.helpers.party import PARTY

# How many examples a property test tries is the profile's choice, not the test's: ``dev``
# (the default, and CI's) keeps each property to seconds, so none sets the suite's wall time;
# ``ci`` tries five times as many: HYPOTHESIS_PROFILE=ci (or --hypothesis-profile=ci). Both
# start from what Hypothesis chose for the machine: where CI is set, its own ci settings
# (derandomized: CI sees the same examples on every run), elsewhere its defaults. Loaded
# before any test module builds its settings. Counts that are part of a test's meaning stay
# in it (test_odds' Monte Carlo checks, the reliability tests' --soak counts).
settings.register_profile("dev", settings.default, max_examples=100)
settings.register_profile("ci", settings.default, max_examples=500)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("reliability")
    group.addoption(
        "--soak",
        type=int,
        default=1,
        metavar="N",
        help="Multiply the reliability tests' counts (kills, commands, examples) by N.",
    )
    group.addoption(
        "--report-figures",
        dest=figures.OPTION,
        metavar="FILE",
        help="Write the reliability tests' figures to FILE and show them as a table.",
    )


def pytest_configure(config: pytest.Config) -> None:
    path = figures.configure(config)
    if path is not None and not hasattr(config, "workerinput"):  # the controller, once
        path.write_text("")


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    path = config.stash.get(figures.PATH, None)
    if path is not None and path.exists():
        terminalreporter.write_sep("-", "reliability figures")
        terminalreporter.write_line(figures.table(path))


@pytest.fixture
def soak(request: pytest.FixtureRequest) -> int:
    """How many times the default counts a reliability test runs (``--soak N``)."""
    return max(1, int(request.config.getoption("soak")))


@pytest.fixture
def record_figures(request: pytest.FixtureRequest) -> Callable[..., None]:
    """``record_figures("Crash", kills=20, lost=0)``: figures for docs/reliability.md's table."""

    def record(area: str, **numbers: int) -> None:
        figures.record(request.config, area, **numbers)

    return record


@pytest.fixture(autouse=True)
def user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the user data directory and the environment at a temporary folder."""
    home = tmp_path / "home"
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))  # `campaign use`
    monkeypatch.setenv("XDG_STATE_HOME", str(home / "state"))  # `serve`'s kept secrets
    monkeypatch.setenv("HOME", str(home))
    for name in (
        "LEDGER_DATABASE",
        "LEDGER_CAMPAIGN",
        "LEDGER_LOAD_PLUGINS",
        "LEDGER_PLUGINS_DIR",
        "LEDGER_DEBUG",
    ):
        monkeypatch.delenv(name, raising=False)
    return home


# The suite runs on the fixtures its pytest plugin gives expansion authors (ledger_pytest,
# docs/plugins.md), under the short names its tests use. A module adds a plugin to all of
# them by overriding ``ledger_plugins``.


@pytest.fixture
def pm(ledger_pm: pluggy.PluginManager) -> pluggy.PluginManager:
    """A fresh plugin manager: the base game plus the module's ``ledger_plugins``."""
    return ledger_pm


@pytest.fixture
def registry(ledger_registry: Registry) -> Registry:
    return ledger_registry


@pytest.fixture
def db_path(ledger_db_path: Path) -> Path:
    return ledger_db_path


@pytest.fixture
def ledger(db_path: Path, registry: Registry) -> Iterator[Ledger]:
    """Like the plugin's ``temp_ledger``, with a snapshot every 5 events."""
    with Ledger.open(db_path, registry, snapshot_interval=5) as opened:
        yield opened


@pytest.fixture
def invoke(ledger_invoke: Invoke) -> Invoke:
    """Run the CLI against the temporary ledger: ``invoke("damage", "Venia", "2")``."""
    return ledger_invoke


@pytest.fixture
def ok(invoke: Invoke) -> Invoke:
    """Like ``invoke``, but fails the test unless the command succeeds."""

    def run(*args: str, input: str | None = None) -> Result:
        result = invoke(*args, input=input)
        assert result.exit_code == 0, f"{args} failed ({result.exit_code}):\n{result.output}"
        return result

    return run


@pytest.fixture
def party(ok: Invoke) -> Invoke:
    """A campaign with Zuva'Sai (8 chips, wounded side 4) and Torrax (10 chips, 5)."""
    for args in PARTY:
        ok(*args)
    return ok
