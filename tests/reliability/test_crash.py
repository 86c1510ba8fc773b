"""Crash: a real `batch` process killed with SIGKILL at random moments, again and again on the
same file. Every command it acknowledged (printed ``#SEQ ...`` after the commit) is there,
every command is whole, and the file passes ``PRAGMA integrity_check`` and ``verify``."""

import random
import re
import signal
import subprocess
import time
from pathlib import Path

from tests.reliability.helpers import ZUVA, assert_sound, child_env, cli_args, make_party, stored

KILLS = 20
# Legal in this order, forever: each cycle leaves the party as it found it.
CYCLE = [
    "stars gain Torrax 1",
    "damage Torrax 1",
    f'stamina spend "{ZUVA}" 1',
    "undo",
    "redo",
    "heal Torrax 1",
    f'stamina restore "{ZUVA}" 1',
    "condition add Torrax Cursed",
    "condition remove Torrax Cursed",
    'item gain Torrax "Potion of Healing"',
    'item discard Torrax "Potion of Healing"',
    "stars spend Torrax 1",
]
ACK = re.compile(r"#(\d+) ")
ECHO = re.compile(r"» --idempotency-key (c\d+) ")


def script(start: int, count: int) -> str:
    """Commands start..start+count of the endless cycle, each under its own key ``cN``."""
    return "".join(
        f"--idempotency-key c{n} {CYCLE[n % len(CYCLE)]}\n" for n in range(start, start + count)
    )


def acknowledged(output: str) -> dict[str, int]:
    """Key: seq of every command whose acknowledgement line was printed whole."""
    acks, current = {}, None
    for line in output.splitlines(keepends=True):
        if not line.endswith("\n"):
            break  # cut by the kill
        if echoed := ECHO.match(line):
            current = echoed.group(1)
        elif (ack := ACK.match(line)) and current is not None:
            acks[current] = int(ack.group(1))
    return acks


def kill_at_random(db_path: Path, out: Path, start: int, rng: random.Random, early: bool) -> str:
    """Start a batch that would run long, SIGKILL it at a random moment, return its output."""
    commands = out.with_suffix(".batch")
    commands.write_text(script(start, 2000))
    with out.open("w") as stdout:
        child = subprocess.Popen(
            cli_args(db_path, "batch", str(commands)),
            stdout=stdout,
            stderr=subprocess.DEVNULL,
            env=child_env(),
        )
        if not early:  # most kills land once commands are being recorded
            deadline = time.monotonic() + 30
            while "#" not in out.read_text() and child.poll() is None:
                assert time.monotonic() < deadline, "the batch never acknowledged a command"
                time.sleep(0.005)
        time.sleep(rng.uniform(0, 0.25))
        child.send_signal(signal.SIGKILL)
        assert child.wait(timeout=30) == -signal.SIGKILL, "the batch ended before the kill"
    return out.read_text()


def test_sigkill_during_batch_loses_no_acknowledged_command(
    tmp_path: Path, soak: int, record_figures: object
) -> None:
    db_path = tmp_path / "ledger.db"
    make_party(db_path, snapshot_interval=100)
    setup = len(stored(db_path))
    rng = random.Random()
    acked: dict[str, int] = {}
    lost, half_written, kills = 0, 0, 0
    keys: list[str] = []
    for round_ in range(KILLS * soak):
        start = len([row for row in stored(db_path) if row[4] is not None])
        output = kill_at_random(
            db_path, tmp_path / f"out-{round_}.txt", start, rng, round_ % 4 == 0
        )
        kills += 1
        acked.update(acknowledged(output))
        assert_sound(db_path)  # integrity_check, no gap, verify
        rows = stored(db_path)[setup:]
        keys = [str(key) for *_, key in rows]
        # Commands run in order and each is one event: the keys are c0, c1, ... once each.
        assert keys == [f"c{n}" for n in range(len(rows))], "a command is missing or repeated"
        seqs = {key: seq for _, seq, _, _, key in rows}
        lost += sum(1 for key, seq in acked.items() if seqs.get(key) != seq)
        half_written += sum(1 for _, seq, command, *_ in rows if command != seq)
        assert lost == 0, f"acknowledged commands are missing after kill {kills}"
        assert half_written == 0
    record_figures(
        "Crash: SIGKILL during batch",
        **{
            "kills survived": kills,
            "acknowledged commands": len(acked),
            "committed but killed before the acknowledgement": len(set(keys) - set(acked)),
            "lost": lost,
            "half-written": half_written,
        },
    )
    assert len(acked) >= kills // 2, "too few commands were acknowledged to prove anything"
