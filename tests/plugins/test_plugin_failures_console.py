"""Failing plugins as a user meets them: the installed console script in a real process, with
broken expansions installed next to the base game, and plugins loaded from --plugins-dir."""

import json
import os
import sqlite3
from pathlib import Path

import pytest

from ledger.hosting import PROJECT
from ledger.hosting import _hookspecs as hookspecs
from tests.helpers.console import no_traceback, script
from tests.helpers.plugin_sites import fake_distribution

# The hooks asked while recording stop the command they fail in, and so does the web app's,
# asked only by `serve` (tests/plugins/test_plugin_hooks.py); every other hook is asked when
# the plugins are loaded, and a failure there is left out with a warning.
RECORDING = {"event_recorded", "interpret_item_phrase", "register_actions", "validate_event"}
REGISTERING = sorted(
    name
    for name in dir(hookspecs)
    if hasattr(getattr(hookspecs, name), f"{PROJECT}_spec") and name not in RECORDING
)
# The hooks verify asks (it folds stored events, which carry their content).
VERIFY_ASKS = {
    "register_commands",
    "register_event_types",
    "register_migrations",
    "register_modifier_types",
    "register_upcasters",
}
BAD_SPEC = """
from ledger.hosting import hookimpl
from ledger.model import ItemSpec, TalentSpec

@hookimpl
def register_items():
    return [ItemSpec(weight=1)]

@hookimpl
def register_talents():
    return [TalentSpec(name="Icecraft", profession="Tinkerer")]
"""
TORRAX = ("hero", "add", "Torrax", "--agility", "2", "--will", "2", "--taunt", "5")
TORRAX += ("--wounded-chips", "5")


def raising_in(hook: str) -> str:
    argument = "cli" if hook == "register_commands" else ""
    return (
        "from ledger.hosting import hookimpl\n\n"
        f"@hookimpl\ndef {hook}({argument}):\n    raise RuntimeError('jammed in {hook}')\n"
    )


@pytest.fixture
def broken_site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """One installed plugin raising in each registering hook, and one with a bad Spec."""
    site = tmp_path / "site"
    for hook in REGISTERING:
        fake_distribution(site, f"jam_{hook}", f"jam_{hook}", raising_in(hook))
    fake_distribution(site, "bad_spec", "bad_spec", BAD_SPEC)
    monkeypatch.setenv(
        "PYTHONPATH", os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH")]))
    )
    return site


def warning(hook: str) -> str:
    return f"Warning: plugin 'jam_{hook}' failed in hook {hook}: RuntimeError: jammed in {hook}"


BAD_SPEC_WARNING = (
    "Warning: plugin 'bad_spec' failed in hook register_items: TypeError: Missing required "
    "argument 'name'; its answer is left out\n"
)


def test_broken_plugins_leave_every_command_working_and_warn_once(
    broken_site: Path, tmp_path: Path
) -> None:
    db = tmp_path / "ledger.db"
    for args in (("campaign", "new", "Test"), TORRAX, ("damage", "Torrax", "2"), ("verify",)):
        done = script(db, *args)
        assert done.returncode == 0, done.stderr
        no_traceback(done)
        asked = VERIFY_ASKS if args == ("verify",) else REGISTERING
        for hook in asked:
            assert done.stderr.count(warning(hook)) == 1, (hook, done.stderr)
        assert done.stderr.count(BAD_SPEC_WARNING) == (args != ("verify",))
    assert "Torrax takes 2 damage" in script(db, "log").stdout
    shown = {p["name"]: p for p in json.loads(script(db, "plugins", "--json").stdout)}
    for hook in REGISTERING:
        (problem,) = shown[f"jam_{hook}"]["problems"]
        assert problem.startswith(warning(hook).removeprefix("Warning: "))
    assert "hooks: register_items, register_talents\n  FAILED: plugin 'bad_spec' failed in " in (
        script(db, "plugins").stdout
    )


def test_a_plugin_failing_to_import_warns_on_every_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = tmp_path / "site"
    fake_distribution(site, "broken-expansion", "broken", "raise ImportError('a missing dep')\n")
    monkeypatch.setenv("PYTHONPATH", str(site))
    db = tmp_path / "ledger.db"
    said = (
        "Warning: plugin 'broken' failed to import (from broken-expansion): ImportError: a "
        "missing dep; it is not loaded\n"
    )
    for args in (("campaign", "new", "Test"), ("hero", "list"), ("verify",)):
        done = script(db, *args)
        assert (done.returncode, done.stderr) == (0, said)
    missing = script(db, "gadget", "build", "Torrax")
    assert missing.returncode == 2
    assert "No such command 'gadget'. Failing plugins may offer it ('broken')" in missing.stderr


CRASHING = """
import click
from ledger.hosting import hookimpl
from ledger.model import CampaignState, HeroEvent
from ledger_cli.helpers import App, Command, pass_app


class Frostbite(HeroEvent, tag="frost:frostbite", frozen=True, kw_only=True):
    def apply(self, state: CampaignState) -> CampaignState:
        return state.heroes["nobody"]


@click.command("frostbite", cls=Command)
@click.argument("hero")
@pass_app
def frostbite(app: App, hero: str) -> None:
    app.record(Frostbite(hero=hero))


@hookimpl
def register_event_types():
    return [Frostbite]


@hookimpl
def register_commands(cli):
    cli.add_command(frostbite)
"""


def test_a_crashing_event_shows_no_traceback_unless_debugging(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = tmp_path / "site"
    fake_distribution(site, "frost-expansion", "frost", CRASHING)
    monkeypatch.setenv("PYTHONPATH", str(site))
    db = tmp_path / "ledger.db"
    assert script(db, "campaign", "new", "Test").returncode == 0
    assert script(db, *TORRAX).returncode == 0
    said = (
        "Error: plugin 'frost' failed applying event 'frost:frostbite': KeyError: 'nobody' "
        "(--debug or LEDGER_DEBUG=1 shows the traceback)\n"
    )
    done = script(db, "frostbite", "Torrax")
    assert (done.returncode, done.stderr) == (1, said)
    debugged = script(db, "--debug", "frostbite", "Torrax")
    assert debugged.returncode == 1
    assert "Traceback (most recent call last)" in debugged.stderr
    assert 'return state.heroes["nobody"]' in debugged.stderr
    assert debugged.stderr.endswith(said)
    monkeypatch.setenv("LEDGER_DEBUG", "1")
    assert script(db, "frostbite", "Torrax").stderr == debugged.stderr
    assert "ok" in script(db, "verify").stdout
    assert len(json.loads(script(db, "log", "--json").stdout)) == 2


# --plugins-dir

FROST = """
import click
from ledger.hosting import hookimpl
from ledger.model import CampaignState, HeroEvent, TalentSpec
from ledger_cli.helpers import App, Command, pass_app


class Chilled(HeroEvent, tag="frost:chilled", frozen=True, kw_only=True):
    def apply(self, state: CampaignState) -> CampaignState:
        return state

    def describe(self) -> str:
        return f"{self.hero} shivers (VERSION)"


@click.command("chill", cls=Command)
@click.argument("hero")
@pass_app
def chill(app: App, hero: str) -> None:
    app.record(Chilled(hero=hero))


@hookimpl
def register_event_types():
    return [Chilled]


@hookimpl
def register_talents():
    return [TalentSpec(name="Icecraft", profession="Tinkerer")]


@hookimpl
def register_commands(cli):
    cli.add_command(chill)
"""


def plugins_of(db: Path, *args: str) -> dict[str, dict[str, object]]:
    done = script(db, *args, "plugins", "--json")
    assert done.returncode == 0, done.stderr
    return {p["name"]: p for p in json.loads(done.stdout)}


def test_plugins_dir_loads_a_folders_modules_marked_as_such(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "plugins"
    folder.mkdir()
    frost = folder / "frost.py"
    frost.write_text(FROST.replace("VERSION", "1"))
    (folder / "_helpers.py").write_text("raise RuntimeError('not a plugin')\n")
    db = tmp_path / "ledger.db"
    assert "frost" not in plugins_of(db)
    shown = plugins_of(db, "--plugins-dir", str(folder))["frost"]
    assert shown["path"] == str(frost.resolve())
    assert str(shown["version"]).startswith(f"dir:{frost.resolve()}#")
    listed = script(db, "--plugins-dir", str(folder), "plugins").stdout
    assert f"frost from {frost.resolve()}  hooks: register_commands" in listed
    monkeypatch.setenv("LEDGER_PLUGINS_DIR", str(folder))  # the same, from the environment
    assert plugins_of(db)["frost"] == shown
    for args in (("campaign", "new", "Test"), TORRAX, ("chill", "Torrax")):
        done = script(db, *args)
        assert (done.returncode, done.stderr) == (0, "")
    with sqlite3.connect(db) as connection:
        plugin, version = connection.execute(
            "SELECT plugin, plugin_version FROM events WHERE type = 'frost:chilled'"
        ).fetchone()
    connection.close()
    assert (plugin, version) == ("frost", shown["version"])
    assert "ok" in script(db, "verify").stdout
    frost.write_text(FROST.replace("VERSION", "2"))  # edited while developing: new code
    assert plugins_of(db)["frost"]["version"] != shown["version"]
    assert "Torrax shivers (2)" in script(db, "log").stdout
    assert "ok" in script(db, "verify").stdout
    monkeypatch.delenv("LEDGER_PLUGINS_DIR")
    refused = script(db, "verify")
    assert refused.returncode == 1
    assert f"plugin 'frost' {shown['version']}, which is not loaded" in refused.stdout + (
        refused.stderr
    )
    assert f"load its folder with --plugins-dir {str(folder.resolve())!r}" in refused.stderr


def test_a_plugins_dir_that_is_no_folder_is_named(tmp_path: Path) -> None:
    db = tmp_path / "ledger.db"
    done = script(db, "--plugins-dir", str(tmp_path / "nowhere"), "campaign", "new", "Test")
    assert done.returncode == 2
    assert "'--plugins-dir'" in done.stderr
    assert "does not exist" in done.stderr
