"""Shared fixtures: a fresh plugin manager, a temporary ledger, and a CLI runner."""

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pluggy
import pytest
from click.testing import CliRunner, Result

from ledger.campaign import Ledger
from ledger.hosting import Registry, get_plugin_manager
from ledger.storage import open_database
from ledger_cli.app import build_cli
from tests.reliability import figures

Invoke = Callable[..., Result]


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
    """``record_figures("Crash", kills=20, lost=0)``: figures for the README table."""

    def record(area: str, **numbers: int) -> None:
        figures.record(request.config, area, **numbers)

    return record


@pytest.fixture(autouse=True)
def user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the user data directory and the environment at a temporary folder."""
    home = tmp_path / "home"
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("HOME", str(home))
    for name in ("LEDGER_DATABASE", "LEDGER_CAMPAIGN", "LEDGER_LOAD_PLUGINS"):
        monkeypatch.delenv(name, raising=False)
    return home


@pytest.fixture
def pm() -> pluggy.PluginManager:
    return get_plugin_manager()


@pytest.fixture
def registry(pm: pluggy.PluginManager) -> Registry:
    return Registry(pm)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "ledger.db"


@pytest.fixture
def ledger(db_path: Path, registry: Registry) -> Iterator[Ledger]:
    with Ledger.open(db_path, registry, snapshot_interval=5) as opened:
        yield opened


@pytest.fixture
def invoke(pm: pluggy.PluginManager, db_path: Path) -> Invoke:
    """Run the CLI against the temporary ledger: ``invoke("damage", "Venia", "2")``."""
    cli = build_cli(pm)
    runner = CliRunner()

    def run(*args: str, input: str | None = None) -> Result:
        return runner.invoke(cli, ["--database", str(db_path), *args], input=input)

    return run


@pytest.fixture
def ok(invoke: Invoke) -> Invoke:
    """Like ``invoke``, but fails the test unless the command succeeds."""

    def run(*args: str, input: str | None = None) -> Result:
        result = invoke(*args, input=input)
        assert result.exit_code == 0, f"{args} failed ({result.exit_code}):\n{result.output}"
        return result

    return run


def event_count(db_path: Path) -> int:
    with Ledger.open(db_path, create=False) as opened:
        return int(opened.db.execute("SELECT count(*) FROM events").fetchone()[0])


def rows_of(path: Path) -> list[dict[str, Any]]:
    """Every stored event, every column, read straight from the file (none if no file)."""
    if not path.exists():
        return []
    db = open_database(path, create=False)
    try:
        cursor = db.execute("SELECT * FROM events ORDER BY campaign, seq")
        names = [d[0] for d in cursor.description]
        return [dict(zip(names, values, strict=True)) for values in cursor.fetchall()]
    finally:
        db.close()


@pytest.fixture
def party(ok: Invoke) -> Invoke:
    """A campaign with Zuva'Sai (8 chips, wounded side 4) and Torrax (10 chips, 5)."""
    ok("campaign", "new", "Test")
    ok(
        "hero",
        "add",
        "Zuva'Sai",
        "--might",
        "2",
        "--agility",
        "3",
        "--will",
        "4",
        "--taunt",
        "3",
        "--wounded-chips",
        "4",
    )
    ok(
        "hero",
        "add",
        "Torrax",
        "--agility",
        "2",
        "--will",
        "2",
        "--taunt",
        "6",
        "--wounded-chips",
        "5",
    )
    return ok
