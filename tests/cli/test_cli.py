"""The CLI contract: defaults, environment, batch, exit codes, JSON shapes."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.cli import Invoke
from tests.helpers.files import event_count


def test_hero_show_json_has_the_contract_fields(party: Invoke) -> None:
    shown = json.loads(party("hero", "show", "Torrax", "--json").output)
    assert {
        "name",
        "level",
        "xp",
        "status",
        "stamina",
        "conditions",
        "items",
        "stars",
        "gems",
        "journal",
    } <= set(shown)
    assert set(shown["stamina"]) >= {"unspent", "spent", "wound", "locked", "chips"}
    assert shown["gems"] == {"achievement": 0, "inspiration": 0}
    assert (shown["name"], shown["level"], shown["status"]) == ("Torrax", 1, "normal")


def test_party_show_json(party: Invoke) -> None:
    party("step", "scenario", "2")
    shown = json.loads(party("party", "show", "--json").output)
    assert [h["name"] for h in shown["heroes"]] == ["Zuva'Sai", "Torrax"]
    assert (shown["level"], shown["xp"]) == (1, 0)
    assert shown["step"]["kind"] == "scenario"
    assert shown["step"]["number"] == 1
    assert shown["step"]["scenario"] == 2


def test_log_json_lists_every_event(party: Invoke) -> None:
    entries = json.loads(party("log", "--json").output)
    assert [e["seq"] for e in entries] == [1, 2, 3]
    assert entries[1]["type"] == "base:hero-joined"
    assert entries[1]["hero"] == "Zuva'Sai"
    assert entries[1]["reverted"] is False


def test_the_only_campaign_is_the_default_and_several_need_a_choice(
    party: Invoke, invoke: Invoke
) -> None:
    party("campaign", "new", "Second")
    refused = invoke("hero", "show", "Torrax")
    assert refused.exit_code == 1
    assert "--campaign" in refused.output
    assert party("--campaign", "Test", "hero", "show", "Torrax").exit_code == 0
    assert sorted(json.loads(party("campaign", "list", "--json").output)) == ["Second", "Test"]


def test_environment_chooses_database_and_campaign(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pm: object
) -> None:
    from click.testing import CliRunner

    from ledger_cli.app import build_cli

    monkeypatch.setenv("LEDGER_DATABASE", str(tmp_path / "env.db"))
    cli, runner = build_cli(pm), CliRunner()  # type: ignore[arg-type]
    assert runner.invoke(cli, ["campaign", "new", "A"]).exit_code == 0
    assert runner.invoke(cli, ["campaign", "new", "B"]).exit_code == 0
    monkeypatch.setenv("LEDGER_CAMPAIGN", "B")
    result = runner.invoke(
        cli,
        [
            "hero",
            "add",
            "Venia",
            "--might",
            "2",
            "--agility",
            "3",
            "--will",
            "2",
            "--taunt",
            "4",
            "--wounded-chips",
            "4",
        ],
    )
    assert result.exit_code == 0, result.output
    assert (tmp_path / "env.db").exists()
    assert runner.invoke(cli, ["--campaign", "A", "hero", "list"]).output == "\n"


def test_default_database_lives_in_the_user_data_directory(user_dirs: Path, pm: object) -> None:
    from click.testing import CliRunner

    from ledger_cli.app import build_cli

    result = CliRunner().invoke(build_cli(pm), ["campaign", "new", "Home"])  # type: ignore[arg-type]
    assert result.exit_code == 0, result.output
    assert (user_dirs / "data" / "campaign-ledger" / "ledger.db").exists()


def test_reading_a_missing_database_does_not_create_it(invoke: Invoke, db_path: Path) -> None:
    refused = invoke("hero", "show", "Torrax")
    assert refused.exit_code == 1
    assert "campaign new" in refused.output
    assert not db_path.exists()


def test_batch_stops_at_the_first_error_naming_the_line(
    party: Invoke, invoke: Invoke, db_path: Path, tmp_path: Path
) -> None:
    script = tmp_path / "evening.txt"
    script.write_text("# a comment\n\ndamage Torrax 1\nstamina spend Torrax 99\ndamage Torrax 1\n")
    before = event_count(db_path)
    result = invoke("batch", str(script))
    assert result.exit_code == 1
    assert "line 4: stamina spend Torrax 99" in result.output
    assert event_count(db_path) == before + 1  # line 3 committed on its own, line 5 never ran


def test_batch_reads_stdin_and_keeps_usage_errors_as_usage_errors(invoke: Invoke) -> None:
    result = invoke("batch", "-", input='campaign new "From stdin"\ncampaign list\n')
    assert result.exit_code == 0, result.output
    assert "From stdin" in result.output
    assert invoke("batch", "-", input="damage\n").exit_code == 2


def test_batch_lines_with_their_own_root_options_and_help(
    party: Invoke, ok: Invoke, invoke: Invoke, db_path: Path, tmp_path: Path
) -> None:
    """Most lines reuse the batch's parsed root options; a line may still give its own (a
    key, an expected seq, another campaign), and --help in a line shows it and goes on."""
    ok("campaign", "new", "Other")
    refused = invoke("--campaign", "Other", "hero", "add", "Ivo", "--agility", "2")
    assert "Ivo: no loaded plugin knows this Hero, so --might, --will" in refused.output
    stats = ("--might", "2", "--agility", "2", "--will", "2", "--taunt", "3", "--chips", "8")
    ok("--campaign", "Other", "hero", "add", "Ivo", *stats, "--wounded-chips", "4")
    script = tmp_path / "evening.txt"
    script.write_text(
        "damage Torrax 1\n"
        "--idempotency-key k1 damage Torrax 1\n"
        "--idempotency-key k1 damage Torrax 1\n"  # the same key: recorded once
        "--campaign Other damage Ivo 2\n"
        "damage --help\n"
        "damage Torrax 1\n"  # the batch's campaign again, without a key
    )
    before = event_count(db_path)
    result = invoke("--campaign", "Test", "batch", str(script))
    assert result.exit_code == 0, result.output
    assert "Already recorded as command" in result.output
    assert "damage [OPTIONS] HERO AMOUNT" in result.output  # the help, then the next line
    assert event_count(db_path) == before + 4
    sheet = invoke("--campaign", "Test", "hero", "show", "Torrax", "--json")
    assert '"wound":3' in sheet.output.replace(" ", "")
    other = invoke("--campaign", "Other", "hero", "show", "Ivo", "--json")
    assert '"wound":2' in other.output.replace(" ", "")
    stale = tmp_path / "stale.txt"
    stale.write_text("--expect-seq 1 damage Torrax 1\n")
    assert invoke("--campaign", "Test", "batch", str(stale)).exit_code == 1


def test_a_batch_that_creates_a_second_campaign_must_then_name_one(
    invoke: Invoke, tmp_path: Path
) -> None:
    script = tmp_path / "two.txt"
    script.write_text('campaign new "First"\ncampaign new "Second"\nhero show Torrax\n')
    result = invoke("batch", str(script))
    assert result.exit_code == 1
    assert "line 3" in result.output
    assert "2 campaigns" in result.output


def test_noun_groups_list_by_default(party: Invoke) -> None:
    assert party("hero").output.split() == ["Zuva'Sai", "Torrax"]
    assert "Cursed" in party("condition", "list").output  # what the plugins know
    assert "Star Lotus token" in party("item", "list").output


def test_module_entry_point_runs(tmp_path: Path) -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "ledger_cli",
            "--database",
            str(tmp_path / "m.db"),
            "campaign",
            "new",
            "Module",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "Module" in result.stdout


def test_recording_commands_answer_in_json(party: Invoke) -> None:
    answer = json.loads(party("damage", "Torrax", "3", "--json").output)
    assert [e["type"] for e in answer["events"]] == ["base:damage-taken"]
    assert answer["heroes"][0]["stamina"]["wound"] == 3


@pytest.mark.parametrize(
    ("group", "line"),
    [
        ("stamina", "Torrax       10 unspent · 0 spent · 0 wound · 0 locked  (10 chips)"),
        ("stars", "Torrax       0 Stars"),
        ("status", "Torrax       normal"),
        ("step", "before the first step"),
        ("scenario", "before the first step"),
    ],
)
def test_every_noun_group_shows_something_by_default(party: Invoke, group: str, line: str) -> None:
    assert line in party(group).output.splitlines()


def test_listings_answer_in_json_and_at_any_point(party: Invoke) -> None:
    party("damage", "Torrax", "2")
    now = json.loads(party("stamina", "list", "--json").output)
    before = json.loads(party("stamina", "list", "--json", "--at", "3").output)
    assert (now["Torrax"]["wound"], before["Torrax"]["wound"]) == (2, 0)
    assert json.loads(party("campaign", "new", "Other", "--json").output)["campaign"] == "Other"
