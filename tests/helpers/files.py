"""What a ledger file holds, read straight from it (not through the code under test), and the
checks a file must pass after anything happened to it."""

import json
from pathlib import Path
from typing import Any

from ledger.campaign import Ledger
from ledger.storage import open_database, sqlite3
from ledger.verification import verify


def event_count(db_path: Path) -> int:
    with Ledger.open(db_path, create=False) as opened:
        return int(opened.db.execute("SELECT count(*) FROM events").fetchone()[0])


def rows_of(path: Path) -> list[dict[str, Any]]:
    """Every stored event, every column, read straight from the file (none if no file)."""
    if not path.exists():
        return []
    db = open_database(path, create=False)
    try:
        cursor = db.execute("SELECT * FROM events ORDER BY campaign, seq")
        names = [d[0] for d in cursor.description]
        return [dict(zip(names, values, strict=True)) for values in cursor.fetchall()]
    finally:
        db.close()


# The columns two files recording the same commands may differ in: when, and the hashes over it.
WHEN = frozenset({"recorded_at", "prev_hash", "hash"})


def recorded(path: Path) -> list[dict[str, Any]]:
    """Every stored event but its ``WHEN`` columns, the payload decoded: what two files that
    recorded the same commands (through the CLI and through the actions, say) agree on."""
    rows = [{k: v for k, v in row.items() if k not in WHEN} for row in rows_of(path)]
    for row in rows:
        row["payload"] = json.loads(row["payload"])
    return rows


def integrity(path: Path) -> str:
    """``PRAGMA integrity_check`` through a plain connection (recovering the WAL if any)."""
    db = sqlite3.connect(path)
    try:
        return "; ".join(str(row[0]) for row in db.execute("PRAGMA integrity_check"))
    finally:
        db.close()


def stored(path: Path) -> list[tuple[str, int, int, str, str | None]]:
    """(campaign, seq, command, type, idempotency key) of every event, in order."""
    db = sqlite3.connect(path)
    try:
        return db.execute(
            "SELECT campaign, seq, command, type, idempotency_key FROM events "
            "ORDER BY campaign, seq"
        ).fetchall()
    finally:
        db.close()


def head(path: Path) -> tuple[int, str | None]:
    """Number of events and the hash of the latest one, to prove nothing was written."""
    db = sqlite3.connect(path)
    try:
        count = db.execute("SELECT count(*) FROM events").fetchone()[0]
        last = db.execute("SELECT hash FROM events ORDER BY campaign DESC, seq DESC").fetchone()
        return int(count), last[0] if last else None
    finally:
        db.close()


def problems(path: Path) -> list[str]:
    with Ledger.open(path, create=False) as ledger:
        return [str(problem) for problem in verify(ledger)]


def damage(path: Path) -> list[str]:
    """What is wrong with the file: integrity_check, a gap in a chain, verify's problems."""
    check = integrity(path)
    if check != "ok":
        return [f"integrity_check: {check}"]
    seqs: dict[str, list[int]] = {}
    for campaign, seq, *_ in stored(path):
        seqs.setdefault(campaign, []).append(seq)
    gaps = [
        f"a gap in {campaign!r}"
        for campaign, numbers in seqs.items()
        if numbers != list(range(1, len(numbers) + 1))
    ]
    return gaps + problems(path)


def assert_sound(path: Path) -> None:
    """The file is an intact SQLite database whose chains have no gap and verify."""
    assert damage(path) == []


def pack(tmp_path: Path, text: str, name: str = "cards.toml") -> str:
    """A content pack file holding ``text``, for ``content add``."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def new_campaign(path: Path) -> Path:
    """A new ledger file at ``path`` holding one empty campaign, "Table"."""
    ledger = Ledger.open(path, create=True)
    ledger.create_campaign("Table")
    ledger.close()
    return path
