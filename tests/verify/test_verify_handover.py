"""On two cores the child, done with its own rows first, takes over the end of the parent's
(``ledger.verification._handover``): the parent reads its pages only up to where the child
asked, the child asks only past the page the parent reads, and no row goes unchecked."""

import pytest

from ledger.campaign import Ledger
from ledger.storage import VALUES, _store
from ledger.verification._handover import TAKEN_PAGES, Handover
from ledger_base_game.events import HeroJoined, StarsGained


def test_the_parent_reads_its_pages_as_they_come_until_asked() -> None:
    handover = Handover(10)
    assert handover.end(0, 500) == 500
    assert handover.end(500, 1000) == 1000
    assert handover.reached == 1000


def test_an_ask_ends_the_parents_page_there_or_ends_its_reading() -> None:
    handover = Handover(10)
    handover.end(0, 10)
    handover._shared[1] = 15  # the child asks for an end inside the next page
    assert handover.end(10, 20) == 15
    assert handover.end(15, 25) == 15  # and no further: the rest is the child's
    late = Handover(10)
    late.end(0, 10)
    late._shared[1] = 5  # asked for an end the parent has passed (seen late)
    assert late.end(10, 20) == 10  # ends its reading where it is: the child checks from 5
    assert late.reached == 10


def test_the_child_takes_over_about_half_of_what_is_left_past_the_page_being_read() -> None:
    handover = Handover(10)
    handover.end(0, 10)  # pages of 10 rows, the parent reading up to 10
    points = list(range(0, 101, 5))
    assert handover.take_over(100, points) == 55  # the snapshot nearest (10 + 100) / 2
    assert handover.end(10, 20) == 20
    assert handover.end(50, 60) == 55  # its rows end there


def test_rows_not_yet_read_are_taken_over_from_half_way_along_them() -> None:
    """The child's first rows start at the split: before its first page, half of what it has
    left is half of the rows after the split, not of the whole campaign."""
    handover = Handover(10, start=50)
    points = list(range(0, 101, 5))
    assert handover.take_over(100, points) == 75  # (50 + 100) / 2, where 0 would give 50
    assert handover.end(50, 60) == 60
    assert handover.end(60, 70) == 70
    assert handover.end(70, 80) == 75


def test_no_takeover_of_too_few_rows_or_without_a_snapshot_to_start_from() -> None:
    handover = Handover(10)
    handover.end(0, 10)
    too_few = 10 + 10 + TAKEN_PAGES * 10 - 1  # past the page read, then fewer than the pages
    assert handover.take_over(too_few, list(range(0, 101, 5))) is None
    assert handover.take_over(100, [5, 100]) is None  # none past the page, before the rows
    assert handover.end(10, 20) == 20  # nothing was asked


@pytest.fixture
def stored(ledger: Ledger) -> Ledger:
    campaign = ledger.create_campaign("Test")
    campaign.record(
        [HeroJoined(hero="Venia", might=2, agility=2, will=2, taunt=3, chips=9, wounded_chips=5)]
    )
    for _ in range(19):
        campaign.record([StarsGained(hero="Venia", amount=1)])
    return ledger


def test_pages_end_where_the_reader_says(stored: Ledger, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_store, "PAGE", 4)
    asked: list[tuple[int, int]] = []

    def end(start: int, stop: int) -> int:
        asked.append((start, stop))
        return 10 if start < 10 else start  # the reading ends at 10

    pages = list(stored.store.value_pages("Test", 0, 20, VALUES, end=end))
    seqs = [[row[VALUES.index("seq")] for row in page] for page in pages]
    assert seqs == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10]]
    assert asked == [(0, 4), (4, 8), (8, 12), (10, 14)]
