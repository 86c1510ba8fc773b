"""How a batch runs its lines: a plain line runs its command under the batch's parsed root
options, a line with options of its own runs through the root; either is decided again by
the service after losing a race, keeping its root options (ledger_cli/commands/batch.py,
ledger/campaign/_retries.py)."""

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ledger.campaign import Campaign
from ledger.errors import ConflictError
from tests.helpers.cli import Invoke


def _lose_first_race(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """The first ``Campaign.record`` finds another writer first; returns, for each call,
    whether it ran under the write lock (as the service decides again after a lost race)."""
    calls: list[bool] = []
    record: Callable[..., Any] = Campaign.record

    def racing(self: Campaign, *args: Any, **kwargs: Any) -> Any:
        calls.append(self.ledger.db.conn.in_transaction)
        if len(calls) == 1:
            raise ConflictError("campaign 'Test' changed while this command was being recorded")
        return record(self, *args, **kwargs)

    monkeypatch.setattr(Campaign, "record", racing)
    return calls


@pytest.mark.parametrize(
    "line",
    ["stars gain Torrax 2", "--idempotency-key k stars gain Torrax 2"],
    ids=["plain", "with-root-options"],
)
def test_a_line_that_lost_a_race_runs_again_and_the_next_starts_optimistic(
    party: Invoke, invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, line: str
) -> None:
    calls = _lose_first_race(monkeypatch)
    script = tmp_path / "lines.txt"
    script.write_text(f"{line}\nstars gain Torrax 3\n")
    result = invoke("batch", "--quiet", str(script))
    assert result.exit_code == 0, result.output
    assert calls == [False, True, False]
    assert result.output.count("Torrax gains 2 Stars") == 1
    assert "Torrax gains 3 Stars" in result.output
    assert '"stars": 5' in invoke("hero", "show", "Torrax", "--json").output


def test_a_command_that_lost_a_race_runs_again_with_its_root_options(
    party: Invoke, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = _lose_first_race(monkeypatch)
    result = invoke("--idempotency-key", "k", "--campaign", "Test", "stars", "gain", "Torrax", "2")
    assert result.exit_code == 0, result.output
    assert calls == [False, True]
    again = invoke("--idempotency-key", "k", "stars", "gain", "Torrax", "2")
    assert "Already recorded as command" in again.output  # the retry kept the key


def test_root_options_of_a_line_end_with_it(
    party: Invoke, ok: Invoke, invoke: Invoke, tmp_path: Path
) -> None:
    """After a line with its own --campaign and key, a plain line has the batch's again."""
    ok("campaign", "new", "Other")
    script = tmp_path / "lines.txt"
    script.write_text(
        "--campaign Other --idempotency-key k hero list\n"
        "stars gain Torrax 1\n"  # in Test (Other has no Torrax)
        "stars gain Torrax 1\n"  # recorded again: no key
    )
    result = invoke("--campaign", "Test", "batch", "--quiet", str(script))
    assert result.exit_code == 0, result.output
    assert result.output.count("Torrax gains 1 Star") == 2


@pytest.mark.parametrize("prefix", ["", "--campaign Test "], ids=["plain", "with-root-options"])
def test_a_refused_line_names_what_was_typed_as_on_its_own(
    party: Invoke, invoke: Invoke, tmp_path: Path, prefix: str
) -> None:
    """A refusal in a batch line is worded from the line's command (--heal, not heal), and a
    line asking for --help shows it and lets the batch go on."""
    script = tmp_path / "lines.txt"
    script.write_text(f"{prefix}item --help\n{prefix}item gain Torrax Foo --heal 300\n")
    result = invoke("batch", "--quiet", str(script))
    assert result.exit_code == 2  # --heal 300: a usage error in the line is one of the batch
    assert "Usage:" in result.output
    assert "line 2: " in result.output
    assert "--heal must be from 0 to 99, not 300" in result.output
