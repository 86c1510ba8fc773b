"""Plugins: a plugin that raises at randomly chosen hooks, over 1,000 commands through the CLI.
After each command either nothing was written (same count, same head hash) or the command
was written whole, exactly as a run without the fault writes it; the file verifies at the end.

Every hookspec is armed in turn (HOOKS comes from ledger/hosting/_hookspecs.py).
"""

import random
import shutil
from pathlib import Path
from typing import Any

import pluggy
from click.testing import CliRunner, Result

from ledger.errors import RuleViolation
from ledger.hosting import get_plugin_manager, hookimpl
from ledger.hosting._hookdoc import hook_names
from ledger.storage import sqlite3
from ledger_cli.app import build_cli
from tests.helpers.files import assert_sound, head, stored
from tests.helpers.party import ZUVA, make_party

HOOKS = hook_names()  # every hookspec: a new hook is covered as soon as it is declared
COMMANDS = 1000
ERRORS = [RuntimeError, ValueError, KeyError, TypeError, ZeroDivisionError, RuleViolation]
LINES = [
    "stars gain Torrax 2",
    "stars spend Torrax 1",
    "damage Torrax 1",
    "heal Torrax 1",
    f"stamina spend {ZUVA} 1",
    f"stamina restore {ZUVA} 1",
    "condition add Torrax Cursed",
    "condition remove Torrax Cursed",
    "step city",
    "step journey",
    "undo",
    "redo",
    "damage Nobody 1",
    "stars spend Torrax 99",
]


class Faulty:
    """Implements every hook in HOOKS with no arguments; raises in the one that is armed."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.armed: str | None = None
        self.fired = 0

    def fail_if_armed(self, hook: str) -> None:
        if hook == self.armed:
            self.fired += 1
            raise self.rng.choice(ERRORS)(f"faulty plugin broke in {hook}")


def _impl(name: str) -> Any:
    def impl(self: Faulty) -> None:
        self.fail_if_armed(name)

    impl.__name__ = name
    return hookimpl(impl)


for _name in HOOKS:
    setattr(Faulty, _name, _impl(_name))


def manager(faulty: Faulty | None) -> tuple[pluggy.PluginManager, list[str]]:
    pm = get_plugin_manager()
    hooks = [name for name in HOOKS if hasattr(pm.hook, name)]
    if faulty is not None:
        pm.register(faulty, name="faulty")
    return pm, hooks


def new_rows(path: Path, before: int) -> list[tuple[Any, ...]]:
    return [(seq, command, kind) for _, seq, command, kind, _ in stored(path)[before:]]


def test_a_raising_plugin_never_leaves_a_partial_command(
    tmp_path: Path, soak: int, record_figures: Any
) -> None:
    rng = random.Random()
    faulty = Faulty(rng)
    pm, hooks = manager(faulty)
    clean_pm, _ = manager(None)
    cli, clean_cli, runner = build_cli(pm), build_cli(clean_pm), CliRunner()
    db_path, reference = tmp_path / "faulty.db", tmp_path / "clean.db"
    make_party(db_path)
    shutil.copyfile(db_path, reference)  # make_party closed it: no WAL to copy
    # Held open, so that no command's connection is the last to close and checkpoints (fsync)
    # the WAL: the commits under test stay as durable, the test spends less time waiting.
    keep = [sqlite3.connect(path) for path in (db_path, reference)]
    partial, recorded, crashed = 0, 0, []
    for n in range(COMMANDS * soak):
        line = rng.choice(LINES).split()
        faulty.armed = rng.choice([*hooks, None])
        count, last = head(db_path)
        result: Result = runner.invoke(cli, ["--database", str(db_path), *line])
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            crashed.append(f"{line} with {faulty.armed}: {result.exception!r}")
        if head(db_path) == (count, last):
            continue
        # Something was written: it must be the whole command, as a run without faults writes it.
        clean = runner.invoke(clean_cli, ["--database", str(reference), *line])
        written, expected = new_rows(db_path, count), new_rows(reference, count)
        if clean.exit_code != 0 or written != expected or {c for _, c, _ in written} != {count + 1}:
            partial += 1
        recorded += 1
        assert partial == 0, f"command {n} {line} with a fault in {faulty.armed}: {written}"
    record_figures(
        "Plugins: a plugin raising at random hooks",
        **{
            "commands": COMMANDS * soak,
            "faults raised": faulty.fired,
            "recorded whole": recorded,
            "partial commands": partial,
            "crashes": len(crashed),
        },
    )
    for connection in keep:
        connection.close()
    assert not crashed, "\n".join(crashed[:5])
    assert faulty.fired > 0
    assert_sound(db_path)
    assert new_rows(db_path, 0) == new_rows(reference, 0)
