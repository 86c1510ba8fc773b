"""Fixtures for testing a plugin: a plugin manager with the author's plugin, a temporary
ledger, a CLI runner around both, and ``ledger_golden`` to hold an old export against the
states it must still produce (``ledger_pytest.golden``). Override ``ledger_plugins`` to add
plugin objects that are not installed through an entry point (installed ones are loaded
already)."""

from collections.abc import Callable, Iterator
from pathlib import Path

import pluggy
import pytest
from click.testing import CliRunner, Result

from ledger.campaign import Ledger
from ledger.hosting import Registry, get_plugin_manager
from ledger_pytest.golden import check_golden

Invoke = Callable[..., Result]
UNSET: dict[str, str | None] = {"LEDGER_DATABASE": None, "LEDGER_CAMPAIGN": None}  # not yours


@pytest.fixture
def ledger_plugins() -> list[object]:
    """Plugin objects (modules, classes, instances) to register besides the installed ones."""
    return []


@pytest.fixture
def ledger_pm(ledger_plugins: list[object]) -> pluggy.PluginManager:
    """A fresh plugin manager: the installed plugins (as LEDGER_LOAD_PLUGINS allows) plus
    ``ledger_plugins``."""
    pm = get_plugin_manager()
    for plugin in ledger_plugins:
        if not pm.is_registered(plugin):
            pm.register(plugin, name=getattr(plugin, "__name__", type(plugin).__name__))
    return pm


@pytest.fixture
def ledger_registry(ledger_pm: pluggy.PluginManager) -> Registry:
    """The content, event types and modifier types of ``ledger_pm``'s plugins. Building it
    raises when two plugins register the same name, naming both."""
    return Registry(ledger_pm)


@pytest.fixture
def ledger_db_path(tmp_path: Path) -> Path:
    """A path for the test's ledger file, in pytest's ``tmp_path``; no file is there yet."""
    return tmp_path / "ledger.db"


@pytest.fixture
def temp_ledger(ledger_db_path: Path, ledger_registry: Registry) -> Iterator[Ledger]:
    """A ledger file of its own for the test, with the plugins of ``ledger_pm``."""
    with Ledger.open(ledger_db_path, ledger_registry) as opened:
        yield opened


@pytest.fixture
def ledger_invoke(ledger_pm: pluggy.PluginManager, ledger_db_path: Path) -> Invoke:
    """Run the command line (with ``ledger_pm``'s plugins) on ``ledger_db_path``:
    ``ledger_invoke("gadget", "build", "Torrax")``, with ``input="..."`` for standard input.

    Returns click's ``Result`` and never raises: check ``result.exit_code`` (0 done; 1 a
    refusal, its message in ``result.stderr``; 2 a usage error) and ``result.stdout``. An
    unexpected exception is kept in ``result.exception``. ``LEDGER_DATABASE`` and
    ``LEDGER_CAMPAIGN`` are unset for the call, so the test's file and its only campaign are
    used."""
    from ledger_cli.helpers import build_cli

    cli = build_cli(ledger_pm)
    runner = CliRunner()

    def run(*args: str, input: str | None = None) -> Result:
        args = ("--database", str(ledger_db_path), *args)
        return runner.invoke(cli, args, input=input, env=UNSET)

    return run


@pytest.fixture
def ledger_golden(ledger_registry: Registry, tmp_path: Path) -> Callable[[Path], None]:
    """Hold a golden file (see ``ledger_pytest.golden``) against the plugins under test:
    ``ledger_golden(Path("tests/golden/v1"))`` imports ``v1.ndjson`` into a new ledger,
    verifies it and raises ``GoldenMismatch`` where a state differs from ``v1.states.json``."""

    def check(golden: Path) -> None:
        check_golden(ledger_registry, golden, tmp_path / "golden")

    return check
