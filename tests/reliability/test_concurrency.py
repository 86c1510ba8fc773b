"""Concurrency: 2 and 4 real processes recording into one campaign at once. Nothing is lost or
recorded twice, seq has no gap, and a command that lost a race is either run again against the
new state (the CLI) or refused with the typed ConflictError (the API)."""

import re
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from ledger.campaign import ATTEMPTS, Ledger, _retries
from ledger.errors import ConflictError
from ledger.service import Service
from ledger.storage import EventStore
from ledger_base_game import actions
from ledger_base_game.events import StaminaSpent, StarsGained
from ledger_cli.app import build_cli
from tests.helpers.files import assert_sound, stored
from tests.helpers.party import ZUVA, make_party
from tests.helpers.processes import CHILD, child_env, cli_args

COMMANDS = 150  # per process
CONFLICTS = re.compile(r"conflicts retried or refused: (\d+)")


def start_all(commands: list[list[str]]) -> list[subprocess.Popen[str]]:
    return [
        subprocess.Popen(
            args,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=child_env(),
        )
        for args in commands
    ]


def finish(children: list[subprocess.Popen[str]]) -> list[tuple[int, str, str]]:
    return [(child.wait(timeout=300), *child.communicate()) for child in children]


@pytest.mark.parametrize("processes", [2, 4])
def test_cli_processes_lose_and_duplicate_nothing(
    tmp_path: Path, processes: int, soak: int, record_figures: object
) -> None:
    db_path = tmp_path / "ledger.db"
    heroes = [f"Hero{p}" for p in range(processes)]
    make_party(db_path, *heroes)
    setup = len(stored(db_path))
    count = COMMANDS * soak
    cycle = ["stars gain {hero} 1", "damage {hero} 1", "heal {hero} 1", "stars spend {hero} 1"]
    batches = []
    for p, hero in enumerate(heroes):
        path = tmp_path / f"batch-{p}.txt"
        path.write_text(
            "".join(
                f"--idempotency-key p{p}-{n} {cycle[n % len(cycle)].format(hero=hero)}\n"
                for n in range(count)
            )
        )
        batches.append(cli_args(db_path, "batch", "--quiet", str(path)))
    results = finish(start_all(batches))
    retried = sum(int(m.group(1)) for _, _, err in results if (m := CONFLICTS.search(err)))
    rows = stored(db_path)[setup:]
    keys = Counter(key for *_, key in rows)
    expected = {f"p{p}-{n}" for p in range(processes) for n in range(count)}
    lost = len(expected - set(keys))
    duplicated = sum(n - 1 for n in keys.values())
    record_figures(
        f"Concurrency: {processes} CLI processes",
        **{
            "commands recorded": len(rows),
            "conflicts run again against the new state": retried,
            "lost": lost,
            "duplicated": duplicated,
        },
    )
    assert [code for code, *_ in results] == [0] * processes, results
    assert lost == duplicated == 0
    assert set(keys) == expected
    for p in range(processes):  # each process's commands in its own order
        order = [int(str(key).split("-")[1]) for *_, key in rows if str(key).startswith(f"p{p}-")]
        assert order == sorted(order)
    assert_sound(db_path)
    with Ledger.open(db_path, create=False) as ledger:
        state = ledger.campaign().state()
    for hero in heroes:  # every cycle of four leaves the Hero as it was
        assert state.hero(hero).stars == (0 if count % 4 == 0 else 1)


@pytest.mark.parametrize("processes", [2, 4])
def test_api_processes_see_every_conflict_as_conflict_error(
    tmp_path: Path, processes: int, soak: int, record_figures: object
) -> None:
    """The API does not retry: each writer catches ConflictError (any other error would end it
    with a traceback) and tries again; what it reported as recorded is exactly what is stored."""
    db_path = tmp_path / "ledger.db"
    make_party(db_path)
    setup = len(stored(db_path))
    count = COMMANDS * soak
    writers = [
        [sys.executable, str(CHILD), "api", str(db_path), "Test", "Torrax", str(count), f"w{p}"]
        for p in range(processes)
    ]
    results = finish(start_all(writers))
    assert [code for code, *_ in results] == [0] * processes, [err for *_, err in results]
    reported = {}
    conflicts = 0
    for _, out, _ in results:
        for line in out.splitlines():
            if line == "conflict":
                conflicts += 1
            else:
                _, key, seq = line.split()
                reported[key] = int(seq)
    rows = stored(db_path)[setup:]
    recorded = {str(key): seq for _, seq, _, _, key in rows}
    lost = len(set(reported) - set(recorded))
    record_figures(
        f"Concurrency: {processes} API processes",
        **{
            "commands recorded": len(rows),
            "conflicts refused as ConflictError": conflicts,
            "lost": lost,
            "duplicated": len(rows) - len(recorded),
        },
    )
    assert recorded == reported
    assert len(rows) == processes * count
    assert_sound(db_path)


def test_processes_spending_the_same_stamina_never_overspend(tmp_path: Path) -> None:
    """Zuva'Sai has 8 unspent chips and 4 processes try to spend 1 five times each: exactly 8
    spends are recorded; each process stops at the rule's refusal, however the races went."""
    db_path = tmp_path / "ledger.db"
    make_party(db_path)
    path = tmp_path / "spend.txt"
    path.write_text(f'stamina spend "{ZUVA}" 1\n' * 5)
    results = finish(start_all([cli_args(db_path, "batch", "--quiet", str(path))] * 4))
    spent = [row for row in stored(db_path) if row[3] == StaminaSpent.tag()]
    assert len(spent) == 8
    assert sum(out.count("\n#") + out.startswith("#") for _, out, _ in results) == 8
    for code, _, err in results:
        assert code == 0 or (code == 1 and "has only 0 unspent stamina" in err), err
        assert "Traceback" not in err
    assert_sound(db_path)


# A lost race, made to happen: another connection records between the read and the write.


def _race(
    monkeypatch: pytest.MonkeyPatch, db_path: Path, events: list[object], times: int
) -> list[int]:
    """The next ``times`` appends find that another writer recorded ``events`` first."""
    calls: list[bool] = []  # each of our appends: whether it held the write lock
    append = EventStore.append
    others: list[EventStore] = []

    def racing(self: EventStore, rows: Any, snapshots: Any = ()) -> None:
        if self in others:  # the other writer's own append
            return append(self, rows, snapshots)
        calls.append(self.db.conn.in_transaction)
        if len(calls) <= times:
            with Ledger.open(db_path, create=False) as other:
                others.append(other.store)
                other.campaign().record(events)  # type: ignore[arg-type]
        return append(self, rows, snapshots)

    monkeypatch.setattr(EventStore, "append", racing)
    monkeypatch.setattr(_retries.time, "sleep", lambda _: None)
    return calls


def _invoke(db_path: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(build_cli(), ["--database", str(db_path), *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_a_retried_command_is_checked_against_the_new_state(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db_path = tmp_path / "ledger.db"
    make_party(db_path)
    calls = _race(monkeypatch, db_path, [StaminaSpent(hero=ZUVA, amount=7)], times=1)
    code, output = _invoke(db_path, "stamina", "spend", ZUVA, "2")
    # It lost the race, ran again against the new state and was refused before writing:
    # the first attempt saw 8 unspent chips, so only the second can give this message.
    assert (code, calls) == (1, [False]), output
    assert "has only 1 unspent stamina; spending 2 is not allowed" in output
    assert [row[3] for row in stored(db_path)][-1] == StaminaSpent.tag()
    assert len(stored(db_path)) == 4
    assert_sound(db_path)


def test_a_retried_command_that_is_still_legal_is_recorded_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db_path = tmp_path / "ledger.db"
    make_party(db_path)
    calls = _race(monkeypatch, db_path, [StarsGained(hero="Torrax", amount=1)], times=1)
    code, output = _invoke(db_path, "--idempotency-key", "k", "stars", "gain", "Torrax", "2")
    assert (code, calls) == (0, [False, True]), output  # cannot lose twice: the lock
    assert "#5 Torrax gains 2 Stars" in output
    assert [key for *_, key in stored(db_path)].count("k") == 1
    assert_sound(db_path)


def test_a_batch_line_that_lost_a_race_runs_again_and_the_next_line_starts_optimistic(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A plain batch line (the batch's root options reused) is retried like a command."""
    db_path = tmp_path / "ledger.db"
    make_party(db_path)
    calls = _race(monkeypatch, db_path, [StarsGained(hero="Torrax", amount=1)], times=1)
    script = tmp_path / "lines.txt"
    script.write_text("stars gain Torrax 2\nstars gain Torrax 3\n")
    code, output = _invoke(db_path, "batch", "--quiet", str(script))
    # lost, then again under the lock; the next line without the lock
    assert (code, calls) == (0, [False, True, False]), output
    assert "#5 Torrax gains 2 Stars" in output
    assert "#6 Torrax gains 3 Stars" in output
    assert len(stored(db_path)) == 6
    assert_sound(db_path)


def test_expect_seq_conflict_is_the_users_and_not_retried(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db_path = tmp_path / "ledger.db"
    make_party(db_path)
    calls = _race(monkeypatch, db_path, [StarsGained(hero="Torrax", amount=1)], times=1)
    code, output = _invoke(db_path, "--expect-seq", "3", "stars", "gain", "Torrax", "2")
    assert (code, calls) == (1, [False]), output
    assert "changed while this command was being recorded" in output
    assert len(stored(db_path)) == 4  # only the other writer's event


def test_a_conflict_that_keeps_happening_surfaces_as_exit_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db_path = tmp_path / "ledger.db"
    make_party(db_path)
    calls = []

    def always_taken(self: EventStore, rows: Any, snapshots: Any = ()) -> None:
        calls.append(self.db.conn.in_transaction)  # True: run again under the write lock
        raise ConflictError("campaign 'Test' changed while this command was being recorded")

    monkeypatch.setattr(EventStore, "append", always_taken)
    monkeypatch.setattr(_retries.time, "sleep", lambda _: None)
    code, output = _invoke(db_path, "stars", "gain", "Torrax", "2")
    assert code == 1, output
    assert calls == [False] + [True] * (ATTEMPTS - 1)
    assert "Error: campaign 'Test' changed while this command was being recorded" in output
    assert "Traceback" not in output
    assert len(stored(db_path)) == 3
    assert_sound(db_path)


WRITES_DURING_A_BATCH = 20


def test_another_writer_gets_in_while_a_batch_runs(tmp_path: Path, record_figures: object) -> None:
    """A batch's lines share transactions, each holding the write lock for at most
    GroupCommit.HOLD_SECONDS (ledger/storage/_held.py): another process recording meanwhile
    gets in between two of them, well within its busy timeout (one second here; five by
    default), and finds the batch's lines whole."""
    db_path = tmp_path / "ledger.db"
    make_party(db_path)
    setup = len(stored(db_path))
    script = tmp_path / "long.txt"
    script.write_text("stars gain Torrax 1\nstars spend Torrax 1\n" * 5_000)
    batch = subprocess.Popen(
        cli_args(db_path, "batch", "--quiet", str(script)),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=child_env(),
    )
    waits: list[float] = []
    try:
        counting = sqlite3.connect(db_path)
        deadline = time.monotonic() + 120
        while counting.execute("SELECT count(*) FROM events").fetchone()[0] < setup + 200:
            assert batch.poll() is None, batch.communicate()[1]
            assert time.monotonic() < deadline, "the batch never got under way"
            time.sleep(0.01)
        counting.close()
        with Service(db_path) as table:
            table.ledger().db.set_busy_timeout(1000)
            for _ in range(WRITES_DURING_A_BATCH):
                began = time.monotonic()
                table.do(actions.gain_stars, hero=ZUVA, amount=1)
                waits.append(time.monotonic() - began)
        running = batch.poll() is None
    finally:
        code, errors = batch.wait(timeout=600), batch.communicate()[1]
    assert code == 0, errors
    assert running, "the batch ended before the other writer was done: nothing was proved"
    rows = stored(db_path)
    assert len(rows) == setup + 10_000 + WRITES_DURING_A_BATCH
    assert_sound(db_path)
    with Ledger.open(db_path, create=False) as ledger:
        state = ledger.campaign().state()
    assert (state.hero("Torrax").stars, state.hero(ZUVA).stars) == (0, WRITES_DURING_A_BATCH)
    record_figures(
        "Concurrency: a writer during a batch",
        **{"commands recorded": len(waits), "longest wait (ms)": round(max(waits) * 1000)},
    )
