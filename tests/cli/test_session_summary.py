"""`session end` and `session summary`: the evening's summary as a table on a terminal,
plain columns when piped, JSON with --json, and a clear refusal for a session not played."""

import json
import re
from pathlib import Path

from tests.helpers.cli import Invoke, refuse
from tests.helpers.console import script
from tests.helpers.terminal import on_terminal

ESCAPE = re.compile(r"\x1b\[[0-9;]*m")


def _evening(party: Invoke) -> None:
    party("session", "start")
    party("damage", "Torrax", "3")
    party("heal", "Torrax", "1")
    party("stamina", "spend", "Zuva'Sai", "2")
    party("check", "Torrax", "might", "3", "--roll", "2 S 1")
    party("stars", "gain", "Torrax", "4")
    party("item", "gain", "Zuva'Sai", "Rope")


def test_session_end_prints_the_summary_piped(party: Invoke, db_path: Path) -> None:
    _evening(party)
    done = script(db_path, "session", "end")
    assert done.returncode == 0, done.stderr
    assert "\x1b[" not in done.stdout
    lines = done.stdout.splitlines()
    assert lines[0].startswith("#")
    assert "play session ends" in lines[0]
    assert any(line.startswith("Session 1: events ") for line in lines)
    header = next(line for line in lines if "Damage" in line)
    assert header.split() == [
        "Damage", "Healed", "Stamina", "Checks", "Luck", "Stars", "Items", "Conditions"
    ]  # fmt: skip
    torrax = next(line for line in lines if line.startswith("Torrax"))
    assert torrax.split()[:4] == ["Torrax", "3", "1", "·"]
    assert "1/1" in torrax
    assert "+4" in torrax
    zuva = next(line for line in lines if line.startswith("Zuva'Sai"))
    assert "2 spent" in zuva
    assert "+Rope" in zuva


def test_session_summary_on_a_terminal_is_a_table(party: Invoke, db_path: Path) -> None:
    _evening(party)
    status, drawn = on_terminal(db_path, "session", "summary")
    plain = ESCAPE.sub("", drawn)
    assert status == 0, plain
    assert "\x1b[" in drawn  # styled: a rich table
    assert "Session 1: events" in plain
    assert "still open" in plain
    assert re.search(r"Torrax\s+3\s+1\s", plain)
    assert "Traceback" not in plain


def test_the_json_is_the_cores(party: Invoke) -> None:
    _evening(party)
    ended = json.loads(party("session", "end", "--json").output)
    assert ended["events"][0]["type"] == "ledger:session-ended"
    assert ended["summary"]["ended"] is True
    shown = json.loads(party("session", "summary", "1", "--json").output)
    assert shown == ended["summary"]
    torrax = next(h for h in shown["heroes"] if h["name"] == "Torrax")
    assert torrax["counts"]["damage taken"] == 3
    assert torrax["luck"]["rolled"] == 5


def test_an_unknown_session_is_refused_by_number(
    party: Invoke, invoke: Invoke, db_path: Path
) -> None:
    refuse(invoke, db_path, "session", "summary", says="has no session yet")
    _evening(party)
    refuse(
        invoke, db_path, "session", "summary", "3", says="has 1 session(s); there is no session 3"
    )
    refuse(invoke, db_path, "session", "summary", "0", says="0 is not in the range", code=2)
