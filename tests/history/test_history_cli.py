"""History at the command line: every undone command stays recoverable (`redo --command`,
`log --undone`), log filters, replay of a step or a range, and `diff REF REF`."""

import json
from pathlib import Path

from tests.helpers.cli import Invoke, hero, refuse, shown
from tests.helpers.console import no_traceback, script
from tests.helpers.files import event_count


def unspent(run: Invoke, name: str) -> int:
    return int(hero(run, name)["stamina"]["unspent"])


def test_undo_20_then_a_new_command_loses_nothing(
    party: Invoke, invoke: Invoke, db_path: Path
) -> None:
    for _ in range(20):
        party("stars", "gain", "Torrax", "1")  # 20 commands, seqs 4 to 23
    party("damage", "Torrax", "2")  # 24
    party("undo", "21", "--yes")  # 25
    party("damage", "Zuva'Sai", "1")  # 26: plain redo has nothing left to bring back
    refuse(invoke, db_path, "redo", says="`log --undone` lists them")
    listed = shown(party, "log", "--undone")
    assert [e["seq"] for e in listed] == list(range(4, 25))
    assert {e["undone_by"] for e in listed} == {25}
    text = party("log", "--undone").output
    assert "   24  -            Torrax takes 2 damage  [undone by #25]" in text
    assert "`redo --command SEQ` brings one back" in text
    party("redo", "--command", "24")
    assert unspent(party, "Torrax") == 8
    party("redo", "--command", "25")  # the undo's whole set: the 20 still undone
    assert hero(party, "Torrax")["stars"] == 20
    assert party("log", "--undone").output == "No command is undone.\n"
    log = shown(party, "log")
    assert log[-1]["description"] == "Redo of " + ", ".join(f"#{c}" for c in range(23, 3, -1))
    assert party("verify").exit_code == 0


def test_redo_command_refusals_write_nothing(party: Invoke, invoke: Invoke, db_path: Path) -> None:
    party("damage", "Torrax", "8")  # 4
    party("undo")  # 5
    refuse(invoke, db_path, "redo", "--command", "3", says="#3 is not an undone command")
    refuse(invoke, db_path, "undo", "--command", "5", says="`redo --command 5` brings back")
    party("stamina", "spend", "Torrax", "10")  # 6: only possible while the 8 damage is undone
    refuse(invoke, db_path, "redo", "--command", "4", says="redo refused: a later event")
    refuse(invoke, db_path, "redo", "--command", "5", says="redo refused: a later event")
    party("undo")  # 7: the spend goes, the damage can come back
    party("redo", "--command", "5")
    assert hero(party, "Torrax")["stamina"]["wound"] == 8


def test_log_filters(party: Invoke, invoke: Invoke, db_path: Path) -> None:
    party("step", "city")  # 4
    party("damage", "Torrax", "2")  # 5
    party("item", "gain", "Zuva'Sai", "Rope")  # 6
    party("item", "give", "Rope", "--from", "Zuva'Sai", "--to", "Torrax")  # 7
    party("step", "journey")  # 8
    party("damage", "Zuva'Sai", "1")  # 9

    def seqs(*args: str) -> list[int]:
        return [e["seq"] for e in shown(party, "log", *args)]

    assert seqs("--hero", "torrax") == [3, 5, 7]
    assert seqs("--type", "damage-taken") == [5, 9]
    assert seqs("--type", "base:item-gained", "--type", "damage-taken") == [5, 6, 9]
    assert seqs("--step", "city-1") == [4, 5, 6, 7]
    assert seqs("--since", "5", "--until", "journey-1") == [6, 7, 8]
    assert seqs("--since", "city-1:end") == [8, 9]
    assert seqs("-n", "2") == [8, 9]
    assert seqs("--hero", "Zuva'Sai", "--tail", "1") == [9]
    assert seqs("--type", "stars-gained") == []
    assert party("log", "--type", "stars-gained").output == "No event matches.\n"
    text = party("log", "--step", "journey-1").output.splitlines()
    assert text == [
        "    8  journey 1    The City step ends; Journey step begins",
        "    9  journey 1    Zuva'Sai takes 1 damage",
    ]
    refuse(invoke, db_path, "log", "--type", "damage", says="did you mean damage-taken")
    refuse(invoke, db_path, "log", "--hero", "Nobody", says="no Hero named 'Nobody'")
    refuse(invoke, db_path, "log", "--step", "5", says="'5' is a point, not a step")
    refuse(invoke, db_path, "log", "--step", "city-9", says="has no City step 9")
    refuse(invoke, db_path, "log", "-n", "0", says="--tail must be 1 or more")
    assert seqs("--since", "9") == []  # nothing new since the latest event
    assert seqs("--since", "6", "--until", "6") == []
    refuse(invoke, db_path, "replay", "--since", "9", says="--since '9' is event 9, the last")
    refuse(
        invoke,
        db_path,
        "log",
        "--since",
        "7",
        "--until",
        "5",
        says="--until '5' (event 5) is not after --since '7' (event 7)",
    )


def test_replay_of_a_step_and_of_a_range(party: Invoke, invoke: Invoke, db_path: Path) -> None:
    party("step", "city")  # 4
    party("damage", "Torrax", "2")  # 5
    party("damage", "Zuva'Sai", "1")  # 6
    party("undo")  # 7
    told = party("replay", "--since", "4", "--until", "7").output
    assert told.splitlines()[0] == "From 4 to 7: events 5 to 7"
    assert "  #5 Torrax takes 2 damage" in told
    assert "#6 Zuva'Sai takes 1 damage — later undone, no effect" in told
    story = shown(party, "replay", "--step", "city-1")
    assert (story["step"], [e["seq"] for e in story["events"]]) == ("city-1", [4, 5, 6, 7])
    assert party("replay", "--since", "5").output.startswith("From 5 to now: events 6 to 7")
    before = event_count(db_path)
    for args in (("replay",), ("replay", "--session", "1", "--step", "city-1")):
        result = invoke(*args)
        assert result.exit_code == 2
        assert "replay one of" in result.output
    assert event_count(db_path) == before


def test_diff_between_two_points(party: Invoke, invoke: Invoke, db_path: Path) -> None:
    party("step", "city")  # 4
    party("damage", "Torrax", "2")  # 5
    party("item", "gain", "Zuva'Sai", "Rope")  # 6
    party(
        "hero",
        "add",
        "Venia",
        *["--might", "1", "--agility", "2", "--will", "2", "--taunt", "1"],
        "--wounded-chips",
        "4",
    )  # 7
    text = party("diff", "3", "city-1:end").output
    assert text.splitlines() == [
        "From 3 (event 3) to city-1:end (event 7):",
        "  Zuva'Sai: items gained Rope",
        "  Torrax: stamina 10 unspent, 0 spent, 0 wound → 8 unspent, 0 spent, 2 wound",
        "  Venia joined the campaign",
        *[line for line in text.splitlines() if line.startswith("  Venia: ")],
        "  party: step before the first step → City step 1",
    ]
    as_json = shown(party, "diff", "city-1", "6")
    assert as_json["from"] == {"ref": "city-1", "seq": 4}
    assert as_json["to"] == {"ref": "6", "seq": 6}
    zuva, torrax = as_json["heroes"]
    assert zuva["changes"] == [
        {
            "field": "items",
            "before": [],
            "after": [zuva["changes"][0]["after"][0]],
            "added": ["Rope"],
            "removed": [],
            "text": "items gained Rope",
        }
    ]
    assert torrax["changes"][0]["before"]["unspent"] == 10
    assert as_json["party"] == []
    assert party("diff", "5", "5").output.splitlines()[1:] == ["  no change"]
    backwards = shown(party, "diff", "6", "3")
    assert backwards["heroes"][0]["changes"][0]["removed"] == ["Rope"]
    refuse(invoke, db_path, "diff", "99", says="there is no event 99")
    refuse(invoke, db_path, "diff", "city-7", says="has no City step 7")
    assert json.loads(party("diff", "7", "--json").output)["to"] == {"ref": None, "seq": 7}


def test_a_redo_of_long_ago_exports_imports_and_verifies(party: Invoke, tmp_path: Path) -> None:
    party("damage", "Torrax", "2")  # 4
    party("undo")  # 5
    party("damage", "Zuva'Sai", "1")  # 6
    party("redo", "--command", "4")  # 7: not the redo stack's (6 came after the undo)
    exported = tmp_path / "campaign.ndjson"
    party("export", str(exported))
    other = tmp_path / "other.db"
    for args in (("import", str(exported)), ("verify",)):
        done = script(other, *args)
        no_traceback(done)
        assert done.returncode == 0, done.stdout + done.stderr
    shown_there = json.loads(script(other, "hero", "show", "Torrax", "--json").stdout)
    assert shown_there["stamina"]["wound"] == 2
