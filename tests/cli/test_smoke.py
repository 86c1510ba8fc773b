"""Smoke tests: the installed ``campaign-ledger`` script, run as a player runs it, in a fresh
process each time. CI also runs them (``pytest -m smoke``) in a second environment that has
every runtime dependency at its lowest declared version (.ci/run, .ci/floors.py)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ROOT

pytestmark = pytest.mark.smoke

SCRIPT = Path(sys.executable).parent / "campaign-ledger"


def run(
    database: Path | None, *args: str, input: str | None = None
) -> subprocess.CompletedProcess[str]:
    where = [] if database is None else ["--database", str(database)]
    return subprocess.run(
        [str(SCRIPT), *where, *args],
        input=input,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.fixture
def evening(tmp_path: Path) -> Path:
    """A ledger file holding the README's example campaign, run as a batch."""
    database = tmp_path / "example.db"
    example = ROOT / "examples" / "first-evening.txt"
    result = run(database, "batch", "--quiet", str(example))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""  # no warning either (an old SQLite would give one)
    return database


def test_the_script_starts_and_shows_its_commands(tmp_path: Path) -> None:
    result = run(tmp_path / "none.db", "--help")
    assert result.returncode == 0, result.stderr
    for command in ("batch", "campaign", "damage", "hero", "verify"):
        assert f"  {command} " in result.stdout
    version = run(tmp_path / "none.db", "--version")
    assert version.returncode == 0, version.stderr
    assert "version" in version.stdout


def test_without_database_the_ledger_lives_in_the_user_data_directory(user_dirs: Path) -> None:
    created = run(None, "campaign", "new", "Home")  # the environment is the test's own
    assert created.returncode == 0, created.stderr
    assert (user_dirs / "data" / "campaign-ledger" / "ledger.db").exists()


def test_the_example_campaign_verifies_and_answers(evening: Path) -> None:
    verified = run(evening, "verify")
    assert verified.returncode == 0, verified.stderr
    shown = run(evening, "hero", "show", "Zuva'Sai")
    assert shown.returncode == 0, shown.stderr
    assert "Zuva'Sai — level 1" in shown.stdout
    listed = run(evening, "hero", "list", "--json", "--at", "city-1")
    assert listed.returncode == 0, listed.stderr
    assert set(json.loads(listed.stdout)) == {"Zuva'Sai", "Torrax"}


def test_a_command_records_and_a_refusal_writes_nothing(evening: Path) -> None:
    recorded = run(evening, "stars", "gain", "Torrax", "2", "--json")
    assert recorded.returncode == 0, recorded.stderr
    head = json.loads(recorded.stdout)["events"][-1]["seq"]
    refused = run(evening, "stamina", "spend", "Torrax", "99")
    assert refused.returncode == 1
    assert "not allowed" in refused.stderr
    assert "Traceback" not in refused.stderr
    misused = run(evening, "damage", "Torrax", "many")
    assert misused.returncode == 2
    assert "'many' is not a valid integer" in misused.stderr
    huge = run(evening, "damage", "Torrax", str(10**30))  # past a 64-bit integer (msgspec)
    assert huge.returncode == 2  # out of range: a usage error, like "many"
    assert "damage must be from 1 to 99" in huge.stderr
    assert "Traceback" not in huge.stderr
    undone = run(evening, "--expect-seq", str(head), "undo")
    assert undone.returncode == 0, undone.stderr
    assert "Torrax: 13 → 11 Stars" in undone.stdout


def test_a_batch_runs_plain_lines_lines_with_options_and_help(evening: Path) -> None:
    lines = "\n".join(
        [
            "stars gain Torrax 1",
            "--idempotency-key once stars gain Torrax 5",
            "--idempotency-key once stars gain Torrax 5",
            "damage --help",
            "condition add Torrax Cursed",
        ]
    )
    result = run(evening, "batch", "-", input=lines + "\n")
    assert result.returncode == 0, result.stderr
    assert "Torrax gains 5 Stars" in result.stdout
    assert "nothing written" in result.stdout  # the key was recorded once
    assert "Usage: campaign-ledger damage [OPTIONS] HERO AMOUNT" in result.stdout
    assert "Torrax gains Cursed" in result.stdout
    failing = run(evening, "batch", "-", input="stars gain Torrax 1\nstars spend Torrax 999\n")
    assert failing.returncode == 1
    assert "line 2: stars spend Torrax 999" in failing.stderr


def test_an_export_imports_into_a_new_file_that_verifies(evening: Path, tmp_path: Path) -> None:
    export = tmp_path / "evening.ndjson"
    exported = run(evening, "export", str(export))
    assert exported.returncode == 0, exported.stderr
    copy = tmp_path / "copy.db"
    imported = run(copy, "import", str(export))
    assert imported.returncode == 0, imported.stderr
    assert run(copy, "verify").returncode == 0


def test_a_plugin_that_fails_is_reported_once_and_the_rest_work(
    evening: Path, tmp_path: Path
) -> None:
    """A plugin whose hook does not match its spec is left out whole (pluggy before 1.7
    kept it registered, half loaded, beside the failure)."""
    site = tmp_path / "site"
    info = site / "wrong_expansion-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: wrong-expansion\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[campaign_ledger]\nwrong = wrong_plugin\n")
    (site / "wrong_plugin.py").write_text(
        "from ledger import hookimpl\n\n"
        "@hookimpl\ndef validate_event(state, event, mood):\n    return None\n"
    )
    environment = {**os.environ, "PYTHONPATH": str(site)}
    listed = subprocess.run(
        [str(SCRIPT), "--database", str(evening), "plugins", "--json"],
        capture_output=True,
        text=True,
        check=False,
        env=environment,
    )
    assert listed.returncode == 0, listed.stderr
    plugins = json.loads(listed.stdout)
    assert [plugin["name"] for plugin in plugins] == ["ledger_base_game", "wrong"]
    assert "failed to register" in plugins[1]["error"]


def test_no_deprecation_warning_from_the_dependencies() -> None:
    """The CLI's imports under warnings as errors: a dependency's deprecation is seen here
    first, in the lowest and the newest environment alike."""
    code = "import ledger_cli.app, ledger_cli.commands.batch, ledger_base_game"
    result = subprocess.run(
        [sys.executable, "-W", "error::DeprecationWarning", "-c", code],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
