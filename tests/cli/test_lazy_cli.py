"""The CLI imports a command's module only when the command is used (docs/performance.md,
target 6), yet offers, and helps with, exactly the commands an eager import would."""

import importlib
import subprocess
import sys
from pathlib import Path

import click
from click.testing import CliRunner

from ledger.campaign import Ledger
from ledger.hosting import get_plugin_manager
from ledger_base_game.commands import COMMANDS
from ledger_base_game.events import HeroJoined
from ledger_cli.app import CORE_COMMANDS, FACES, build_cli
from ledger_cli.lazy import LazyGroup


def tree(group: click.Group, ctx: click.Context) -> dict[str, object]:
    """Every command and subcommand name, nested."""
    found: dict[str, object] = {}
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None, name
        sub = click.Context(command, parent=ctx)
        found[name] = tree(command, sub) if isinstance(command, click.Group) else None
    return found


def test_the_lazy_tables_name_exactly_what_the_modules_define() -> None:
    eager = click.Group()
    modules = [f"ledger_cli.commands.{module}" for _, module in CORE_COMMANDS]
    modules += [f"ledger_base_game.commands.{m}" for _, behind in COMMANDS for m in behind]
    modules += [module for _, module in FACES]
    for module in modules:
        importlib.import_module(module).register(eager)
    lazy = build_cli(get_plugin_manager())
    assert isinstance(lazy, LazyGroup)
    assert lazy.lazy  # nothing imported yet
    assert tree(lazy, click.Context(lazy)) == tree(eager, click.Context(eager))
    assert not lazy.lazy  # listing them all loaded them all


def test_help_lists_commands_whose_modules_are_not_imported() -> None:
    result = CliRunner().invoke(build_cli(get_plugin_manager()), ["--help"])
    assert result.exit_code == 0, result.output
    for name in ("batch", "check", "hero", "item", "verify", "xp"):
        assert f"\n  {name} " in result.output


def _after_main(expression: str, *args: str) -> str:
    """``expression``, evaluated in a fresh process once ``campaign-ledger ARGS`` ran."""
    code = (
        "import sys\n"
        "from ledger_cli.app import main\n"
        "try:\n"
        "    main()\n"
        "finally:\n"
        f"    print({expression})\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, check=True
    )
    return done.stdout.splitlines()[-1]


def test_a_command_imports_only_its_own_modules(tmp_path: Path) -> None:
    database = str(tmp_path / "lazy.db")
    loaded = _after_main(
        "sorted(m for m in sys.modules if m.startswith(('ledger_cli.', 'ledger_base_game.')))",
        *("--database", database, "campaign", "new", "Lazy"),
    )
    assert "'ledger_cli.commands.campaign'" in loaded
    assert "'ledger_base_game.commands'" in loaded  # the table, not the commands
    for unused in ("dice", "heroes", "progress"):
        assert f"'ledger_base_game.commands.{unused}'" not in loaded
    for unused in ("batch", "exchange"):
        assert f"'ledger_cli.commands.{unused}'" not in loaded


def test_a_named_database_needs_no_user_directory_lookup(tmp_path: Path) -> None:
    database = str(tmp_path / "named.db")
    loaded = _after_main(
        "'platformdirs' in sys.modules", "--database", database, "campaign", "new", "Named"
    )
    assert loaded == "False"


# What `hero show` never runs: the log, points in time, diffs, sessions and the timeline;
# the views of the log, the summary and the Stock; group commit and the step index; plugin
# checks; dice odds and rolls; the campaign choice file; the actions; failing after a commit.
NOT_READ = (
    "ledger.campaign._diff",
    "ledger.campaign._log",
    "ledger.campaign._refs",
    "ledger.campaign._sessions",
    "ledger.campaign._timeline",
    "ledger.views._history",
    "ledger.views._summary",
    "ledger.views._supply",
    "ledger.storage._group_commit",
    "ledger.storage._step_index",
    "ledger.hosting._checks",
    "ledger.hosting._packs",
    "ledger.hosting._upcast_check",
    "ledger.dice._odds",
    "ledger.dice._rolling",
    "ledger.service._chosen",
    "ledger.actions",
    "ledger_cli.boundary",
)


def test_a_read_imports_no_module_it_never_runs(tmp_path: Path) -> None:
    database = tmp_path / "read.db"
    with Ledger.open(database) as book:
        book.create_campaign("Lazy").record(
            [
                HeroJoined(
                    hero="Torrax", might=3, agility=2, will=2, taunt=6, chips=10, wounded_chips=5
                )
            ]
        )
    loaded = _after_main(
        "sorted(m for m in sys.modules if m.startswith('ledger'))",
        *("--database", str(database), "hero", "show", "Torrax"),
    )
    assert "'ledger.campaign._projection'" in loaded  # it did read the state
    assert [name for name in NOT_READ if f"'{name}'" in loaded] == []


def test_verify_of_a_small_campaign_imports_no_fork(tmp_path: Path) -> None:
    """A campaign too small to verify on two cores needs no signal module (the fork's)."""
    database = tmp_path / "small.db"
    with Ledger.open(database) as book:
        book.create_campaign("Small")
    loaded = _after_main(
        "'signal' in sys.modules",
        *("--database", str(database), "verify"),
    )
    assert loaded == "False"


def test_a_read_at_a_snapshot_imports_no_event_type(tmp_path: Path) -> None:
    """The base game's event types are asked for when a row is folded: a read answered from
    a snapshot at the head folds none (ledger.hosting._registry, ASKED_WHEN_USED)."""
    database = tmp_path / "snapshot.db"
    with Ledger.open(database, snapshot_interval=2) as book:
        joined = HeroJoined(
            hero="Torrax", might=3, agility=2, will=2, taunt=6, chips=10, wounded_chips=5
        )
        book.create_campaign("Lazy").record([joined])  # seq 2: a snapshot
    loaded = _after_main(
        "[m for m in sys.modules if m.startswith('ledger_base_game.events')]",
        *("--database", str(database), "hero", "show", "Torrax"),
    )
    assert loaded == "[]"
