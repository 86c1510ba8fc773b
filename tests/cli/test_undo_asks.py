"""`undo N` with N > 1 on a terminal shows what it will revert and asks; --yes does not ask;
piped, or as a line of a batch, it runs as typed (scripts and batch files keep working, and
nothing is lost: `redo --command` brings it back)."""

import types
from functools import partial
from pathlib import Path

import click
import pytest

from ledger.campaign import Ledger
from ledger_base_game import actions
from ledger_cli.commands import log as log_commands
from tests.helpers.cli import Invoke, hero
from tests.helpers.console import no_traceback, script
from tests.helpers.files import event_count
from tests.helpers.terminal import on_terminal

# A terminal without colour: the prompt's words alone.
plain_terminal = partial(on_terminal, term="dumb")


def two_damages(party: Invoke) -> None:
    party("damage", "Torrax", "2")  # 4
    party("damage", "Zuva'Sai", "1")  # 5


def test_on_a_terminal_undo_of_several_shows_them_and_asks(party: Invoke, db_path: Path) -> None:
    two_damages(party)
    before = event_count(db_path)
    status, shown = plain_terminal(db_path, "undo", "2", answer="n")
    assert status == 1
    assert shown.splitlines() == [
        "This undoes 2 commands:",
        "    4  -            Torrax takes 2 damage",
        "    5  -            Zuva'Sai takes 1 damage",
        "Undo these 2 commands? [y/N]: n",
        "Error: nothing was undone",
    ]
    assert event_count(db_path) == before
    status, shown = plain_terminal(db_path, "undo", "2", answer="y")
    assert status == 0
    assert "#6 Undo of #5, #4" in shown
    assert hero(party, "Torrax")["stamina"]["wound"] == 0


def test_yes_and_a_single_command_do_not_ask(party: Invoke, db_path: Path) -> None:
    two_damages(party)
    status, shown = plain_terminal(db_path, "undo")
    assert (status, shown.splitlines()[0]) == (0, "#6 Undo of #5")
    status, shown = plain_terminal(db_path, "undo", "--command", "4", "--yes")
    assert (status, shown.splitlines()[0]) == (0, "#7 Undo of #4")
    party("redo", "--command", "6")
    party("redo", "--command", "7")
    status, shown = plain_terminal(db_path, "undo", "2", "-y")
    assert (status, shown.splitlines()[0]) == (
        0,
        "#10 Undo of #5, #4",
    )  # the latest commands in effect


def test_piped_and_in_a_batch_undo_runs_as_typed(
    party: Invoke, db_path: Path, tmp_path: Path
) -> None:
    two_damages(party)
    done = script(db_path, "undo", "2", stdin="")
    no_traceback(done)
    assert (done.returncode, done.stdout.splitlines()[0]) == (0, "#6 Undo of #5, #4")
    party("redo", "--command", "6")
    lines = tmp_path / "lines.txt"
    lines.write_text("damage Torrax 1\nundo 2\n")
    status, shown = plain_terminal(db_path, "batch", str(lines))  # stdin is the terminal
    assert status == 0, shown
    assert "[y/N]" not in shown
    assert "#9 Undo of #8, #5" in shown


def test_an_undo_asked_about_is_refused_if_the_campaign_moved_on_meanwhile(
    party: Invoke, invoke: Invoke, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the player said yes to is what is undone: a command recorded by another player
    while the question waited is named, and nothing is undone."""
    two_damages(party)
    terminal = types.SimpleNamespace(stdin=types.SimpleNamespace(isatty=lambda: True))
    monkeypatch.setattr(log_commands, "sys", terminal)

    def another_player_records_then_yes(*args: object, **kwargs: object) -> bool:
        with Ledger.open(db_path) as other:
            (name,) = other.campaigns()
            other.campaign(name).do(actions.gain_stars, hero="Torrax", amount=2)
        return True

    monkeypatch.setattr(click, "confirm", another_player_records_then_yes)
    before = event_count(db_path)
    refused = invoke("undo", "2")
    assert refused.exit_code == 1
    assert "since #5: #6 Torrax gains 2 Stars" in refused.stderr
    assert event_count(db_path) == before + 1  # the other player's command, no undo
