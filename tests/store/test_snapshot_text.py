"""A snapshot's text packs the Stock and the Archive (each distinct item once, then runs of
copies), gives back exactly the state it was made from, and reads a snapshot written before."""

import msgspec
from hypothesis import given
from hypothesis import strategies as st
from msgspec.structs import replace

from ledger.campaign import snapshot_matches, snapshot_text
from ledger.campaign._snapshot_text import decode
from ledger.model import CampaignState, Item

ITEMS = [
    Item(name="Rope", value=1),
    Item(name="Bone token", token=True, shape="triangle"),
    Item(name="Rope", value=2),  # same name, another card
]
supplies = st.lists(st.sampled_from(ITEMS), max_size=40).map(tuple)


@given(stock=supplies, archive=supplies)
def test_packing_gives_back_the_state_exactly(
    stock: tuple[Item, ...], archive: tuple[Item, ...]
) -> None:
    state = CampaignState(name="Golden", stock=stock, archive=archive)
    text = snapshot_text(state)
    assert decode(text) == state
    assert snapshot_matches(text, state, text)
    other = replace(state, stock=(*stock, ITEMS[0]))
    assert not snapshot_matches(text, other, snapshot_text(other))


def test_a_snapshot_follows_the_distinct_items_not_the_copies() -> None:
    few = CampaignState(stock=(ITEMS[0],) * 2)
    many = CampaignState(stock=(ITEMS[0],) * 5_000)
    assert len(snapshot_text(many)) - len(snapshot_text(few)) < 10
    plain = len(msgspec.json.encode(many))
    assert len(snapshot_text(many)) * 100 < plain


def test_a_snapshot_written_before_packing_reads_and_matches_as_it_was() -> None:
    state = CampaignState(name="Golden", stock=tuple(ITEMS) * 3)
    old = msgspec.json.encode(state).decode()
    assert decode(old) == state
    assert snapshot_matches(old, state, snapshot_text(state))
    assert not snapshot_matches(old, replace(state, name="Other"), snapshot_text(state))
