"""Shared fixtures: a fresh plugin manager, a temporary ledger, and a CLI runner."""

import json
import shlex
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import pluggy
import pytest
from click.testing import CliRunner, Result

from ledger.campaign import Campaign
from ledger.database import open_database
from ledger.ledger import Ledger
from ledger.plugins import get_plugin_manager
from ledger.registry import Registry
from ledger_base_game import actions
from ledger_cli.app import build_cli
from tests.reliability import figures

Invoke = Callable[..., Result]
E = TypeVar("E", bound=BaseException)


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


@contextmanager
def refused(
    path: Path, error: type[E], says: str | None = None
) -> Iterator[pytest.ExceptionInfo[E]]:
    """The block raises ``error`` saying ``says`` (a regular expression), and the file at
    ``path`` holds exactly what it held before."""
    before = rows_of(path)
    with pytest.raises(error, match=says) as caught:
        yield caught
    assert rows_of(path) == before


def run_lines(pm: pluggy.PluginManager, path: Path, lines: list[str]) -> None:
    """Type each line at a fresh CLI on the ledger at ``path``; each must succeed."""
    cli = build_cli(pm)
    runner = CliRunner()
    for line in lines:
        result = runner.invoke(cli, ["--database", str(path), *shlex.split(line)])
        assert result.exit_code == 0, f"{line}:\n{result.output}"


def events_told(path: Path) -> list[dict[str, Any]]:
    """Every stored event as what it says: each column (the payload read) but the time of
    recording and the hashes over it, which differ between two files telling the same."""
    rows = [
        {k: v for k, v in row.items() if k not in ("recorded_at", "prev_hash", "hash")}
        for row in rows_of(path)
    ]
    for row in rows:
        row["payload"] = json.loads(row["payload"])
    return rows


# Torrax and Venia as their Hero boards give them (the base game knows the rest), for the
# ``campaign`` fixture and for typing the same at the CLI.
TORRAX: dict[str, Any] = {"agility": 2, "will": 2, "taunt": 6, "wounded_chips": 5}
VENIA: dict[str, Any] = {"might": 2, "agility": 3, "will": 4, "taunt": 3, "wounded_chips": 4}
MOONSILVER = [
    "campaign new Moonsilver",
    "hero add Torrax --agility 2 --will 2 --taunt 6 --wounded-chips 5",
    "hero add Venia --might 2 --agility 3 --will 4 --taunt 3 --wounded-chips 4",
]


@pytest.fixture
def campaign(db_path: Path, pm: pluggy.PluginManager) -> Iterator[Campaign]:
    """Torrax and Venia in the campaign "Moonsilver" at ``db_path``, made and opened the way
    a Python user does (``MOONSILVER`` types the same at the CLI)."""
    with Ledger.open(db_path, Registry(pm)) as opened:
        created = opened.create_campaign("Moonsilver")
        created.do(actions.add_hero, name="Torrax", **TORRAX)
        created.do(actions.add_hero, name="Venia", **VENIA)
        yield created


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
