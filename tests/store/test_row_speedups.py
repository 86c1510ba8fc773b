"""The fast paths for reading rows and hashing them give exactly what the definitions give:
a chain recorded before them still verifies, and one recorded after them verifies anywhere."""

import hashlib

import msgspec
from hypothesis import given
from hypothesis import strategies as st

from ledger.campaign import Ledger
from ledger.storage import COLUMNS, VALUES, Row, content_hash, hashes, row_values
from ledger.storage._store import _row

text = st.text(max_size=40)  # any code point: quotes, controls, emoji, surrogate-free
maybe_text = st.none() | text
maybe_int = st.none() | st.integers(min_value=-(2**63), max_value=2**63 - 1)
rows = st.builds(
    Row,
    campaign=text,
    seq=st.integers(min_value=1, max_value=2**62),
    command=st.integers(min_value=1, max_value=2**62),
    type=text,
    schema=st.integers(min_value=0, max_value=2**31),
    plugin=text,
    plugin_version=text,
    recorded_at=text,
    step_kind=maybe_text,
    step_number=maybe_int,
    scenario=maybe_int,
    hero=maybe_text,
    idempotency_key=maybe_text,
    payload=text,
    prev_hash=text,
    hash=text,
)


def reference_hash(row: Row) -> str:
    """The chain's definition: every column but the hash, as a JSON object, sorted keys."""
    fields = msgspec.structs.asdict(row)
    del fields["hash"]
    return hashlib.sha256(msgspec.json.encode(fields, order="sorted")).hexdigest()


@given(rows)
def test_the_fast_hash_is_the_defined_hash(row: Row) -> None:
    assert content_hash(row) == reference_hash(row)


@given(st.lists(rows, max_size=8))
def test_a_reused_buffer_hashes_each_row_as_defined(listed: list[Row]) -> None:
    """Longer rows, then shorter ones: each hash covers that row's bytes and no others."""
    page = [tuple(getattr(row, column) for column in VALUES) for row in listed]
    assert hashes(page) == [reference_hash(row) for row in listed]
    assert hashes(page[::-1]) == [reference_hash(row) for row in listed[::-1]]


@given(rows)
def test_a_row_as_values_is_in_the_order_of_values(row: Row) -> None:
    assert row_values(row) == tuple(getattr(row, column) for column in VALUES)


@given(rows)
def test_a_stored_tuple_reads_back_as_the_same_row(row: Row) -> None:
    values = tuple(getattr(row, column) for column in COLUMNS)
    assert _row(values) == row


def test_campaigns_are_listed_by_a_seek_per_campaign_in_name_order(ledger: Ledger) -> None:
    names = ["Zeta", "alpha", "Alpha Two", "Ωmega", "b"]
    for name in names:
        ledger.create_campaign(name)
    assert ledger.campaigns() == sorted(names)  # code point order, as SQLite's BINARY
