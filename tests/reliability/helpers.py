"""What the reliability tests share: a party ledger, child processes, and the checks a file
must pass after anything happened to it."""

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from ledger.campaign import Ledger
from ledger.storage import sqlite3
from ledger.verification import verify
from ledger_base_game.events import HeroJoined

CHILD = Path(__file__).with_name("child.py")
ZUVA = "Zuva'Sai"


def make_party(
    path: Path, *heroes: str, snapshot_interval: int = 100, campaign: str = "Test"
) -> None:
    """A campaign "Test" with Zuva'Sai (8 chips) and Torrax (10), plus any ``heroes`` (10)."""
    with Ledger.open(path, snapshot_interval=snapshot_interval) as ledger:
        party = ledger.create_campaign(campaign)
        stats = {"might": 2, "agility": 2, "will": 2, "taunt": 3}
        party.record([HeroJoined(hero=ZUVA, chips=8, wounded_chips=4, **stats)])
        for name in ("Torrax", *heroes):
            party.record([HeroJoined(hero=name, chips=10, wounded_chips=5, **stats)])


def cli_args(db_path: Path, *args: str) -> list[str]:
    """A real ``campaign-ledger`` process (through child.py, which also counts conflicts)."""
    return [sys.executable, str(CHILD), "cli", "--database", str(db_path), *args]


def run(args: Sequence[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args, input=stdin, capture_output=True, text=True, timeout=120, env=child_env()
    )


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


def child_env() -> dict[str, str]:
    return {**os.environ, "PYTHONUNBUFFERED": "1"}
