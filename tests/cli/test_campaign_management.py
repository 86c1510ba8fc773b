"""Campaign management through the CLI: rename, use, archive and fork. No command deletes
events: renames, archivings and fork origins are appended marks."""

import json
from pathlib import Path

import pytest

from ledger.campaign import Ledger
from ledger.storage import open_database
from ledger_base_game.events import StarsGained
from tests.helpers.cli import Invoke, refuse
from tests.helpers.files import rows_of


def stars(run: Invoke, *campaign: str) -> int:
    shown = run(*campaign, "hero", "show", "Torrax", "--json")
    return int(json.loads(shown.output)["stars"])


def names(run: Invoke, *options: str) -> list[str]:
    return list(json.loads(run("campaign", "list", "--json", *options).output))


@pytest.fixture
def forked(party: Invoke) -> Invoke:
    """Test: Torrax gains 3 Stars (event 4), then 2 (event 5); "What if" forks it at event 4
    and Torrax gains 4 there."""
    party("stars", "gain", "Torrax", "3")
    party("stars", "gain", "Torrax", "2")
    made = party("campaign", "fork", "What if", "--from", "Test", "--at", "4")
    assert "Campaign 'What if' forked from 'Test': its events 1 to 4" in made.output
    party("--campaign", "What if", "stars", "gain", "Torrax", "4")
    return party


def test_a_fork_holds_the_history_up_to_ref_and_goes_its_own_way(
    forked: Invoke, db_path: Path
) -> None:
    assert stars(forked, "--campaign", "Test") == 5
    assert stars(forked, "--campaign", "What if") == 7  # 3, then its own 4
    assert "fork of 'Test' at event 4" in forked("campaign", "list").output
    shown = json.loads(forked("campaign", "show", "What if", "--json").output)
    assert shown["forked_from"] == {"campaign": "Test", "event": 4}
    assert shown["events"] == 5
    assert "ok:" in forked("verify").output  # proved like any campaign
    log = json.loads(forked("--campaign", "What if", "log", "--json").output)
    assert log[0]["description"] == "Campaign 'What if' created"
    rows = {(row["campaign"], row["seq"]): row for row in rows_of(db_path)}
    for seq in (2, 3, 4):  # as recorded, in a chain of its own
        mine, origin = rows[("What if", seq)], rows[("Test", seq)]
        assert (mine["payload"], mine["recorded_at"]) == (origin["payload"], origin["recorded_at"])
        assert mine["hash"] != origin["hash"]


def test_a_fork_at_a_step_and_refusals(party: Invoke, invoke: Invoke, db_path: Path) -> None:
    party("step", "city")
    party("stars", "gain", "Torrax", "1")
    party("campaign", "fork", "In the city", "--from", "Test", "--at", "city-1:end")
    assert stars(party, "--campaign", "In the city") == 1
    assert json.loads(party("campaign", "show", "In the city", "--json").output)["events"] == 5
    for args, says in [
        (("Other", "--from", "Nope", "--at", "2"), "no campaign named 'Nope'"),
        (("Test", "--from", "Test", "--at", "2"), "a campaign named 'Test' already exists"),
        (("Other", "--from", "Test", "--at", "99"), "there is no event 99"),
        (("Other", "--from", "Test", "--at", "0"), "there is no event 0"),
        (("Other", "--from", "Test", "--at", "city-7"), "has no City step 7"),
    ]:
        refuse(invoke, db_path, "campaign", "fork", *args, says=says)
    assert names(party) == ["In the city", "Test"]


def test_a_fork_refuses_to_cut_a_command_in_two(
    party: Invoke, invoke: Invoke, db_path: Path
) -> None:
    with Ledger.open(db_path) as ledger:  # command #4: events 4 to 6
        ledger.campaign().record([StarsGained(hero="Torrax", amount=1)] * 3)
    fork = ("campaign", "fork", "X", "--from", "Test", "--at")
    refuse(invoke, db_path, *fork, "5", says="in the middle of command #4; fork at 3 or at")
    party(*fork, "6")
    assert stars(party, "--campaign", "X") == 3


def test_rename_keeps_the_events_and_the_name_is_found(
    party: Invoke, invoke: Invoke, db_path: Path
) -> None:
    before = rows_of(db_path)
    assert (
        "Campaign 'Test' is now called 'Moonsilver'"
        in party("campaign", "rename", "Test", "Moonsilver").output
    )
    assert rows_of(db_path) == before  # nothing written over, nothing added to the events
    assert names(party) == ["Moonsilver"]
    assert stars(party, "--campaign", "moonsilver") == 0
    refuse(invoke, db_path, "--campaign", "Test", "log", says="it was renamed 'Moonsilver'")
    refuse(invoke, db_path, "campaign", "new", "Test", says="was created as 'Test'")
    refuse(invoke, db_path, "campaign", "rename", "Nope", "X", says="no campaign named 'Nope'")
    party("campaign", "new", "Other")
    refuse(invoke, db_path, "campaign", "rename", "Other", "MOONSILVER", says="already exists")
    party("campaign", "rename", "Moonsilver", "Test")  # back to the name its events carry
    assert names(party) == ["Other", "Test"]
    shown = party("campaign", "show", "Test").output
    assert "Created as" not in shown
    assert "ok:" in party("verify").output


def test_campaign_use_is_the_default_and_options_still_win(
    party: Invoke, invoke: Invoke, db_path: Path, user_dirs: Path
) -> None:
    party("campaign", "new", "Other")
    refuse(invoke, db_path, "log", says="or `campaign use NAME`")
    assert "No campaign is chosen" in party("campaign", "use").output
    party("campaign", "use", "Test")
    kept = json.loads((user_dirs / "config" / "campaign-ledger" / "campaigns.json").read_text())
    assert kept == {str(db_path.resolve()): "Test"}
    assert stars(party) == 0
    party("stars", "gain", "Torrax", "2")
    assert stars(party, "--campaign", "Test") == 2
    assert "Torrax" not in party("--campaign", "Other", "party", "show").output
    refuse(invoke, db_path, "--campaign", "Other", "hero", "show", "Torrax", says="no Hero named")
    party("campaign", "rename", "Test", "Moonsilver")  # the choice follows the campaign
    assert "Using 'Moonsilver'" in party("campaign", "use").output
    assert stars(party) == 2
    party("campaign", "use", "--clear")
    refuse(invoke, db_path, "log", says="choose one with --campaign")


def test_archive_hides_and_never_deletes(party: Invoke, invoke: Invoke, db_path: Path) -> None:
    party("campaign", "new", "Other")
    party("campaign", "use", "Test")
    before = rows_of(db_path)
    assert "nothing of it was deleted" in party("campaign", "archive", "Test").output
    assert rows_of(db_path) == before
    assert names(party) == ["Other"]
    assert names(party, "--all") == ["Other", "Test"]
    assert "Test  (archived)" in party("campaign", "list", "--all").output
    assert "Torrax" not in party("party", "show").output  # Other is now the only one shown
    assert stars(party, "--campaign", "Test") == 0  # still there by its name
    refuse(invoke, db_path, "campaign", "use", "Test", says="is archived")
    refuse(invoke, db_path, "campaign", "archive", "Test", says="already archived")
    refuse(invoke, db_path, "campaign", "new", "test", says="'Test' (archived) already exists")
    party("campaign", "unarchive", "Test")
    assert names(party) == ["Other", "Test"]
    refuse(invoke, db_path, "campaign", "unarchive", "Test", says="already not archived")


def test_only_archived_campaigns_name_the_way_back(
    party: Invoke, invoke: Invoke, db_path: Path
) -> None:
    party("campaign", "archive", "Test")
    refuse(invoke, db_path, "log", says="every campaign of this ledger is archived (Test)")


def test_campaign_marks_are_append_only(party: Invoke, db_path: Path) -> None:
    party("campaign", "rename", "Test", "Moonsilver")
    db = open_database(db_path)
    try:
        for sql in ("UPDATE campaign_marks SET value = 'X'", "DELETE FROM campaign_marks"):
            with pytest.raises(Exception, match="append-only"):
                db.execute(sql)
    finally:
        db.close()


def test_verify_names_a_dropped_mark_trigger(party: Invoke, invoke: Invoke, db_path: Path) -> None:
    party("campaign", "rename", "Test", "Moonsilver")
    db = open_database(db_path)
    try:
        db.execute("DROP TRIGGER campaign_marks_no_update")
    finally:
        db.close()
    result = invoke("verify")
    assert result.exit_code == 1
    assert "the append-only trigger campaign_marks_no_update is missing" in result.output
