"""Driving the CLI the way the tests do: ``Invoke`` (the pytest plugin's, what conftest's
``invoke`` and ``ok`` are), the JSON views, and refusals that must exit 1 and write nothing."""

import json
import shlex
from pathlib import Path
from typing import Any

import pluggy
from click.testing import CliRunner

from ledger_cli.app import build_cli
from ledger_pytest.plugin import Invoke
from tests.helpers.files import event_count

__all__ = ["Invoke", "hero", "party_json", "refuse", "resolved_city", "run_cli", "shown"]


def shown(run: Invoke, *args: str) -> Any:
    """What a command shows with ``--json``."""
    return json.loads(run(*args, "--json").output)


def hero(run: Invoke, name: str, *at: str) -> dict[str, Any]:
    return dict(json.loads(run("hero", "show", name, "--json", *at).output))


def party_json(run: Invoke, *at: str) -> dict[str, Any]:
    return dict(json.loads(run("party", "show", "--json", *at).output))


def refuse(invoke: Invoke, db_path: Path, *args: str, says: str, code: int = 1) -> str:
    """The command exits 1 (``code``: 2 for a usage error, such as a number out of range)
    with a message containing ``says`` and records nothing."""
    before = event_count(db_path)
    result = invoke(*args)
    assert result.exit_code == code, f"{args} exit {result.exit_code}:\n{result.output}"
    assert "Traceback" not in result.output
    assert says in result.output, f"{args}: {says!r} not in:\n{result.output}"
    assert event_count(db_path) == before, f"{args} wrote events"
    return result.output


def resolved_city(run: Invoke) -> Invoke:
    """A City step whose City Event is resolved: every Hero has 2 City Activity points."""
    run("step", "city")
    run("city", "event-resolved")
    return run


def run_cli(pm: pluggy.PluginManager, path: Path, lines: list[str]) -> None:
    """Type ``lines`` (as after ``campaign-ledger``) into the ledger at ``path``; each succeeds."""
    cli = build_cli(pm)
    runner = CliRunner()
    for line in lines:
        result = runner.invoke(cli, ["--database", str(path), *shlex.split(line)])
        assert result.exit_code == 0, f"{line}:\n{result.output}"
