"""Tampering: whoever has the file can drop the append-only triggers, change the events and put
the triggers back. For every column at every position, a removed event, a swapped pair and a
re-hashed suffix, `verify` names the first bad event; and it raises no false alarm on 1,000
clean random histories."""

import random
import re
import shutil
from pathlib import Path
from typing import Any

import msgspec
import pytest

from ledger.campaign import Ledger
from ledger.hosting import Registry
from ledger.storage import sqlite3
from ledger.verification import Problem, verify
from ledger.verification import _forked as forked
from ledger.verification import _rows as verify_rows
from ledger_base_game.events import (
    DamageHealed,
    DamageTaken,
    HeroJoined,
    StaminaSpent,
    StarsGained,
    StarsSpent,
    StepStarted,
)
from tests.helpers.campaigns import random_history
from tests.helpers.party import ZUVA
from tests.helpers.tampering import around_snapshot_triggers, cases, tampered

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


def test_no_false_alarm_on_clean_random_histories(
    tmp_path: Path, registry: Registry, soak: int, record_figures: Any
) -> None:
    rng = random.Random()
    histories = CLEAN_HISTORIES * soak
    with Ledger.open(tmp_path / "clean.db", registry, snapshot_interval=3) as ledger:
        with ledger.write_lock():  # one transaction: this test is about verify, not fsync
            events = sum(random_history(ledger, f"H{n}", rng) for n in range(histories))
        found = verify(ledger)
    record_figures(
        "Tampering: clean random histories",
        **{"histories": histories, "events": events, "false alarms": len(found)},
    )
    assert found == []


def schema_cases(path: Path) -> list[tuple[str, str]]:
    """(what, SQL) for each change to the file's schema or snapshots a forger could make
    around the triggers: a trigger's body changed, a foreign object, a snapshot past the
    head (what verify must name)."""
    db = sqlite3.connect(path)
    triggers = db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").fetchall()
    fingerprint, state, head = db.execute(
        "SELECT fingerprint, state, (SELECT MAX(seq) FROM events) FROM snapshots LIMIT 1"
    ).fetchone()
    db.close()
    found = []
    for name, sql in triggers:
        guarded = re.sub(r"\bBEGIN\b", "WHEN 0 BEGIN", sql, count=1)
        if re.search(r"\bWHEN\b", sql):
            guarded = re.sub(r"\bWHEN\b", "WHEN 0 AND", sql, count=1)
        found.append((f"changed body of {name}", f"DROP TRIGGER {name}; {guarded}"))
    found += [
        ("foreign table", "CREATE TABLE notes (text TEXT)"),
        ("foreign view", "CREATE VIEW rich AS SELECT * FROM snapshots"),
        ("foreign index", "CREATE INDEX events_hero ON events (hero)"),
        ("foreign trigger", "CREATE TRIGGER more AFTER INSERT ON events BEGIN SELECT 1; END"),
    ]
    for seq in (head + 1, head + 5, head + 1000):
        found.append(
            (
                f"snapshot past the head at #{seq}",
                f"INSERT INTO snapshots VALUES ('Test', {seq}, 0, '{fingerprint}', "
                f"'{state.replace(chr(39), chr(39) * 2)}')",
            )
        )
    return found


def test_verify_names_every_schema_and_snapshot_tampering(
    clean: Path, tmp_path: Path, registry: Registry, record_figures: Any
) -> None:
    missed = []
    cases = schema_cases(clean)
    for what, sql in cases:
        path = tmp_path / "schema.db"
        shutil.copyfile(clean, path)
        db = sqlite3.connect(path)
        if what.startswith("snapshot"):
            around_snapshot_triggers(db, sql)  # put back as they were
        else:
            db.executescript(sql)
        db.commit()
        db.close()
        with Ledger.open(path, registry, create=False) as ledger:
            found = [str(problem) for problem in verify(ledger)]
        if len(found) != 1:  # named, and nothing else
            missed.append(f"{what}: {found}")
    record_figures(
        "Tampering: schema and snapshots",
        **{"tamperings": len(cases), "detected": len(cases) - len(missed), "missed": len(missed)},
    )
    assert not missed, missed
