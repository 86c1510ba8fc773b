"""The physical limits: the same rows through bare SQLite and bare msgspec, nothing else.

Same SQLite library as the ledger (``ledger.storage.sqlite3``), WAL, ``synchronous=FULL``; a
table with the same columns and primary key but none of the ledger's indexes or triggers.
"""

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from ledger.storage import COLUMNS, Row, sqlite3

_INSERT = f"INSERT INTO events ({', '.join(COLUMNS)}) VALUES ({', '.join('?' for _ in COLUMNS)})"
_decode = msgspec.json.Decoder()


def connect(path: Path) -> Any:
    db = sqlite3.connect(str(path), isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = FULL")
    return db


def create(path: Path) -> Any:
    db = connect(path)
    db.execute(
        "CREATE TABLE events (campaign TEXT NOT NULL, seq INTEGER NOT NULL, command INTEGER "
        "NOT NULL, type TEXT NOT NULL, schema INTEGER NOT NULL, plugin TEXT NOT NULL, "
        "plugin_version TEXT NOT NULL, recorded_at TEXT NOT NULL, step_kind TEXT, step_number "
        "INTEGER, scenario INTEGER, hero TEXT, idempotency_key TEXT, payload TEXT NOT NULL, "
        "prev_hash TEXT NOT NULL, hash TEXT NOT NULL, PRIMARY KEY (campaign, seq)) "
        "STRICT, WITHOUT ROWID"
    )
    return db


def values(rows: Sequence[Row]) -> list[tuple[object, ...]]:
    return [tuple(getattr(row, column) for column in COLUMNS) for row in rows]


def commit_per_event(path: Path, rows: list[tuple[object, ...]]) -> None:
    db = create(path)
    for row in rows:
        db.execute("BEGIN")
        db.execute(_INSERT, row)
        db.execute("COMMIT")
    db.close()


def one_transaction(path: Path, rows: list[tuple[object, ...]]) -> None:
    db = create(path)
    db.execute("BEGIN")
    db.executemany(_INSERT, rows)
    db.execute("COMMIT")
    db.close()


def fold(heroes: dict[str, dict[str, int]], payload: str) -> None:
    """The simplest fold there is: per Hero, a running total per event type."""
    event = _decode.decode(payload)
    totals = heroes.setdefault(event.get("hero") or "", {})
    totals[event["type"]] = totals.get(event["type"], 0) + event.get("amount", 1)


def decode_and_fold(path: Path, campaign: str) -> dict[str, dict[str, int]]:
    """Read every payload of a ledger file in order and fold it (no checks at all)."""
    db = connect(path)
    heroes: dict[str, dict[str, int]] = {}
    for (payload,) in db.execute(
        "SELECT payload FROM events WHERE campaign = ? ORDER BY seq", [campaign]
    ):
        fold(heroes, payload)
    db.close()
    return heroes


def state_at(db: Any, campaign: str, fingerprint: str, seq: int) -> dict[str, Any]:
    """The nearest snapshot at or before ``seq``, decoded, then the rest folded raw."""
    found = db.execute(
        "SELECT seq, state FROM snapshots WHERE campaign = ? AND fingerprint = ? AND seq <= ? "
        "ORDER BY seq DESC LIMIT 1",  # the primary key's order: one seek
        [campaign, fingerprint, seq],
    ).fetchone()
    after, state = (found[0], _decode.decode(found[1])) if found else (0, {})
    heroes: dict[str, dict[str, int]] = {}
    for (payload,) in db.execute(
        "SELECT payload FROM events WHERE campaign = ? AND seq > ? AND seq <= ? ORDER BY seq",
        [campaign, after, seq],
    ):
        fold(heroes, payload)
    return {"snapshot": state, "folded": heroes}
