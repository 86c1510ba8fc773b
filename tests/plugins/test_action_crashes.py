"""A plugin's action that crashes while deciding is the plugin's bug whichever face called it:
the service raises a PluginError naming the plugin and the action, the CLI prints it as its one
line, the web answers it as a refusal in the ledger's words (never a 500, never a traceback),
and nothing is written."""

from pathlib import Path

import click
import pluggy
import pytest

from ledger.actions import Game
from ledger.errors import PluginError
from ledger.hosting import CommandGroup, Registry, hookimpl
from ledger.model import Event
from ledger.service import Service
from ledger_cli.helpers import App, pass_app
from tests.helpers.cli import Invoke
from tests.helpers.files import event_count
from tests.helpers.web import client, csrf

MESSAGE = (
    "plugin 'Jinx' failed deciding the action hex_hero: ZeroDivisionError: the hex divided "
    "by zero; nothing was written"
)


def hex_hero(game: Game, *, hero: str) -> list[Event]:
    """Curse a Hero (a plugin bug: it divides by zero once it has found the Hero)."""
    game.hero(hero)
    raise ZeroDivisionError("the hex divided by zero")


@click.command("hex")
@click.argument("hero")
@pass_app
def hex_command(app: App, hero: str) -> None:
    app.do(hex_hero, hero=hero)


class Jinx:
    @staticmethod
    @hookimpl
    def register_actions() -> list[object]:
        return [hex_hero]

    @staticmethod
    @hookimpl
    def register_commands(cli: CommandGroup) -> None:
        cli.add_command(hex_command)


@pytest.fixture
def ledger_plugins() -> list[object]:
    return [Jinx]


def test_the_service_names_the_plugin_and_writes_nothing(
    party: Invoke, db_path: Path, registry: Registry
) -> None:
    before = event_count(db_path)
    with Service(db_path, registry) as service, pytest.raises(PluginError) as raised:
        service.do(hex_hero, hero="Torrax")
    assert str(raised.value) == MESSAGE
    assert isinstance(raised.value.__cause__, ZeroDivisionError)
    assert event_count(db_path) == before


def test_the_cli_prints_one_line_and_a_refusal_stays_a_refusal(
    party: Invoke, invoke: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    before = event_count(db_path)
    crashed = invoke("hex", "Torrax")
    assert (crashed.exit_code, crashed.stderr) == (
        1,
        f"Error: {MESSAGE} (--debug or LEDGER_DEBUG=1 shows the traceback)\n",
    )
    assert "Traceback" not in crashed.output
    refused = invoke("hex", "Nobody")  # the action's own refusal passes through as it is
    assert refused.exit_code == 1
    assert "Nobody" in refused.stderr
    assert "failed deciding" not in refused.stderr
    assert event_count(db_path) == before


def test_the_web_answers_the_crash_as_a_refusal(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    before = event_count(db_path)
    with client(db_path, pm) as web:
        answer = web.post("/api/actions/hex_hero", json={"hero": "Torrax"}, headers=csrf(web))
        assert answer.status_code == 422
        assert answer.json() == {"error": MESSAGE}
        assert "Traceback" not in answer.text
    assert event_count(db_path) == before
