"""verify streams a campaign a page at a time (a million events never sit in memory) and
still finds every kind of problem, in any page, whichever history a snapshot was taken under."""

from typing import Any

import pytest

from ledger.campaign import Campaign, Ledger
from ledger.storage import _store
from ledger.verification import _snapshots as verify_snapshots
from ledger.verification import verify
from ledger_base_game.events import HeroJoined, StarsGained
from tests.helpers.tampering import corrupt_snapshot, tamper_payload

PAGE = 3


@pytest.fixture
def paged(ledger: Ledger, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Pages of three rows; the sizes of the pages verify read (as Rows or as tuples)."""
    monkeypatch.setattr(_store, "PAGE", PAGE)
    sizes: list[int] = []
    for method in ("rows", "values"):
        read = getattr(ledger.store, method)

        def spy(*args: Any, read: Any = read, **kwargs: Any) -> Any:
            rows = read(*args, **kwargs)
            sizes.append(len(rows))
            return rows

        monkeypatch.setattr(ledger.store, method, spy)
    return sizes


@pytest.fixture
def long_campaign(ledger: Ledger) -> Campaign:
    """22 events, snapshots every 5; command 21 undone at 22 (snapshots 5-20 stay at
    revision 0, the undo's snapshot is at revision 22)."""
    campaign = ledger.create_campaign("Test")
    campaign.record(
        [HeroJoined(hero="Venia", might=2, agility=2, will=2, taunt=3, chips=9, wounded_chips=5)]
    )
    for _ in range(19):
        campaign.record([StarsGained(hero="Venia", amount=1)])
    campaign.undo()
    assert campaign.head().seq == 22
    return campaign


def test_verify_reads_a_page_at_a_time(
    ledger: Ledger, long_campaign: Campaign, paged: list[int]
) -> None:
    assert verify(ledger) == []
    assert paged
    assert max(paged) == PAGE
    assert sum(paged) >= 22


@pytest.mark.parametrize("seq", [2, 14, 22])
def test_a_tampered_event_is_found_in_any_page(
    ledger: Ledger, long_campaign: Campaign, paged: list[int], seq: int
) -> None:
    tamper_payload(ledger, "Test", seq)
    problems = verify(ledger)
    assert [(p.seq, "altered" in p.message) for p in problems] == [(seq, True)]


@pytest.mark.parametrize(
    "seq",
    [
        15,  # taken before the undo: checked by a replay of its own history
        22,  # the undo's own snapshot: checked during the main replay
    ],
)
def test_a_corrupted_snapshot_is_found_under_either_history(
    ledger: Ledger, long_campaign: Campaign, paged: list[int], seq: int
) -> None:
    revisions = ledger.db.execute(
        "SELECT revision FROM snapshots WHERE campaign = 'Test' AND seq = ?", [seq]
    ).fetchall()
    assert revisions == [(0 if seq < 22 else 22,)]
    corrupt_snapshot(ledger, seq)
    problems = verify(ledger)
    assert [(p.seq, "snapshot" in p.message) for p in problems] == [(seq, True)]


def test_snapshot_states_read_a_window_at_a_time_name_every_corrupted_one(
    ledger: Ledger, long_campaign: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(verify_snapshots, "WINDOW", 4)  # 5 and 20 in windows of their own
    for seq in (5, 20, 22):
        corrupt_snapshot(ledger, seq)
    problems = verify(ledger)
    assert [(p.seq, "snapshot" in p.message) for p in problems] == [
        (5, True),
        (20, True),
        (22, True),
    ]
