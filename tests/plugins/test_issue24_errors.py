"""Issue 24, findings 6-9: every error names the plugin and the fix, names cannot be taken,
and the smaller points. Real installed expansions (tests/plugins/fixtures), the command line
in a process."""

import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.fixture_plugins import SOURCES, Ledger
from tests.helpers.plugin_sites import fake_distribution

# 6. A reaction's table


def test_a_reactions_table_outside_migrations_is_named_and_verify_still_answers(
    frost: Ledger,
) -> None:
    frost.ok("frost-coast", "frostbite", "Torrax", "1", env={"FROST_COAST_FAULTS": "table"})
    verified = frost.ok("verify")
    assert "ok: every chain, trigger, event and snapshot verifies" in verified.stdout
    assert (
        "Warning: plugin 'frost_coast': the table frost_coast_log was made outside its "
        "migrations (by a reaction?)" in verified.stderr
    )
    assert "create it in a Migration (register_migrations" in verified.stderr


# 7. Errors that lead to the right fix


def test_a_schema_change_without_a_bump_names_the_plugin_and_the_remedy(frost: Ledger) -> None:
    frost.ok("frost-coast", "frostbite", "Torrax", "1")
    refused = frost("hero", "show", "Torrax", env={"FROST_COAST_FAULTS": "severity"})
    assert refused.returncode == 1
    assert "recorded by plugin 'frost_coast' 0.1.0 cannot be read" in refused.stderr
    assert "Object missing required field `severity`" in refused.stderr
    assert "it must raise its schema (schema: ClassVar[int] = 2) and register an Upcaster" in (
        refused.stderr
    )


def test_after_an_uninstall_the_version_the_campaign_needs_and_why_it_is_missing(
    frost: Ledger, tmp_path: Path
) -> None:
    frost.ok("frost-coast", "frostbite", "Torrax", "1")
    frost.ok("frost-coast", "frostbite", "Torrax", "1", env={"FROST_COAST_VERSION": "0.2.0"})
    left_out = frost("hero", "show", "Torrax", env={"LEDGER_LOAD_PLUGINS": "ledger_base_game"})
    assert (
        "uses type 'frost_coast:frostbite' from plugin 'frost_coast' 0.2.0; "
        "campaign-ledger-frost-coast 0.1.0 is installed but left out by LEDGER_LOAD_PLUGINS: "
        "add frost_coast to LEDGER_LOAD_PLUGINS" in left_out.stderr
    )
    uninstalled = Ledger(None, frost.db_path)("hero", "show", "Torrax")
    assert (
        "from plugin 'frost_coast' 0.2.0, which is not installed: install plugin "
        "'frost_coast' 0.2.0 or later (campaign-ledger plugin install NAME)" in uninstalled.stderr
    )


def test_verify_upcasters_holds_each_upcast_payload_against_the_schema(frost: Ledger) -> None:
    frost.ok("frost-coast", "frostbite", "Torrax", "1")
    bumped = {"FROST_COAST_FAULTS": "upcast"}
    assert frost("verify", env=bumped).returncode == 0  # the stored rows are unchanged
    checked = frost("verify", "--upcasters", env=bumped)
    assert checked.returncode == 1
    assert (
        "campaign 'Test', event #3: the upcasters of plugin 'frost_coast' turn "
        "frost_coast:frostbite of schema 1 into fields FrostbiteTaken (schema 2) does not "
        "have: degrees" in checked.stderr
    )
    assert "ok: 0 row(s) of older schemas" in frost.ok("verify", "--upcasters").stdout


# 8. Names cannot be taken


@pytest.mark.parametrize("name", ["base", "ledger", "ledger-base-game", "campaign-ledger"])
def test_plugin_new_refuses_the_ledgers_own_names(name: str, tmp_path: Path) -> None:
    refused = Ledger(None, tmp_path / "x.db")("plugin", "new", name, "--directory", str(tmp_path))
    assert refused.returncode == 1
    assert f"the name {name.replace('-', '_')!r} is reserved" in refused.stderr.replace("-", "_")
    assert list(tmp_path.iterdir()) == []


def test_an_installed_plugin_with_a_reserved_name_is_refused_at_load(tmp_path: Path) -> None:
    site = tmp_path / "site"
    fake_distribution(site, "impostor", "ledger_base_game_x", "")
    (site / "impostor-1.0.dist-info" / "entry_points.txt").write_text(
        "[campaign_ledger]\nledger_base_game = ledger_base_game_x\nbase = ledger_base_game_x\n"
    )
    shown = Ledger(site, tmp_path / "x.db")("plugins")
    assert "ledger_base_game  NOT LOADED: failed to register (from impostor): the name " in (
        shown.stdout
    )
    assert "base  NOT LOADED: failed to register (from impostor): the name 'base' is reserved" in (
        shown.stdout
    )
    assert "rename the entry point" in shown.stdout


TAGGER = """
from ledger.hosting import hookimpl
from ledger.model import Event

class Sneaky(Event, tag="base:sneaky", frozen=True, kw_only=True):
    pass

@hookimpl
def register_event_types():
    return [Sneaky]
"""


def test_event_tags_only_under_the_plugins_own_namespace(tmp_path: Path) -> None:
    site = tmp_path / "site"
    fake_distribution(site, "tagger", "tagger", TAGGER)
    created = Ledger(site, tmp_path / "x.db")("campaign", "new", "Test")
    assert created.returncode == 0
    assert (
        "plugin 'tagger': event type Sneaky has the tag 'base:sneaky', in the namespace 'base' "
        "reserved for 'ledger_base_game'; tag it 'tagger:sneaky'" in created.stderr
    )


def test_load_plugins_says_so_when_it_leaves_out_a_plugins_dir_plugin(tmp_path: Path) -> None:
    folder = tmp_path / "dev"
    folder.mkdir()
    (folder / "thaw.py").write_text("")
    ledger = Ledger(None, tmp_path / "x.db")
    done = ledger(
        "--plugins-dir",
        str(folder),
        "campaign",
        "new",
        "T",
        env={"LEDGER_LOAD_PLUGINS": "ledger_base_game"},
    )
    assert done.returncode == 0
    assert (
        f"Warning: plugin 'thaw' (in --plugins-dir {str(folder)!r}) is not named by "
        "LEDGER_LOAD_PLUGINS: add it there to load it" in done.stderr
    )


# 9. The smaller points


BAD_ARGUMENT = """
from ledger.hosting import hookimpl

@hookimpl
def register_items(colour):
    return []
"""


def test_pluggys_messages_on_one_line_and_plugins_lists_each_failure_once(tmp_path: Path) -> None:
    site = tmp_path / "site"
    fake_distribution(site, "thaw-expansion", "thaw", BAD_ARGUMENT)
    shown = Ledger(site, tmp_path / "x.db")("plugins")
    assert "\\n" not in shown.stdout
    assert "hookimpl definition: register_items(colour) Argument(s) {'colour'} are declared" in (
        shown.stdout
    )
    assert (shown.stdout + shown.stderr).count("failed to register (from thaw-expansion)") == 1


def test_a_plugin_command_piped_to_head_is_no_plugin_failure(
    fixture_site: Path, frost: Ledger
) -> None:
    for command in ("many", "printed"):
        piped = subprocess.run(
            f"{sys.executable} -m ledger_cli --database {frost.db_path} frost-coast {command}"
            " | head -1",
            shell=True,
            capture_output=True,
            text=True,
            env={
                "PYTHONPATH": ":".join([str(fixture_site), *SOURCES]),
                "PATH": "/usr/bin:/bin",
                "LEDGER_LOAD_PLUGINS": "ledger_base_game,frost_coast",
            },
            timeout=60,
        )
        assert piped.stdout == "line 0\n"
        assert piped.stderr == ""


def test_hero_add_names_the_plugin_the_stats_come_from(frost: Ledger) -> None:
    added = frost.ok(
        "hero",
        "add",
        "Skaldra",
        "--agility",
        "2",
        "--will",
        "2",
        "--taunt",
        "5",
        "--wounded-chips",
        "4",
    )
    assert "might, chips from plugin 'frost_coast' (Frost Coast's Hero board)" in added.stdout
    assert "base game" not in added.stdout


def test_check_help_lists_only_faces_roll_takes(frost: Ledger) -> None:
    shown = " ".join(frost.ok("check", "--help").stdout.split())
    assert "red: 0" not in shown
    assert "red: 1 2 1+ S" in shown
    assert frost("check", "Torrax", "might", "3", "--roll", "1 2 1+ S").returncode == 0
