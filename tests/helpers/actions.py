"""What the action tests share: a refusal that must leave the file as it was, typing lines at
the CLI, the events two files tell, and the party both faces set up."""

import json
import shlex
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import pluggy
import pytest
from click.testing import CliRunner

from ledger_cli.app import build_cli
from tests.helpers.files import rows_of

E = TypeVar("E", bound=BaseException)

# Torrax and Venia as their Hero boards give them (the base game knows the rest), for the
# ``campaign`` fixture (tests/actions/conftest.py) and for typing the same at the CLI.
TORRAX: dict[str, Any] = {"agility": 2, "will": 2, "taunt": 6, "wounded_chips": 5}
VENIA: dict[str, Any] = {"might": 2, "agility": 3, "will": 4, "taunt": 3, "wounded_chips": 4}
MOONSILVER = [
    "campaign new Moonsilver",
    "hero add Torrax --agility 2 --will 2 --taunt 6 --wounded-chips 5",
    "hero add Venia --might 2 --agility 3 --will 4 --taunt 3 --wounded-chips 4",
]


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
