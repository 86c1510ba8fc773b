"""What a player sees on a terminal (issue 14): colour, struck-through keywords, aligned
tables, progress bars on standard error and a pager for a long log; plain text when piped
or with NO_COLOR; --json unchanged. Run on a pseudo-terminal and piped."""

import json
import re
from pathlib import Path

import pytest

from tests.helpers.console import script
from tests.helpers.party import ADD_TORRAX
from tests.helpers.terminal import on_terminal

ESC = "\x1b["
STRUCK = "\x1b[2;9m"  # dim, struck through


@pytest.fixture
def evening(tmp_path: Path) -> Path:
    db = tmp_path / "ledger.db"
    for line in (
        ["campaign", "new", "Moonsilver"],
        ADD_TORRAX,
        ["keyword", "add", "Tide Gate"],
        ["keyword", "cross", "Tide Gate"],
    ):
        done = script(db, *line)
        assert done.returncode == 0, done.stderr
    return db


def test_a_crossed_keyword_is_struck_through_on_a_terminal(evening: Path) -> None:
    status, drawn = on_terminal(evening, "party", "sheet")
    assert status == 0
    assert f"{STRUCK}Tide Gate" in drawn
    assert "~~" not in drawn
    assert f"{ESC}1mParty sheet" in drawn  # the heading in bold


def test_piped_output_is_plain(evening: Path) -> None:
    done = script(evening, "party", "sheet")
    assert ESC not in done.stdout
    assert "Journal     ~~Tide Gate~~" in done.stdout


def test_no_color_keeps_a_terminal_plain(evening: Path) -> None:
    status, drawn = on_terminal(evening, "party", "sheet", NO_COLOR="1")
    assert status == 0
    assert ESC not in drawn
    assert "~~Tide Gate~~" in drawn


def test_json_is_unchanged_on_a_terminal(evening: Path) -> None:
    status, drawn = on_terminal(evening, "party", "sheet", "--json")
    assert status == 0
    assert ESC not in drawn
    piped = script(evening, "party", "sheet", "--json").stdout
    assert json.loads(drawn) == json.loads(piped)


def test_a_recorded_command_is_coloured(evening: Path) -> None:
    status, drawn = on_terminal(evening, "damage", "Torrax", "2")
    assert status == 0
    assert f"{ESC}1;36m#5" in drawn
    assert "Torrax takes 2 damage" in drawn


def test_a_hostile_name_is_text_not_markup(evening: Path) -> None:
    stats = "--might 1 --agility 1 --will 1 --taunt 1 --chips 8 --wounded-chips 4"
    done = script(evening, "hero", "add", "[bold]Ann", *stats.split())
    assert done.returncode == 0, done.stderr
    status, drawn = on_terminal(evening, "hero", "show", "[bold]Ann")
    assert status == 0
    assert "[bold]Ann" in drawn


def test_export_and_import_show_progress_on_a_terminal_only(evening: Path, tmp_path: Path) -> None:
    status, drawn = on_terminal(evening, "export", str(tmp_path / "a.ndjson"))
    assert status == 0
    assert "exporting" in drawn
    assert "4/4" in drawn  # its events
    status, drawn = on_terminal(tmp_path / "other.db", "import", str(tmp_path / "a.ndjson"))
    assert status == 0, drawn
    assert "importing" in drawn
    assert "imported 4 events" in drawn
    piped = script(evening, "export", str(tmp_path / "b.ndjson"))
    assert "exporting" not in piped.stderr
    assert piped.stderr == "exported 4 events of 'Moonsilver'\n"


def test_a_long_batch_shows_progress(evening: Path, tmp_path: Path) -> None:
    lines = tmp_path / "lines.txt"
    lines.write_text("# a comment\n" * 10_000 + "party\n", encoding="utf-8")
    status, drawn = on_terminal(evening, "batch", "--quiet", str(lines))
    assert status == 0, drawn[-500:]
    assert "batch" in drawn
    assert "10001/10001" in drawn
    short = tmp_path / "short.txt"
    short.write_text("party\n", encoding="utf-8")
    status, drawn = on_terminal(evening, "batch", "--quiet", str(short))
    assert "1/1" not in drawn


def test_a_long_log_goes_through_the_pager(evening: Path, tmp_path: Path) -> None:
    pager = tmp_path / "pager.sh"
    pager.write_text(f"#!/bin/sh\necho PAGED >> {tmp_path / 'paged'}\ncat > /dev/null\n")
    pager.chmod(0o755)
    status, drawn = on_terminal(evening, "log", lines=3, PAGER=str(pager))
    assert status == 0
    assert (tmp_path / "paged").read_text() == "PAGED\n"
    (tmp_path / "paged").unlink()
    status, drawn = on_terminal(evening, "log", lines=40, PAGER=str(pager))
    assert not (tmp_path / "paged").exists()  # it fits the screen
    assert "Keyword 'Tide Gate' crossed out" in drawn
    piped = script(evening, "log")
    assert "Tide Gate" in piped.stdout


def test_verify_shows_a_bar_per_campaign_on_a_terminal_only(evening: Path) -> None:
    status, drawn = on_terminal(evening, "verify")
    assert status == 0
    assert "verifying 'Moonsilver'" in drawn
    assert "4/4" in drawn
    piped = script(evening, "verify")
    assert piped.stderr == ""
    assert piped.stdout == "ok: every chain, trigger, event and snapshot verifies\n"


def test_every_log_row_shows_its_event_number_filtered_or_not(tmp_path: Path) -> None:
    """Issue 26: the second and later events of a command showed "+" and no number, yet
    --at, diff and redo --command take those numbers; a "+" after the number marks them."""
    from tests.helpers.old_campaigns import copy_of

    db = copy_of("before_narrow_reads.db", tmp_path)  # a group check: one command, 5 events
    for args in (["log"], ["log", "--hero", "Venia"], ["log", "--type", "group-check-rolled"]):
        status, drawn = on_terminal(db, *args, lines=60)
        assert status == 0
        piped = script(db, *args).stdout
        for shown in (drawn, piped):
            rows = [line for line in shown.splitlines() if line.strip()]
            assert rows, args
            assert all(re.match(r"^\s*\d+[ +] ", row) for row in rows), (args, shown)
        assert re.search(r"^\s+15\+ city 1\s+Venia rolls", piped, re.MULTILINE)
    assert re.search(r"^\s+13  city 1\s+Group Agility check opened", script(db, "log").stdout, re.M)
