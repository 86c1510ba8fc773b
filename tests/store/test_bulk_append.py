"""A page of rows (an import's, a fork's) is written by one statement, and stores exactly what
writing it row by row stores, or fails exactly as that fails."""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.campaign import Ledger
from ledger.storage import EventStore, Row, _store, sqlite_version

pytestmark = pytest.mark.skipif(
    sqlite_version() < (3, 45, 0), reason="jsonb_each: SQLite 3.45 or later"
)

# Any code point, and often those JSON escapes or SQLite could mistreat.
text = st.text(
    st.sampled_from(' \x00\x01"\\\n\u2028é😀') | st.characters(exclude_categories=["Cs"]),
    max_size=12,
)
maybe_text = st.none() | text
integer = st.integers(min_value=-(2**63), max_value=2**63 - 1)  # what SQLite holds


def page(size: int = 6, **fixed: object) -> st.SearchStrategy[list[Row]]:
    """Rows 1.. of one campaign, each column drawn (or as ``fixed``)."""

    @st.composite
    def rows(draw: st.DrawFn) -> list[Row]:
        campaign = draw(text)
        count = draw(st.integers(min_value=1, max_value=size))

        def column(name: str, strategy: st.SearchStrategy[Any]) -> Any:
            return fixed[name] if name in fixed else draw(strategy)

        return [
            Row(
                campaign=campaign,
                seq=seq,
                command=column("command", integer),
                type=column("type", text),
                schema=column("schema", integer),
                plugin=column("plugin", text),
                plugin_version=column("plugin_version", text),
                recorded_at=column("recorded_at", text),
                step_kind=column("step_kind", maybe_text),
                step_number=column("step_number", st.none() | integer),
                scenario=column("scenario", st.none() | integer),
                hero=column("hero", maybe_text),
                idempotency_key=column("idempotency_key", st.none() | text.map(f"{seq}:".__add__)),
                payload=column("payload", text.filter(lambda payload: '"to"' not in payload)),
                prev_hash=column("prev_hash", text),
                hash=column("hash", text),
            )
            for seq in range(1, count + 1)
        ]

    return rows()


@pytest.fixture(scope="module")
def file(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Ledger]:
    ledger = Ledger.open(tmp_path_factory.mktemp("bulk") / "bulk.db")
    yield ledger
    ledger.close()


def outcome(ledger: Ledger, rows: list[Row]) -> Any:
    """What appending ``rows`` in a transaction (rolled back after) stores, or its error."""
    conn = ledger.db.conn
    conn.execute("BEGIN")
    try:
        EventStore(ledger.db).append(rows, savepoint=False)
        return [
            conn.execute("SELECT * FROM events ORDER BY campaign, seq").fetchall(),
            conn.execute("SELECT * FROM step_changes ORDER BY campaign, seq").fetchall(),
        ]
    except Exception as error:  # the error is the outcome compared
        return type(error).__name__, str(error)
    finally:
        conn.rollback()


def both(ledger: Ledger, rows: list[Row], monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    """The outcome row by row, and in one statement."""
    with monkeypatch.context() as patch:
        patch.setattr(_store, "_BULK", False)
        each = outcome(ledger, rows)
    with monkeypatch.context() as patch:
        patch.setattr(_store, "BULK_FROM", 1)
        return each, outcome(ledger, rows)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows=page())
def test_one_statement_stores_what_row_by_row_stores(
    file: Ledger, rows: list[Row], monkeypatch: pytest.MonkeyPatch
) -> None:
    each, bulk = both(file, rows, monkeypatch)
    assert isinstance(each, list), each  # stored
    assert bulk == each


AWKWARD = ' \x00 quote" back\\ \n\t \x01 \u2028 é 😀 '


def test_awkward_text_and_integers_are_stored_exactly(
    file: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    rows = [
        Row(
            campaign=AWKWARD,
            seq=seq,
            command=bound,
            type=AWKWARD,
            schema=bound,
            plugin=AWKWARD,
            plugin_version=AWKWARD,
            recorded_at=AWKWARD,
            step_kind=AWKWARD,
            step_number=bound,
            scenario=bound,
            hero=AWKWARD,
            idempotency_key=f"{AWKWARD}{seq}",
            payload=AWKWARD,
            prev_hash=AWKWARD,
            hash=AWKWARD,
        )
        for seq, bound in enumerate([-(2**63), 2**63 - 1, 0], start=1)
    ]
    monkeypatch.setattr(_store, "BULK_FROM", 1)
    events, _ = outcome(file, rows)
    assert [
        Row(**dict(zip(Row.__struct_fields__, values, strict=True))) for values in events
    ] == rows


FAILING = {
    # UNIQUE (campaign, idempotency_key): ConflictError, as a lost race is named.
    "an idempotency key twice": page(idempotency_key="k").filter(lambda rows: len(rows) > 1),
    # Python's int past 64 bits (OverflowError); in JSON, SQLite would read a REAL.
    "an integer SQLite cannot hold": page(step_number=2**63),
    # The recipients' index reads the payload's "to": an error from json_extract.
    "a payload naming a recipient that is no JSON": page(payload='{"to":'),
    "a lone surrogate (never read from a file)": page(hero="\ud800"),
}


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=10)
@pytest.mark.parametrize("failure", list(FAILING))
@given(data=st.data())
def test_one_statement_fails_as_row_by_row_fails(
    file: Ledger, failure: str, data: st.DataObject, monkeypatch: pytest.MonkeyPatch
) -> None:
    each, bulk = both(file, data.draw(FAILING[failure]), monkeypatch)
    assert isinstance(each, tuple), each  # an error
    assert bulk == each


def test_a_page_is_one_statement(ledger: Ledger, tmp_path: Path) -> None:
    rows = [
        Row(
            campaign="Page",
            seq=seq,
            command=seq,
            type="damage-taken",
            schema=1,
            plugin="p",
            plugin_version="1",
            recorded_at="2026-12-06T00:00:00+00:00",
            step_kind=None,
            step_number=None,
            scenario=None,
            hero="Torrax",
            idempotency_key=None,
            payload='{"type":"damage-taken","hero":"Torrax","amount":1}',
            prev_hash="",
        )
        for seq in range(1, _store.BULK_FROM + 1)
    ]
    statements: list[str] = []
    ledger.db.conn.set_trace_callback(statements.append)
    try:
        with ledger.write_lock():
            ledger.store.append(rows, savepoint=False)
    finally:
        ledger.db.conn.set_trace_callback(None)
    # One INSERT (SQLite traces it again as each trigger fires), not one per row.
    assert len({s for s in statements if s.startswith("INSERT INTO events")}) == 1
    assert [row.seq for row in ledger.store.rows("Page")] == list(range(1, _store.BULK_FROM + 1))
