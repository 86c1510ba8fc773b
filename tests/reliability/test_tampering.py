"""Tampering: whoever has the file can drop the append-only triggers, change the events and put
the triggers back. For every column at every position, a removed event, a swapped pair and a
re-hashed suffix, `verify` names the first bad event; and it raises no false alarm on 1,000
clean random histories."""

import contextlib
import random
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

from ledger.campaign import Ledger
from ledger.errors import LedgerError
from ledger.hosting import Registry
from ledger.model import META_TYPES
from ledger.storage import COLUMNS, GENESIS, Row, sqlite3
from ledger.verification import Problem, verify
from ledger.verification import _forked as forked
from ledger.verification import _rows as verify_rows
from ledger_base_game.events import (
    DamageHealed,
    DamageTaken,
    HeroJoined,
    ScenarioEnded,
    StaminaRestored,
    StaminaSpent,
    StarsGained,
    StarsSpent,
    StepStarted,
)
from tests.reliability.helpers import ZUVA

Connection = Any
CLEAN_HISTORIES = 1000


def _history(ledger: Ledger) -> None:
    campaign = ledger.create_campaign("Test")  # 1
    stats = {"might": 2, "agility": 2, "will": 2, "taunt": 3}
    campaign.record([HeroJoined(hero=ZUVA, chips=8, wounded_chips=4, **stats)])  # 2
    campaign.record([HeroJoined(hero="Torrax", chips=10, wounded_chips=5, **stats)])  # 3
    campaign.record([StepStarted(kind="city")])  # 4
    campaign.record([DamageTaken(hero="Torrax", amount=2)])  # 5
    campaign.record([StarsGained(hero="Torrax", amount=3)], idempotency_key="k6")  # 6
    campaign.record([StaminaSpent(hero=ZUVA, amount=2)])  # 7
    campaign.undo()  # 8
    campaign.redo()  # 9
    campaign.record([DamageTaken(hero=ZUVA, amount=1)])  # 10
    campaign.record([StepStarted(kind="journey")])  # 11
    campaign.record([StarsSpent(hero="Torrax", amount=1)])  # 12
    campaign.undo()  # 13
    campaign.record([DamageHealed(hero="Torrax", amount=1)])  # 14


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("clean") / "clean.db"
    with Ledger.open(path, snapshot_interval=4) as ledger:
        _history(ledger)
        assert verify(ledger) == []
    return path  # closed: the WAL is checkpointed into the file, which is all there is


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


def names(problem: Problem, p: int) -> bool:
    """Whether a problem is about event ``p``: that row, or the gap where it is missing."""
    return problem.seq == p or problem.message.startswith(f"expected event #{p} here")


def verdict(path: Path, registry: Registry, p: int) -> str | None:
    """None if verify names event ``p`` and finds nothing wrong before it, else what it said."""
    with Ledger.open(path, registry, create=False) as ledger:
        found = verify(ledger)
    early = [x for x in found if x.seq is not None and x.seq < p]
    if any(names(x, p) for x in found) and not early:
        return None
    return "; ".join(map(str, found)) or "ok"


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
        if p < count:  # the newest event removed leaves a shorter valid chain (README)

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


# What a forger who re-hashes every later event must still change to make a difference: each
# contradicts the row's payload, the fold, the rules or the chain's shape. (recorded_at,
# plugin, plugin_version and idempotency_key, re-hashed, are a valid history: README.)
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


@pytest.fixture(params=["one process", "two processes"])
def processes(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """verify on one process, or with the chain and history checked by a forked child (as a
    long campaign is); each child started, with the answer it gave (or "unheard": the first
    half already failed, so its answer was not needed)."""
    answers: list[object] = []
    if request.param == "two processes":
        monkeypatch.setattr(verify_rows, "PARALLEL_FROM", 1)
        monkeypatch.setattr(forked, "can_fork", lambda: True)  # xdist runs threads
        result, start = forked.Child.result, forked.Child.__init__

        def started(child: forked.Child, pid: int, pipe: int) -> None:
            start(child, pid, pipe)
            answers.append("unheard")

        def spy(child: forked.Child, kind: Any) -> Any:
            answers[-1] = result(child, kind)
            return answers[-1]

        monkeypatch.setattr(forked.Child, "__init__", started)
        monkeypatch.setattr(forked.Child, "result", spy)
    return answers


def test_verify_names_the_first_bad_event_for_every_tampering(
    clean: Path, tmp_path: Path, registry: Registry, record_figures: Any, processes: list[object]
) -> None:
    with Ledger.open(clean, create=False) as ledger:
        undone = set(ledger.campaign().history().reverted())
        clean_rows = [msgspec.structs.asdict(row) for row in ledger.store.rows("Test")]
    missed = []
    tried = 0
    for what, p, change in cases(clean_rows, undone, random.Random(7)):
        tried += 1
        said = verdict(tampered(clean, tmp_path, change), registry, p)
        if said is not None:
            missed.append(f"{what} at #{p}: verify said {said}")
    if processes:  # most were split at a snapshot, and every child asked answered
        assert len(processes) > tried // 2
        assert None not in processes
        assert any(answer != "unheard" for answer in processes)
    record_figures(
        "Tampering: verify names the first bad event" + (" (two processes)" if processes else ""),
        **{
            "tamperings": tried,
            "detected at the right event": tried - len(missed),
            "missed": len(missed),
        },
    )
    assert not missed, "\n".join(missed)


def _random_history(ledger: Ledger, name: str, rng: random.Random) -> int:
    """A campaign of random commands, legal or not (a refused one writes nothing)."""
    campaign = ledger.create_campaign(name)
    stats = {"might": 1, "agility": 1, "will": 1, "taunt": 1}
    heroes = [ZUVA, "Torrax"]
    for hero in heroes:
        campaign.record([HeroJoined(hero=hero, chips=6, wounded_chips=3, **stats)])
    moves: list[Callable[[], object]] = [
        lambda: campaign.record([DamageTaken(hero=rng.choice(heroes), amount=rng.randint(1, 4))]),
        lambda: campaign.record([DamageHealed(hero=rng.choice(heroes), amount=rng.randint(1, 3))]),
        lambda: campaign.record([StaminaSpent(hero=rng.choice(heroes), amount=rng.randint(1, 3))]),
        lambda: campaign.record([StaminaRestored(hero=rng.choice(heroes), amount=2)]),
        lambda: campaign.record([StarsGained(hero=rng.choice(heroes), amount=rng.randint(1, 5))]),
        lambda: campaign.record([StarsSpent(hero=rng.choice(heroes), amount=rng.randint(1, 3))]),
        lambda: campaign.record([StepStarted(kind=rng.choice(["city", "journey"]))]),
        lambda: campaign.record([StepStarted(kind="scenario", scenario=rng.randint(1, 3))]),
        lambda: campaign.record([ScenarioEnded()]),
        lambda: campaign.undo(rng.randint(1, 2)),
        lambda: campaign.redo(),
    ]
    for _ in range(rng.randint(2, 9)):
        with contextlib.suppress(LedgerError):  # refused: nothing written, verify must agree
            rng.choice(moves)()
    return campaign.head().seq


def test_no_false_alarm_on_clean_random_histories(
    tmp_path: Path, registry: Registry, soak: int, record_figures: Any
) -> None:
    rng = random.Random()
    histories = CLEAN_HISTORIES * soak
    with Ledger.open(tmp_path / "clean.db", registry, snapshot_interval=3) as ledger:
        with ledger.write_lock():  # one transaction: this test is about verify, not fsync
            events = sum(_random_history(ledger, f"H{n}", rng) for n in range(histories))
        found = verify(ledger)
    record_figures(
        "Tampering: clean random histories",
        **{"histories": histories, "events": events, "false alarms": len(found)},
    )
    assert found == []
