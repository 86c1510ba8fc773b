"""An import reads and proves its next page on a second thread while this one writes the page
before: the same file written, or the same refusal with nothing written, as reading it here;
the thread ends with the import, however it ends (Ctrl-C too). And ``overlapped`` itself."""

import json
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

from ledger import _overlap, exchange
from ledger._overlap import overlapped
from ledger.campaign import Ledger
from ledger.hosting import Registry
from ledger.storage import EventStore
from tests.helpers.cli import Invoke
from tests.helpers.files import rows_of

WAIT = 10.0  # seconds: only a failing test waits this long


def helpers() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name == "ledger-overlap"]


# overlapped


def test_items_come_in_order_and_the_helper_ends_with_the_block() -> None:
    with overlapped(iter(range(100)), ahead=2) as items:
        assert list(items) == list(range(100))
    assert helpers() == []


def test_the_helper_runs_ahead_of_the_consumer() -> None:
    second = threading.Event()

    def produced() -> Iterator[int]:
        yield 1
        second.set()
        yield 2

    with overlapped(produced()) as items:
        assert next(items) == 1
        assert second.wait(WAIT)  # made while this thread still holds the first
        assert list(items) == [2]


def test_an_error_of_the_generator_is_raised_in_its_place() -> None:
    def failing() -> Iterator[int]:
        yield 1
        yield 2
        raise ValueError("line 3: not an event row")

    taken: list[int] = []
    with overlapped(failing()) as items, pytest.raises(ValueError, match="line 3"):
        taken.extend(items)
    assert taken == [1, 2]
    assert helpers() == []


@pytest.mark.parametrize("error", [KeyboardInterrupt, RuntimeError])
def test_the_consumer_leaving_stops_and_joins_a_helper_waiting_for_room(
    error: type[BaseException],
) -> None:
    closed = threading.Event()

    def endless() -> Iterator[int]:
        try:
            n = 0
            while True:
                n += 1
                yield n
        finally:
            closed.set()

    def leave_after_one() -> None:
        with overlapped(endless(), ahead=1) as items:
            next(items)
            raise error

    with pytest.raises(error):
        leave_after_one()
    assert helpers() == []
    assert closed.is_set()  # the generator's cleanup ran


def test_without_threads_the_generator_is_consumed_here(monkeypatch: pytest.MonkeyPatch) -> None:
    def start(_: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(_overlap._Helper, "start", start)
    seen = []

    def produced() -> Iterator[int]:
        for n in range(3):
            seen.append(threading.current_thread())
            yield n

    with overlapped(produced()) as items:
        assert list(items) == [0, 1, 2]
    assert seen == [threading.main_thread()] * 3


# Import


@pytest.fixture
def exported(party: Invoke, tmp_path: Path) -> Path:
    for _ in range(6):
        party("damage", "Torrax", "1")
        party("heal", "Torrax", "1")
    path = tmp_path / "party.ndjson"
    party("export", str(path))
    assert len(path.read_text().splitlines()) == 16  # the manifest and 15 events
    return path


def damaged(exported: Path, tmp_path: Path, seq: int) -> Path:
    """Event ``seq``'s payload changed, not re-hashed: its hash no longer matches."""
    lines = exported.read_text().splitlines(keepends=True)
    row = json.loads(lines[seq])
    row["payload"] = row["payload"].replace('"amount":1', '"amount":2')
    lines[seq] = json.dumps(row, separators=(",", ":")) + "\n"
    path = tmp_path / "damaged.ndjson"
    path.write_text("".join(lines))
    return path


@pytest.fixture
def import_into(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Callable[..., Result]:
    """``import_into(target, file, second_thread=...)`` through the CLI, in pages of 4."""
    monkeypatch.setattr(exchange, "PAGE", 4)

    def run(target: Path, file: Path, *, second_thread: bool) -> Result:
        with monkeypatch.context() as patch:
            patch.setattr(exchange, "_second_cpu", lambda: second_thread)
            return invoke("--database", str(target), "import", str(file))

    return run


def test_a_damage_found_while_a_page_is_written_refuses_the_file_as_reading_here_does(
    exported: Path,
    tmp_path: Path,
    import_into: Callable[..., Result],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first page is written only once the other thread has read the damaged row, in the
    fourth page: the refusal and what is left are those of reading the file here."""
    file = damaged(exported, tmp_path, 14)
    expected = import_into(tmp_path / "here.db", file, second_thread=False)
    assert expected.exit_code == 1
    assert "event #14: its content does not match its hash" in expected.output

    reached, overlapping = threading.Event(), []
    read_row, append = exchange._row, EventStore.append

    def reading(number: int, line: str, unambiguous: set[str]) -> Any:
        if number == 15:  # the damaged row's line (the manifest is line 1)
            reached.set()
        return read_row(number, line, unambiguous)

    def writing(store: EventStore, rows: Any, *args: Any, **kwargs: Any) -> None:
        if rows and rows[0].seq == 1:
            overlapping.append(reached.wait(WAIT))
        append(store, rows, *args, **kwargs)

    monkeypatch.setattr(exchange, "_row", reading)
    monkeypatch.setattr(EventStore, "append", writing)
    target = tmp_path / "target.db"
    refused = import_into(target, file, second_thread=True)
    assert overlapping == [True]
    assert refused.exit_code == 1
    assert refused.output == expected.output
    assert rows_of(target) == []
    assert helpers() == []


def test_ctrl_c_while_a_page_is_written_leaves_nothing_and_no_thread(
    exported: Path, registry: Registry, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(exchange, "PAGE", 4)
    monkeypatch.setattr(exchange, "_second_cpu", lambda: True)
    append, started = EventStore.append, []

    def interrupted(store: EventStore, rows: Any, *args: Any, **kwargs: Any) -> None:
        started.extend(helpers())
        if rows and rows[0].seq == 5:
            raise KeyboardInterrupt
        append(store, rows, *args, **kwargs)

    monkeypatch.setattr(EventStore, "append", interrupted)
    target = tmp_path / "target.db"
    with Ledger.open(target, registry) as ledger, exported.open("rb") as file:
        with pytest.raises(KeyboardInterrupt):
            exchange.import_campaign(ledger, file)
        assert not ledger.in_transaction()
    assert started  # the pages were read on the other thread
    assert helpers() == []
    assert rows_of(target) == []


def test_a_pipe_is_read_on_this_thread(
    exported: Path, registry: Registry, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pipe's writer may stall, and a thread blocked reading it could not be stopped."""
    monkeypatch.setattr(exchange, "_second_cpu", lambda: True)
    monkeypatch.setattr(exchange, "overlapped", lambda *_: pytest.fail("read on a thread"))
    read, write = os.pipe()
    os.write(write, exported.read_bytes())  # less than a pipe holds
    os.close(write)
    with Ledger.open(tmp_path / "target.db", registry) as ledger, open(read, "rb") as pipe:
        assert exchange.import_campaign(ledger, pipe).head().seq == 15
