"""Forks, renames and archivings through the Python API alone (ledger.exchange.fork_campaign,
Ledger.rename_campaign and archive_campaign): a fork holds the history up to a point, undone
commands included as they were, and goes its own way; nothing of the origin changes."""

from pathlib import Path

import pytest

from ledger.campaign import Ledger, Origin
from ledger.errors import BadInput, NotFound
from ledger.exchange import fork_campaign
from ledger.verification import verify
from ledger_base_game import actions
from tests.helpers.party import make_party


@pytest.fixture
def ledger(tmp_path: Path) -> Ledger:
    path = tmp_path / "ledger.db"
    make_party(path)  # events 1 to 3
    opened = Ledger.open(path, snapshot_interval=2)
    campaign = opened.campaign()
    campaign.do(actions.gain_stars, hero="Torrax", amount=3)  # 4
    campaign.do(actions.gain_stars, hero="Torrax", amount=2)  # 5
    campaign.undo()  # 6: reverts 5
    campaign.do(actions.gain_stars, hero="Torrax", amount=1)  # 7
    return opened


def test_a_fork_copies_the_history_up_to_a_point_undos_included(ledger: Ledger) -> None:
    origin = ledger.campaign("Test")
    rows_before = origin.store.rows("Test")
    fork = fork_campaign(ledger, "Branch", "Test", "6")
    assert fork.state().hero("Torrax").stars == 3  # 5 was undone at 6
    assert fork.history().reverted() == origin.history().reverted()
    fork.redo()  # the undone command is there to bring back, as in the origin
    assert fork.state().hero("Torrax").stars == 5
    assert origin.state().hero("Torrax").stars == 4
    assert origin.store.rows("Test") == rows_before
    assert ledger.info("Branch").origin == Origin(campaign="Test", seq=6)
    assert verify(ledger) == []


def test_rename_and_archive_keep_every_event(ledger: Ledger) -> None:
    rows_before = ledger.store.rows("Test")
    ledger.rename_campaign("Test", "Moonsilver")
    assert ledger.campaign("moonsilver").name == "Test"  # its events keep their name
    assert ledger.campaign().title == "Moonsilver"
    ledger.create_campaign("Other")
    ledger.archive_campaign("Moonsilver")
    assert ledger.campaigns() == ["Other"]
    assert ledger.campaigns(archived=True) == ["Moonsilver", "Other"]
    assert ledger.campaign().title == "Other"  # the only one not archived
    assert ledger.store.rows("Test") == rows_before
    with pytest.raises(NotFound, match="renamed 'Moonsilver'"):
        ledger.campaign("Test")
    with pytest.raises(BadInput, match="created as 'Test'"):
        ledger.create_campaign("test")
    assert [kind for _, kind, _, _ in ledger.store.marks()] == ["renamed", "archived"]
    assert verify(ledger) == []
