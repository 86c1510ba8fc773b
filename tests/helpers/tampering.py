"""Tampering with a ledger file as whoever has it could: a payload byte flipped under the
dropped trigger (``tamper_payload``), rows rewritten with plain SQL and the triggers put back
(``tampered``, ``rows``, ``rewrite``; ``cases`` is the whole matrix of changes, ``key_twice``
one of them), a snapshot forged (``corrupt_snapshot``), an export re-hashed by a forger
(``rehash``, ``payload``), and a change made by another program while a ledger is open
(``other_connection``, ``edit_last_payload``)."""

import json
import random
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import msgspec

from ledger.campaign import Ledger
from ledger.model import META_TYPES
from ledger.storage import COLUMNS, GENESIS, Row, sqlite3

Connection = Any
Rows = list[dict[str, Any]]


def flip_one_byte(text: str) -> str:
    """The same text with one ASCII character (a digit if any, else a letter) changed."""
    digits = [i for i, c in enumerate(text) if c.isdigit()]
    if digits:
        i = digits[-1]
        changed = str((int(text[i]) + 1) % 10)
    else:
        i = next(i for i in range(len(text) - 1, -1, -1) if text[i].isalpha() and text[i].isascii())
        changed = "x" if text[i] != "x" else "y"
    result = text[:i] + changed + text[i + 1 :]
    before, after = text.encode(), result.encode()
    assert len(before) == len(after)
    assert sum(a != b for a, b in zip(before, after, strict=True)) == 1
    return result


def trigger_sql(ledger: Ledger, name: str) -> str:
    found = ledger.db.execute(
        "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?", [name]
    ).fetchone()
    assert found is not None, f"trigger {name} is missing"
    return str(found[0])


def around_snapshot_triggers(db: Connection, sql: str, parameters: Any = ()) -> int:
    """``sql`` run on the snapshots as whoever has the file can: their triggers dropped and
    put back (verify compares their SQL). The number of rows changed."""
    found = db.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'snapshots'"
    ).fetchall()
    for name, _ in found:
        db.execute(f"DROP TRIGGER {name}")
    changed = int(db.execute(sql, parameters).rowcount)
    for _, definition in found:
        db.execute(definition)
    return changed


def corrupt_snapshot(ledger: Ledger, seq: int) -> None:
    """Venia's Stars in campaign Test's snapshot at ``seq`` raised by 5, as a forger could."""
    (state,) = ledger.db.execute(
        "SELECT state FROM snapshots WHERE campaign = 'Test' AND seq = ?", [seq]
    ).fetchone()
    changed = json.loads(state)
    changed[0]["heroes"]["Venia"]["stars"] += 5
    around_snapshot_triggers(
        ledger.db,
        "UPDATE snapshots SET state = ? WHERE campaign = 'Test' AND seq = ?",
        [msgspec.json.encode(changed).decode(), seq],
    )


def tamper_payload(ledger: Ledger, campaign: str, seq: int) -> None:
    """What a determined editor would do: drop the trigger, edit a byte, put the trigger back."""
    sql = trigger_sql(ledger, "events_no_update")
    ledger.db.execute("DROP TRIGGER events_no_update")
    (payload,) = ledger.db.execute(
        "SELECT payload FROM events WHERE campaign = ? AND seq = ?", [campaign, seq]
    ).fetchone()
    ledger.db.execute(
        "UPDATE events SET payload = ? WHERE campaign = ? AND seq = ?",
        [flip_one_byte(payload), campaign, seq],
    )
    ledger.db.execute(sql)
    assert trigger_sql(ledger, "events_no_update") == sql


def tampered(clean: Path, folder: Path, change: Callable[[Connection], None]) -> Path:
    """A copy of the file changed as an attacker would: triggers dropped, rows changed with
    plain SQL, triggers put back."""
    path = folder / "tampered.db"
    shutil.copyfile(clean, path)
    db = sqlite3.connect(path)
    db.execute("PRAGMA synchronous = OFF")  # a throwaway copy: spare the disk 378 fsyncs
    try:
        triggers = db.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'trigger'"
        ).fetchall()
        for name, _ in triggers:
            db.execute(f"DROP TRIGGER {name}")
        change(db)
        for _, sql in triggers:
            db.execute(sql)
        db.commit()
    finally:
        db.close()
    return path


def rows(db: Connection) -> list[dict[str, Any]]:
    cursor = db.execute(f"SELECT {', '.join(COLUMNS)} FROM events ORDER BY campaign, seq")
    return [dict(zip(COLUMNS, values, strict=True)) for values in cursor.fetchall()]


def rewrite(db: Connection, new: list[dict[str, Any]], rehash_from: int | None = None) -> None:
    """Replace every event with ``new``; re-hash the chain from seq ``rehash_from`` on."""
    if rehash_from is not None:
        prev = GENESIS
        for row in new:
            if row["seq"] >= rehash_from:
                row.update(prev_hash=prev, hash="")
                row["hash"] = Row(**row).sealed().hash
            prev = row["hash"]
    db.execute("DELETE FROM events")
    marks = ", ".join("?" for _ in COLUMNS)
    db.executemany(
        f"INSERT INTO events ({', '.join(COLUMNS)}) VALUES ({marks})",
        [[row[c] for c in COLUMNS] for row in new],
    )


def changed_byte(value: object, column: str, rng: random.Random) -> object:
    """The value with one byte changed (NULL gets a value; a seq moves out of the way)."""
    if value is None:
        return 1 if column in ("step_number", "scenario") else "x"
    if isinstance(value, int):
        return value + 1000 if column == "seq" else value ^ 1
    text = str(value)
    at = rng.randrange(len(text))
    replacement = rng.choice([c for c in "0123456789abcdefXYZ" if c != text[at]])
    return text[:at] + replacement + text[at + 1 :]


def inert(row: dict[str, Any], column: str, undone: set[int]) -> bool:
    """Step columns no query reads: those of undo and redo events and of undone events."""
    steps = ("step_kind", "step_number", "scenario")
    return column in steps and (row["type"] in META_TYPES or row["command"] in undone)


def cases(
    clean_rows: list[dict[str, Any]], undone: set[int], rng: random.Random
) -> Iterator[tuple[str, int, Callable[[Connection], None]]]:
    """(what, the event verify must name, the change) for every tampering of the matrix."""
    count = len(clean_rows)
    for p in range(1, count + 1):
        for column in COLUMNS:

            def change(db: Connection, p: int = p, column: str = column) -> None:
                new = rows(db)
                new[p - 1][column] = changed_byte(new[p - 1][column], column, rng)
                rewrite(db, new)

            yield f"changed byte in {column}", p, change
        if p < count:  # the newest event removed leaves a shorter valid chain (docs/reliability.md)

            def remove(db: Connection, p: int = p) -> None:
                db.execute("DELETE FROM events WHERE seq = ?", [p])

            yield "removed event", p, remove

            def swap(db: Connection, p: int = p) -> None:
                new = rows(db)
                a, b = new[p - 1], new[p]
                new[p - 1], new[p] = {**b, "seq": p}, {**a, "seq": p + 1}
                rewrite(db, new)

            yield "swapped pair", p, swap
        for column, value in REHASHED.items():
            if inert(clean_rows[p - 1], column, undone):
                continue

            def forge(db: Connection, p: int = p, column: str = column, value: Any = value) -> None:
                new = rows(db)
                new[p - 1][column] = value(new[p - 1]) if callable(value) else value
                rewrite(db, new, rehash_from=p)

            yield f"re-hashed suffix after a changed {column}", p, forge

        def doubled(db: Connection, p: int = p) -> None:
            new = rows(db)
            new[p - 1]["payload"] = key_twice(new[p - 1]["payload"])
            rewrite(db, new, rehash_from=p)

        yield "re-hashed suffix after a payload with a key twice", p, doubled


def key_twice(payload: str) -> str:
    """The payload with its first key given again, same value: nothing reads it differently
    yet, but json_extract and the ledger would disagree were the values to differ."""
    key, value = next(iter(json.loads(payload).items()))
    return f"{payload[:-1]},{json.dumps(key)}:{json.dumps(value)}}}"


# What a forger who re-hashes every later event must still change to make a difference: each
# contradicts the row's payload, the fold, the rules or the chain's shape. (recorded_at,
# plugin, plugin_version and idempotency_key, re-hashed, are a valid history: docs/reliability.md.)
REHASHED: dict[str, Any] = {
    "campaign": "Other",
    "seq": lambda row: row["seq"] + 1000,
    "command": lambda row: row["seq"] + 1,
    "type": lambda row: (
        "base:stars-gained" if row["type"] != "base:stars-gained" else "base:damage-taken"
    ),
    "schema": 2,
    "step_kind": "scenario",
    "step_number": 77,
    "scenario": 77,
    "hero": "Nobody",
    "payload": lambda row: row["payload"].replace("}", ',"extra":{"deep":[1]}}', 1)[:-1] + "]",
}


def rehash(manifest: dict[str, Any], rows: Rows) -> list[str]:
    """Recompute the chain as a forger would, so only the content checks can catch it."""
    prev = GENESIS
    for row in rows:
        row.update(prev_hash=prev, hash="")
        row["hash"] = Row(**row).sealed().hash
        prev = row["hash"]
    manifest.update(events=len(rows), head_hash=prev)
    return [json.dumps(manifest), *map(json.dumps, rows)]


def payload(row: dict[str, Any], **changes: Any) -> None:
    row["payload"] = json.dumps({**json.loads(row["payload"]), **changes})


def forged_in_place(path: Path, seq: int, **changes: Any) -> None:
    """The file's event ``seq`` given other payload values and every event from it on
    re-hashed, the snapshots (caches) dropped, the triggers put back: a forgery whose chain
    is whole, which plain ``verify`` passes when the change is one the rules allow. Only a
    witness (a head remembered outside the file) tells it from the history that was."""
    db = sqlite3.connect(path)
    try:
        triggers = db.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'trigger'"
        ).fetchall()
        for name, _ in triggers:
            db.execute(f"DROP TRIGGER {name}")
        kept = rows(db)
        (row,) = [r for r in kept if r["seq"] == seq]
        payload(row, **changes)
        rewrite(db, kept, rehash_from=seq)
        db.execute("DELETE FROM snapshots")
        for _, sql in triggers:
            db.execute(sql)
        db.commit()
    finally:
        db.close()


def other_connection(db_path: Path, change: Callable[[Connection], None]) -> None:
    """``change`` made through a connection of its own, committed (as another program would)."""
    db = sqlite3.connect(db_path)
    try:
        change(db)
        db.commit()
    finally:
        db.close()


def edit_last_payload(db: Connection) -> None:
    """The last event's payload changed, its hash left (the triggers dropped and put back)."""
    triggers = db.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'events'"
    ).fetchall()
    for name, _ in triggers:
        db.execute(f"DROP TRIGGER {name}")
    seq, payload = db.execute(
        "SELECT seq, payload FROM events ORDER BY seq DESC LIMIT 1"
    ).fetchone()
    db.execute("UPDATE events SET payload = ? WHERE seq = ?", [flip_one_byte(payload), seq])
    for _, sql in triggers:
        db.execute(sql)
