"""Crash: a real process recording commands is killed with SIGKILL at random moments, again
and again on the same file. Every command it acknowledged (printed after the commit) is
there, every command is whole, and the file passes ``PRAGMA integrity_check`` and ``verify``
with no gap in seq."""

import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from tests.helpers.files import assert_sound, stored
from tests.helpers.party import ZUVA, make_party
from tests.helpers.processes import CHILD, child_env, cli_args

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
    """Key: seq of every command whose acknowledgement line was printed whole: ``#SEQ ...``
    after the batch's echo of the line, or the API writer's ``ok KEY SEQ``."""
    acks, current = {}, None
    for line in output.splitlines(keepends=True):
        if not line.endswith("\n"):
            break  # cut by the kill
        if echoed := ECHO.match(line):
            current = echoed.group(1)
        elif (ack := ACK.match(line)) and current is not None:
            acks[current] = int(ack.group(1))
        elif line.startswith("ok "):
            _, key, seq = line.split()
            acks[key] = int(seq)
    return acks


def kill_at_random(
    args: list[str],
    out: Path,
    rng: random.Random,
    early: bool,
    ready: Callable[[str], object] = acknowledged,
) -> str:
    """Start a writer that would run long, SIGKILL it at a random moment (unless ``early``,
    once its output is ``ready``), return its output."""
    errors = out.with_suffix(".stderr")
    with out.open("w") as stdout, errors.open("w") as stderr:
        child = subprocess.Popen(args, stdout=stdout, stderr=stderr, env=child_env())
        if not early:  # most kills land once commands are being recorded
            deadline = time.monotonic() + 30
            while not ready(out.read_text()) and child.poll() is None:
                assert time.monotonic() < deadline, "the writer never acknowledged a command"
                time.sleep(0.005)
        time.sleep(rng.uniform(0, 0.25))
        child.send_signal(signal.SIGKILL)
        code = child.wait(timeout=30)
        assert code == -signal.SIGKILL, f"the writer ended ({code}) first: {errors.read_text()}"
    return out.read_text()


def commands(path: Path) -> list[tuple[str | None, int, int]]:
    """(key, first seq, number of events) of every command recorded under a key."""
    found: list[tuple[str, str | None, int, int]] = []
    for campaign, seq, command, _, key in stored(path):
        if command == seq:
            found.append((campaign, key, seq, 1))
            continue
        assert found, f"event #{seq} continues no command"
        last_campaign, last_key, first, events = found[-1]
        assert (last_campaign, first) == (campaign, command), f"#{seq} continues no command"
        found[-1] = (campaign, last_key, first, events + 1)
    return [(key, seq, events) for _, key, seq, events in found if key is not None]


def test_sigkill_during_writes_loses_no_acknowledged_command(
    tmp_path: Path, soak: int, record_figures: object
) -> None:
    """Two rounds in three kill a `batch` of CLI commands (one event each, keys c0, c1...),
    the third a Python API writer recording commands of four events (keys aROUND-N) into
    another campaign of the file (so the batch's undo and redo stay its own)."""
    db_path = tmp_path / "ledger.db"
    make_party(db_path)
    make_party(db_path, campaign="Other")
    rng = random.Random()
    acked: dict[str, int] = {}
    lost, half_written, kills = 0, 0, 0
    found: list[tuple[str | None, int, int]] = []
    for round_ in range(KILLS * soak):
        out = tmp_path / f"out-{round_}.txt"
        if round_ % 3 == 2:
            args = [sys.executable, str(CHILD), "api", str(db_path), "Other", "Torrax", "9999"]
            args += [f"a{round_}", "whole"]
        else:
            batch = out.with_suffix(".batch")
            batch.write_text(script(sum(1 for key, *_ in found if str(key)[0] == "c"), 2000))
            args = cli_args(db_path, "--campaign", "Test", "batch", str(batch))
        acked.update(acknowledged(kill_at_random(args, out, rng, early=round_ % 4 == 0)))
        kills += 1
        assert_sound(db_path)  # integrity_check, no gap, verify
        found = commands(db_path)
        size = {"c": 1, "a": 4}
        half_written = sum(1 for key, _, events in found if events != size[str(key)[0]])
        first_seq = {key: seq for key, seq, _ in found}
        lost = sum(1 for key, seq in acked.items() if first_seq.get(key) != seq)
        # Each writer's commands in order, each once: c0, c1, ... and aR-0, aR-1, ...
        writers: dict[str, list[str]] = {}
        for key, *_ in found:
            writer = str(key).rsplit("-", 1)[0] if "-" in str(key) else "c"
            writers.setdefault(writer, []).append(str(key))
        for writer, keys in writers.items():
            names = [f"c{n}" if writer == "c" else f"{writer}-{n}" for n in range(len(keys))]
            assert keys == names, f"a command is missing or recorded twice after kill {kills}"
        assert lost == 0, f"acknowledged commands are missing after kill {kills}"
        assert half_written == 0, f"a command is not whole after kill {kills}"
    record_figures(
        "Crash: SIGKILL while recording",
        **{
            "kills survived": kills,
            "acknowledged commands": len(acked),
            "committed but killed before the acknowledgement": len(first_seq) - len(acked),
            "lost": lost,
            "half-written": half_written,
        },
    )
    assert len(acked) >= kills // 2, "too few commands were acknowledged to prove anything"


PLAIN_KILLS = 6
PLAIN = re.compile(r"^#(\d+) (.*)", re.MULTILINE)


def test_sigkill_during_a_batch_of_plain_lines_loses_no_acknowledged_line(
    tmp_path: Path, soak: int, record_figures: object
) -> None:
    """Lines without options of their own take the batch's quick path (the root options
    parsed once, group commit): every ``#SEQ`` acknowledgement printed names an event that is
    in the file after the kill, of the kind the line recorded."""
    db_path = tmp_path / "ledger.db"
    make_party(db_path)
    rng = random.Random()
    plain = [line for line in CYCLE if line not in ("undo", "redo")]
    acked, lost, kills = 0, 0, 0
    for round_ in range(PLAIN_KILLS * soak):
        out = tmp_path / f"plain-{round_}.txt"
        batch = out.with_suffix(".batch")
        batch.write_text("".join(f"{plain[n % len(plain)]}\n" for n in range(3000)))
        args = cli_args(db_path, "--campaign", "Test", "batch", "--quiet", str(batch))
        output = kill_at_random(args, out, rng, early=False, ready=PLAIN.search)
        kills += 1
        assert_sound(db_path)
        types = {seq: kind for campaign, seq, _, kind, _ in stored(db_path) if campaign == "Test"}
        for line in output.splitlines(keepends=True):
            if (ack := PLAIN.match(line)) and line.endswith("\n"):
                acked += 1
                seq, said = int(ack.group(1)), ack.group(2)
                lost += seq not in types
                if "takes" in said and seq in types:
                    assert types[seq] == "base:damage-taken", (seq, said)
        assert lost == 0, f"acknowledged lines are missing after kill {kills}"
    record_figures(
        "Crash: SIGKILL during a batch of plain lines",
        **{"kills survived": kills, "acknowledged lines": acked, "lost": lost},
    )
    assert acked >= kills, "too few lines were acknowledged to prove anything"
