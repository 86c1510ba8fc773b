"""`batch FILE --dry-run` (every line checked, all rolled back), `--atomic` (all lines or
none), `--from-line N` (resume where a plain batch stopped, as its error says) and CRLF."""

import json
from pathlib import Path

from tests.helpers.cli import Invoke
from tests.helpers.files import event_count, rows_of

# Checked against what the lines before would record: line 3 stands only after line 2, line 4
# is refused only after line 3 (Torrax spent his 2 Stars), line 5 on its own (nobody is named
# Nobody), line 7 stands only after line 6.
EVENING = (
    "# an evening\n"
    "stars gain Torrax 2\n"
    "stars spend Torrax 2\n"
    "stars spend Torrax 1\n"
    "damage Nobody 1\n"
    "condition add Torrax Bleeding\n"
    "condition remove Torrax Bleeding\n"
)


def stars(invoke: Invoke) -> int:
    return int(json.loads(invoke("hero", "show", "Torrax", "--json").output)["stars"])


def test_dry_run_names_every_refusal_by_its_line_and_writes_nothing(
    party: Invoke, invoke: Invoke, db_path: Path, tmp_path: Path
) -> None:
    script = tmp_path / "evening.txt"
    script.write_text(EVENING)
    before = rows_of(db_path)
    result = invoke("batch", "--dry-run", str(script))
    assert result.exit_code == 1, result.output
    assert "line 4: stars spend Torrax 1" in result.stderr
    assert "line 5: damage Nobody 1" in result.stderr
    for good in (2, 3, 6, 7):
        assert f"line {good}:" not in result.stderr
    assert "dry run: 2 of 6 lines would be refused (above); nothing was written" in result.stderr
    assert "Torrax gains 2 Stars" in result.stdout  # what the lines would record
    assert rows_of(db_path) == before


def test_dry_run_of_a_good_batch_writes_nothing_and_says_so(
    party: Invoke, invoke: Invoke, db_path: Path, tmp_path: Path
) -> None:
    script = tmp_path / "evening.txt"
    script.write_text("stars gain Torrax 2\nstars spend Torrax 2\nstars gain Torrax 4\n")
    before = event_count(db_path)
    result = invoke("batch", "--dry-run", "--quiet", str(script))
    assert result.exit_code == 0, result.output
    assert "dry run: all 3 lines would be recorded; nothing was written" in result.stdout
    assert event_count(db_path) == before
    assert stars(invoke) == 0


def test_dry_run_into_a_new_file_leaves_no_file(invoke: Invoke, tmp_path: Path) -> None:
    script = tmp_path / "start.txt"
    stats = "--agility 2 --will 2 --taunt 6 --wounded-chips 5"
    script.write_text(f'campaign new "Moonsilver"\nhero add Torrax {stats}\n')
    database = tmp_path / "new" / "ledger.db"
    result = invoke("--database", str(database), "batch", "--dry-run", str(script))
    assert result.exit_code == 0, result.output
    assert "all 2 lines would be recorded" in result.output
    assert not (tmp_path / "new").exists()


def test_atomic_records_all_lines_or_none(
    party: Invoke, invoke: Invoke, db_path: Path, tmp_path: Path
) -> None:
    script = tmp_path / "evening.txt"
    script.write_text(EVENING)
    before = rows_of(db_path)
    result = invoke("batch", "--atomic", str(script))
    assert result.exit_code == 1, result.output
    assert "line 4: stars spend Torrax 1" in result.output
    assert "nothing was written (--atomic): no line of the batch is recorded" in result.output
    assert "Torrax gains 2 Stars" not in result.stdout  # never shown as recorded
    assert rows_of(db_path) == before
    script.write_text("stars gain Torrax 2\nstars spend Torrax 1\n")
    result = invoke("batch", "--atomic", str(script))
    assert result.exit_code == 0, result.output
    assert "Torrax gains 2 Stars" in result.stdout
    assert "recorded all 2 lines in one transaction" in result.stderr
    assert stars(invoke) == 1


def test_atomic_may_start_a_campaign_and_a_line_may_not_name_another_file(
    invoke: Invoke, tmp_path: Path
) -> None:
    database = tmp_path / "ledger.db"
    script = tmp_path / "start.txt"
    script.write_text('campaign new "Moonsilver"\nhero add Torrax --agility 2 --oops\n')
    refused = invoke("--database", str(database), "batch", "--atomic", str(script))
    assert refused.exit_code == 2, refused.output  # the usage error of line 2
    assert "line 2:" in refused.output
    assert not database.exists()
    script.write_text(f'campaign new "Moonsilver"\n--database "{tmp_path / "other.db"}" log\n')
    refused = invoke("--database", str(database), "batch", "--atomic", str(script))
    assert "a line cannot name another --database" in refused.output
    assert not database.exists()
    assert not (tmp_path / "other.db").exists()


def test_a_failed_batch_says_where_to_resume_and_from_line_resumes(
    party: Invoke, invoke: Invoke, tmp_path: Path
) -> None:
    script = tmp_path / "my evening.txt"
    script.write_text("stars gain Torrax 2\nstars spend Torrax 5\nstars gain Torrax 1\n")
    result = invoke("batch", "--quiet", str(script))
    assert result.exit_code == 1
    assert "line 2: stars spend Torrax 5" in result.output
    assert "the lines before line 2 are recorded" in result.output
    assert f"resume with: campaign-ledger batch '{script}' --from-line 2" in result.output
    assert stars(invoke) == 2
    script.write_text("stars gain Torrax 2\nstars spend Torrax 1\nstars gain Torrax 1\n")
    resumed = invoke("batch", "--quiet", str(script), "--from-line", "2")
    assert resumed.exit_code == 0, resumed.output
    assert stars(invoke) == 2  # line 1 was not recorded twice
    assert invoke("batch", str(script), "--from-line", "0").exit_code == 2
    past = invoke("batch", str(script), "--from-line", "4")  # a mistyped resume runs nothing
    assert past.exit_code == 2, past.output
    assert "line 4 is past the end of the file (3 lines); nothing was run" in past.output
    assert stars(invoke) == 2


def test_a_crlf_file_runs_as_its_lines(party: Invoke, invoke: Invoke, tmp_path: Path) -> None:
    script = tmp_path / "windows.txt"
    script.write_bytes(
        b"# written on Windows\r\nstars gain Torrax 2\r\n\r\n"
        b'condition add Torrax "Bleeding"\r\nstars spend Torrax 1'
    )
    result = invoke("batch", str(script))
    assert result.exit_code == 0, result.output
    assert "\r" not in result.output
    assert stars(invoke) == 1
    shown = json.loads(invoke("hero", "show", "Torrax", "--json").output)
    assert shown["conditions"] == ["Bleeding"]
    script.write_bytes(b"stars gain Torrax 1\r\nstars spend Torrax 9\r\n")
    assert invoke("batch", "--dry-run", str(script)).exit_code == 1
    assert invoke("batch", "--atomic", str(script)).exit_code == 1
    assert stars(invoke) == 1


def test_an_unquoted_apostrophe_says_how_to_write_the_name(
    party: Invoke, invoke: Invoke, tmp_path: Path
) -> None:
    script = tmp_path / "evening.txt"
    script.write_text("stamina spend Zuva'Sai 1\n")
    result = invoke("batch", str(script))
    assert result.exit_code == 1
    assert (
        "line 1: No closing quotation (a name with an apostrophe goes in double quotes: "
        "\"Zuva'Sai\"): stamina spend Zuva'Sai 1" in result.output
    )
    script.write_text("stamina spend \"Zuva'Sai\n")  # an open double quote: no such hint
    assert "goes in double quotes" not in invoke("batch", str(script)).output
