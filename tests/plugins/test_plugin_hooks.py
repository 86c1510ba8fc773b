"""The hooks for expansion authors, each exercised through a plugin written here: loading and
LEDGER_LOAD_PLUGINS, a plugin raising in any hook, a plugin failing to import, duplicates,
validators, reactions in the command's transaction, migrations and CLI commands."""

import json
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
import pluggy
import pytest
from click.testing import CliRunner, Result
from sqlite_utils import Database

from ledger.campaign import Ledger
from ledger.errors import PluginError
from ledger.hosting import (
    PROJECT,
    Catalogue,
    CommandGroup,
    Migration,
    Registry,
    get_plugin_manager,
    hookimpl,
    item_answers,
)
from ledger.hosting import _hookspecs as hookspecs
from ledger.model import CampaignState, Event, Item, ItemSpec, TalentSpec
from ledger.storage import Row
from ledger_base_game.events import DamageTaken
from ledger_cli.app import build_cli
from tests.helpers.cli import Invoke
from tests.helpers.files import event_count, rows_of
from tests.helpers.plugin_sites import fake_distribution

HOOKS = sorted(
    name for name in dir(hookspecs) if hasattr(getattr(hookspecs, name), f"{PROJECT}_spec")
)


def run(pm: pluggy.PluginManager, db_path: Path, *args: str) -> Result:
    return CliRunner().invoke(build_cli(pm), ["--database", str(db_path), *args])


def with_plugins(*plugins: tuple[str, object]) -> pluggy.PluginManager:
    pm = get_plugin_manager()
    for name, plugin in plugins:
        pm.register(plugin, name=name)
    return pm


def plugin_of(**hooks: Callable[..., Any]) -> types.SimpleNamespace:
    """A plugin implementing the given hooks with the given functions."""
    return types.SimpleNamespace(
        **{name: hookimpl(specname=name)(function) for name, function in hooks.items()}
    )


# Loading


def test_with_no_plugins_every_registry_is_empty(
    monkeypatch: pytest.MonkeyPatch, db_path: Path
) -> None:
    monkeypatch.setenv("LEDGER_LOAD_PLUGINS", "")
    registry = Registry(get_plugin_manager())
    catalogues = [value for value in vars(registry).values() if isinstance(value, Catalogue)]
    assert len(catalogues) >= 8
    assert [len(catalogue) for catalogue in catalogues] == [0] * len(catalogues)
    assert all(tag.startswith("ledger:") for tag in registry.event_types)
    shown = run(get_plugin_manager(), db_path, "plugins", "--json")
    assert shown.exit_code == 0
    assert shown.stdout == "[]\n"
    assert "no plugins loaded" in run(get_plugin_manager(), db_path, "plugins").stdout


def test_load_plugins_names_the_ones_to_load(
    monkeypatch: pytest.MonkeyPatch, db_path: Path
) -> None:
    monkeypatch.setenv("LEDGER_LOAD_PLUGINS", "ledger_base_game")
    (shown,) = json.loads(run(get_plugin_manager(), db_path, "plugins", "--json").stdout)
    assert shown["name"] == "ledger_base_game"
    assert shown["version"] == "0.2.0"
    assert {"register_talents", "register_commands", "interpret_item_phrase"} <= set(shown["hooks"])


def test_without_the_base_game_its_commands_are_not_offered(db_path: Path) -> None:
    bare = build_cli(get_plugin_manager(allowed=set()))
    assert {"hero", "damage", "item"}.isdisjoint(listed(bare))
    assert {"campaign", "log", "verify", "plugins"} <= listed(bare)
    assert {"hero", "damage", "item"} <= listed(build_cli(get_plugin_manager()))


def listed(cli: click.Group) -> set[str]:
    """The commands a CLI offers, whether their modules are imported yet or not."""
    return set(cli.list_commands(click.Context(cli)))


WRONG_HOOK = """
from ledger.hosting import hookimpl

@hookimpl
def validate_event(state, event, mood):
    return None
"""
GOOD = "from ledger.hosting import hookimpl\n\n@hookimpl\ndef register_heroes():\n    return []\n"


def test_a_plugin_that_fails_to_import_is_reported_and_the_rest_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, db_path: Path
) -> None:
    site = tmp_path / "site"
    fake_distribution(site, "broken-expansion", "broken", "raise ImportError('a missing dep')\n")
    fake_distribution(site, "wrong-expansion", "wrong", WRONG_HOOK)
    fake_distribution(site, "good-expansion", "good", GOOD)
    monkeypatch.syspath_prepend(str(site))
    with pytest.warns(UserWarning, match="failed to") as warned:
        pm = get_plugin_manager()
    messages = sorted(str(w.message) for w in warned)
    assert "'broken' (from broken-expansion) failed to import" in messages[0]
    assert "'wrong' (from wrong-expansion) failed to register" in messages[1]
    assert "mood" in messages[1]
    assert pm.get_plugin("ledger_base_game") is not None
    shown = {p["name"]: p for p in json.loads(run(pm, db_path, "plugins", "--json").stdout)}
    assert list(shown) == ["ledger_base_game", "good", "broken", "wrong"]
    assert (shown["good"]["distribution"], shown["good"]["version"]) == ("good-expansion", "1.0")
    assert shown["ledger_base_game"]["distribution"] == "campaign-ledger"
    assert "a missing dep" in shown["broken"]["error"]
    created = run(pm, db_path, "campaign", "new", "Test")
    assert created.exit_code == 0
    assert "Warning: plugin 'broken' failed to import" in created.output
    assert "Warning: plugin 'wrong' failed to register" in created.output


# A plugin raising inside a hook


def boom(**_: object) -> None:
    raise RuntimeError("the gears jammed")


# What makes each hook run; any other hook must run on a command that writes.
TRIGGERS = {
    "interpret_item_phrase": ("phrase", "Torrax", "Lock picking"),
    # The web app collects them when it starts (an address no server can bind, should it not).
    "register_actions": ("serve", "--host", "256.0.0.1", "--port", "1"),
}
# The hooks asked while recording, and the web app's, asked when `serve` starts: a plugin
# raising there stops the command.
RECORDING = ["event_recorded", "interpret_item_phrase", "register_actions", "validate_event"]
REGISTERING = [hook for hook in HOOKS if hook not in RECORDING]


@pytest.mark.parametrize("hook", RECORDING)
def test_a_plugin_raising_while_recording_is_named_and_nothing_is_written(
    hook: str, party: Invoke, db_path: Path
) -> None:
    party("item", "gain", "Torrax", "Thieves Tools")
    count = event_count(db_path)
    pm = with_plugins(("jammed", plugin_of(**{hook: boom})))
    result = run(pm, db_path, *TRIGGERS.get(hook, ("damage", "Torrax", "1")))
    assert f"plugin 'jammed' failed in hook {hook}" in result.output
    assert "the gears jammed" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.exit_code == 1, result.output
    assert event_count(db_path) == count
    assert party("verify").exit_code == 0
    party("damage", "Torrax", "1")  # the others keep working
    assert event_count(db_path) == count + 1


@pytest.mark.parametrize("hook", REGISTERING)
def test_a_plugin_raising_in_a_registering_hook_is_left_out_of_it_with_a_warning(
    hook: str, party: Invoke, db_path: Path
) -> None:
    count = event_count(db_path)
    pm = with_plugins(("jammed", plugin_of(**{hook: boom})))
    result = run(pm, db_path, "damage", "Torrax", "1")
    assert result.exit_code == 0, result.output
    warning = f"Warning: plugin 'jammed' failed in hook {hook}: RuntimeError: the gears jammed"
    assert result.stderr.count(warning) == 1, result.stderr
    assert "Torrax takes 1 damage" in result.stdout
    assert event_count(db_path) == count + 1
    shown = {p["name"]: p for p in json.loads(run(pm, db_path, "plugins", "--json").stdout)}
    assert any(warning[len("Warning: ") :] in problem for problem in shown["jammed"]["problems"])
    verified = run(pm, db_path, "verify")
    assert verified.exit_code == 0, verified.output


def test_every_hook_is_documented_and_typed() -> None:
    for name in HOOKS:
        spec = getattr(hookspecs, name)
        assert spec.__doc__, name
        assert "\n" not in spec.__doc__.strip(), name
        assert "return" in spec.__annotations__, name


# Duplicates


def talent_plugin(name: str) -> object:
    return plugin_of(register_talents=lambda: [TalentSpec(name=name, profession="Tinkerer")])


def test_two_plugins_registering_the_same_talent_are_refused_naming_both(
    party: Invoke, db_path: Path
) -> None:
    pm = with_plugins(("guild", talent_plugin("Tinkering")), ("rivals", talent_plugin("tinkering")))
    with pytest.raises(PluginError) as refused:
        Registry(pm)
    assert "Talent 'tinkering' is registered by both plugin 'guild' and plugin 'rivals'" in str(
        refused.value
    )
    count = event_count(db_path)  # the CLI leaves the second one out, and says so
    shown = run(pm, db_path, "damage", "Torrax", "1")
    assert shown.exit_code == 0, shown.output
    assert shown.stderr == (
        "Warning: Talent 'tinkering' is registered by both plugin 'guild' and plugin 'rivals'; "
        "the one of plugin 'rivals' is left out (rename it in one of them)\n"
    )
    assert event_count(db_path) == count + 1


def test_a_talent_or_item_the_base_game_has_is_refused_naming_both() -> None:
    item = plugin_of(register_items=lambda: [ItemSpec(name="SWORD")])
    for plugin, what in ((talent_plugin("Burglary"), "Talent"), (item, "item")):
        with pytest.raises(PluginError, match=f"{what} .* 'ledger_base_game' and plugin 'copy'"):
            Registry(with_plugins(("copy", plugin)))


def test_an_action_named_like_the_base_games_is_namespaced_and_the_short_name_refused() -> None:
    """Issue 24 finding 2: actions are namespaced by plugin; a short name two plugins use is
    refused naming both, and each full name works, whatever the order."""

    def damage(game: object, *, hero: str) -> list[Event]:
        raise AssertionError("never called")

    def frostbite(game: object, *, hero: str) -> list[Event]:
        raise AssertionError("never called")

    registry = Registry(with_plugins(("frost", plugin_of(register_actions=lambda: [frostbite]))))
    assert registry.actions.get("frostbite") is frostbite
    assert registry.actions.get("damage").__module__.startswith("ledger_base_game")
    copy = Registry(with_plugins(("copy", plugin_of(register_actions=lambda: [damage]))))
    with pytest.raises(
        PluginError, match=r"action 'damage' .* 'ledger_base_game' and plugin 'copy'.*copy:damage"
    ):
        copy.actions.get("damage")
    assert copy.actions.get("copy:damage") is damage
    assert copy.actions.get("base:damage").__module__.startswith("ledger_base_game")
    assert "copy:damage" in copy.actions.names()


# Validators


def test_every_validators_reason_is_shown_and_nothing_is_written(
    party: Invoke, db_path: Path
) -> None:
    def no_damage(event: Event) -> str | None:
        return "no damage on Sundays" if isinstance(event, DamageTaken) else None

    def too_much(state: CampaignState, event: Event) -> str | None:
        hero = state.hero(event.hero_name) if event.hero_name else None
        return f"{hero.name} has had enough" if hero and isinstance(event, DamageTaken) else None

    pm = with_plugins(
        ("sunday", plugin_of(validate_event=no_damage)),
        ("mercy", plugin_of(validate_event=too_much)),
    )
    count = event_count(db_path)
    refused = run(pm, db_path, "damage", "Torrax", "1")
    assert refused.exit_code == 1
    assert "plugin 'sunday': no damage on Sundays" in refused.output
    assert "plugin 'mercy': Torrax has had enough" in refused.output
    assert event_count(db_path) == count
    assert run(pm, db_path, "stamina", "spend", "Torrax", "1").exit_code == 0


def test_a_validator_sees_the_state_before_each_event(db_path: Path) -> None:
    seen: list[tuple[str, int]] = []

    def note(state: CampaignState, event: Event) -> None:
        seen.append((event.tag(), len(state.heroes)))

    pm = with_plugins(("watcher", plugin_of(validate_event=note)))
    registry = Registry(pm)
    with Ledger.open(db_path, registry) as ledger:
        ledger.create_campaign("Test")
    assert seen == [("ledger:campaign-created", 0)]


# Reactions and migrations


class Tally:
    """Counts damage in its own table, inside each command's transaction."""

    def __init__(self, fail_on: int | None = None) -> None:
        self.fail_on = fail_on

    @hookimpl
    def register_migrations(self) -> list[Migration]:
        def create(db: Database) -> None:
            db.execute("CREATE TABLE tally_damage (seq INTEGER, hero TEXT, amount INTEGER)")

        return [Migration(name="m001_tally", apply=create)]

    @hookimpl
    def event_recorded(self, db: Database, state: CampaignState, event: Event, row: Row) -> None:
        if isinstance(event, DamageTaken):
            db.execute(
                "INSERT INTO tally_damage VALUES (?, ?, ?)", [row.seq, event.hero, event.amount]
            )
            if event.amount == self.fail_on:
                raise RuntimeError(f"cannot tally {event.amount}")


def tallied(db_path: Path) -> list[tuple[int, str, int]]:
    db = Database(db_path)
    try:
        return [tuple(r) for r in db.execute("SELECT * FROM tally_damage ORDER BY seq")]
    finally:
        db.close()


def test_a_reaction_runs_in_the_commands_transaction(party: Invoke, db_path: Path) -> None:
    pm = with_plugins(("tally", Tally(fail_on=3)))
    assert run(pm, db_path, "damage", "Torrax", "2").exit_code == 0
    seq = event_count(db_path)
    assert tallied(db_path) == [(seq, "Torrax", 2)]
    failed = run(pm, db_path, "damage", "Torrax", "3")
    assert failed.exit_code == 1
    assert "plugin 'tally' failed in hook event_recorded: RuntimeError: cannot tally 3" in (
        failed.output
    )
    assert event_count(db_path) == seq
    assert tallied(db_path) == [(seq, "Torrax", 2)]  # its own row was rolled back too
    assert run(pm, db_path, "verify").exit_code == 0


def test_an_imported_campaign_is_reacted_to_as_if_recorded(
    party: Invoke, db_path: Path, tmp_path: Path
) -> None:
    pm = with_plugins(("tally", Tally()))
    for amount in ("2", "1"):
        assert run(pm, db_path, "damage", "Torrax", amount).exit_code == 0
    assert run(pm, db_path, "export", str(tmp_path / "out.ndjson")).exit_code == 0
    other = tmp_path / "other.db"
    assert run(pm, other, "import", str(tmp_path / "out.ndjson")).exit_code == 0
    assert tallied(other) == tallied(db_path)
    assert [amount for _, _, amount in tallied(other)] == [2, 1]


def test_plugin_migrations_run_once_each_under_the_plugins_name(db_path: Path) -> None:
    pm = with_plugins(("tally", Tally()), ("other", Tally.__new__(Tally)))
    with pytest.raises(PluginError, match="plugin 'other' failed in hook register_migrations"):
        Ledger.open(db_path, Registry(pm))  # the same table twice: the second plugin fails
    pm = with_plugins(("tally", Tally()))
    for _ in range(2):
        Ledger.open(db_path, Registry(pm)).close()
    db = Database(db_path)
    applied = [tuple(r) for r in db.execute("SELECT migration_set, name FROM _sqlite_migrations")]
    db.close()
    assert ("campaign_ledger.tally", "m001_tally") in applied
    assert applied.count(("campaign_ledger.tally", "m001_tally")) == 1
    assert not any(set_name == "campaign_ledger.other" for set_name, _ in applied)


# CLI commands and item phrases


def test_a_plugin_adds_commands_but_cannot_take_anothers(db_path: Path) -> None:
    def commands(cli: CommandGroup) -> None:
        @cli.command("hello")
        def hello() -> None:
            print("hello from the guild")

        @cli.command("verify")
        def fake_verify() -> None:
            print("all fine, trust me")

    pm = with_plugins(("guild", plugin_of(register_commands=commands)))
    assert run(pm, db_path, "hello").stdout.strip().endswith("hello from the guild")
    shown = run(pm, db_path, "campaign", "new", "T")
    assert "command 'verify' is registered by both the ledger and plugin 'guild'" in shown.output
    assert "trust me" not in run(pm, db_path, "verify").output


def test_the_first_plugin_that_understands_a_phrase_decides(db_path: Path) -> None:
    kit = Item(name="Tinker's Kit", phrases=("Repair",))
    assert item_answers(get_plugin_manager(), kit, "repair")  # the base game's exact reading
    assert not item_answers(get_plugin_manager(), kit, "Lock picking")
    stern = plugin_of(interpret_item_phrase=lambda phrase: False if phrase == "repair" else None)
    pm = with_plugins(("stern", stern))
    assert not item_answers(pm, kit, "repair")
    assert item_answers(pm, kit, "REPAIR")  # not understood by stern: the base game reads it
    assert rows_of(db_path) == []


def test_validators_only_see_events_the_rules_allow(party: Invoke, db_path: Path) -> None:
    seen: list[Event] = []

    def note(event: Event) -> None:
        seen.append(event)

    pm = with_plugins(("watcher", plugin_of(validate_event=note)))
    refused = run(pm, db_path, "stamina", "spend", "Torrax", "50")  # more than he has
    assert refused.exit_code == 1
    assert "watcher" not in refused.output
    assert seen == []
    assert run(pm, db_path, "damage", "Torrax", "1").exit_code == 0
    assert [event.tag() for event in seen] == ["base:damage-taken"]
