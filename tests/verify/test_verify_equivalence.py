"""Whatever was tampered with, verify on two processes answers exactly as on one: the fast
paths of the chain, history and fold checks, and a child resuming half-way after undos and
redos, accept only what the exact per-row checks accept."""

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest

from ledger.campaign import Ledger, Projector
from ledger.hosting import Registry
from ledger.model import Redone, Undone
from ledger.storage import _store
from ledger.verification import Problem, verify
from ledger.verification import _forked as forked
from ledger.verification import _rows as verify_rows
from ledger.verification._handover import Handover
from ledger.verification._segments import Found
from ledger.verification._snapshots import SnapshotVerifier
from ledger_base_game import actions
from ledger_base_game.events import (
    CheckGemSpent,
    CheckMade,
    GemsGained,
    HeroJoined,
    StarsGained,
    StarsSpent,
    StepStarted,
)
from tests.helpers.tampering import cases, rewrite, rows, tampered

HEROES = ("Venia", "Torrax")
TAMPERINGS = 60
SPLIT = 25  # the snapshot nearest verify_rows.SHARE of the 49 events


def _history(ledger: Ledger, rng: random.Random) -> None:
    """Commands of one or two events, a City step, and right after the snapshot at the split
    an undo of the three commands before it and their redos: the child, resuming there,
    checks an undo that names commands of the first half (and folds from that snapshot,
    which is of the current history again once they are redone)."""
    campaign = ledger.create_campaign("Test")
    for hero in HEROES:
        stats = {"might": 2, "agility": 2, "will": 2, "taunt": 3}
        campaign.record([HeroJoined(hero=hero, chips=8, wounded_chips=4, **stats)])
    campaign.record([StepStarted(kind="city")])

    def command(events: int) -> None:
        hero = rng.choice(HEROES)
        if events == 1:
            campaign.record([StarsGained(hero=hero, amount=1)])
        else:
            campaign.record([StarsGained(hero=hero, amount=2), StarsSpent(hero=hero, amount=1)])

    while campaign.head().seq < SPLIT:
        command(1 if campaign.head().seq == SPLIT - 1 else rng.choice([1, 2]))
    campaign.undo(3)
    for _ in range(3):
        campaign.redo()
    while campaign.head().seq < 2 * SPLIT - 1:
        command(1 if campaign.head().seq == 2 * SPLIT - 2 else rng.choice([1, 2]))


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("equivalence") / "clean.db"
    with Ledger.open(path, snapshot_interval=5) as ledger:
        _history(ledger, random.Random(5))
        campaign = ledger.campaign("Test")
        head, history = campaign.head().seq, campaign.history()
        snapshots = SnapshotVerifier(Projector(ledger.store, ledger.registry, "Test"), history)
        assert (head, verify_rows._split(head, snapshots)) == (2 * SPLIT - 1, SPLIT)
        assert history.metas[0].seq == SPLIT + 1
        assert min(history.metas[0].commands) < SPLIT
    return path


class Answers:
    """verify's problems on one process and on two, and what each child answered."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.monkeypatch = monkeypatch
        self.children: list[Any] = []
        result = forked.Child.result

        def spy(child: forked.Child, kind: Any) -> Any:
            self.children.append(result(child, kind))
            return self.children[-1]

        monkeypatch.setattr(forked, "can_fork", lambda: True)  # xdist runs threads
        monkeypatch.setattr(forked.Child, "result", spy)

    def both(self, path: Path, registry: Registry) -> tuple[list[Problem], list[Problem]]:
        found = []
        for parallel_from in (10**9, 1):
            self.monkeypatch.setattr(verify_rows, "PARALLEL_FROM", parallel_from)
            with Ledger.open(path, registry, create=False) as ledger:
                found.append(verify(ledger))
        return found[0], found[1]


def test_a_clean_history_is_verified_on_two_processes(
    clean: Path, registry: Registry, monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = Answers(monkeypatch)
    assert answers.both(clean, registry) == ([], [])
    assert answers.children == [[Found()]]


def test_every_tampering_gets_the_same_answer_on_two_processes(
    clean: Path, tmp_path: Path, registry: Registry, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Ledger.open(clean, registry, create=False) as ledger:
        undone = set(ledger.campaign().history().reverted())
        clean_rows = [msgspec.structs.asdict(row) for row in ledger.store.rows("Test")]
    rng = random.Random(3)
    matrix = list(cases(clean_rows, undone, rng))
    answers = Answers(monkeypatch)
    for what, p, change in rng.sample(matrix, TAMPERINGS):
        one, two = answers.both(tampered(clean, tmp_path, change), registry)
        assert one == two, f"{what} at #{p}"
    heard = [found for answer in answers.children if answer is not None for found in answer]
    assert any(not answer.clean for answer in heard)  # some tamperings were the child's


def test_an_undo_after_the_split_is_judged_on_the_first_half_alike(
    clean: Path, tmp_path: Path, registry: Registry, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Forged (the chain re-hashed), the undos and redos right after the split name, in
    turn, a row of the first half: one that is no command they could undo, or one that is.
    The child, which never read those rows, judges as one process does."""
    with Ledger.open(clean, registry, create=False) as ledger:
        stored = ledger.store.rows("Test")
    continuation = next(row.seq for row in stored if row.command != row.seq)
    start = next(row.seq for row in reversed(stored[:SPLIT]) if row.command == row.seq)
    answers = Answers(monkeypatch)
    for named in (start, 1, continuation, SPLIT + 1, 0, -3, 10**6):

        def forge(db: Any, named: int = named) -> None:
            new = rows(db)
            for at, meta in enumerate([Undone, Redone, Undone, Redone], start=SPLIT):
                new[at]["payload"] = msgspec.json.encode(meta(commands=(named,))).decode()
                new[at]["type"] = meta.tag()
            rewrite(db, new, rehash_from=SPLIT + 1)
            db.execute("DELETE FROM snapshots WHERE revision > 0")  # those of the undone ones

        del answers.children[:]
        one, two = answers.both(tampered(clean, tmp_path, forge), registry)
        assert one == two, named
        if named == start:  # undone and redone twice: a history that verifies, on two cores
            assert (one, answers.children) == ([], [[Found()]])
        else:
            assert [(p.seq, "undoes" in p.message) for p in one] == [(SPLIT + 1, True)], named


def _paced(monkeypatch: pytest.MonkeyPatch, waits: Callable[[Handover, int], bool]) -> None:
    """Pages of three rows; a reader that, before a page ``waits`` names by the handover and
    its start, waits for the other process to ask it to end, and a takeover that waits for
    the reader to read (each up to two seconds)."""
    monkeypatch.setattr(_store, "PAGE", 3)
    end, take_over = Handover.end, Handover.take_over

    def until(done: Callable[[], bool]) -> None:
        deadline = time.monotonic() + 2
        while not done() and time.monotonic() < deadline:
            time.sleep(0.001)

    def waiting_end(handover: Handover, start: int, stop: int) -> int:
        if waits(handover, start):
            until(lambda: bool(handover._shared[1]))
        return end(handover, start, stop)

    def waiting_take_over(handover: Handover, start: int, points: Any) -> int | None:
        until(lambda: bool(handover._shared[0]))
        return take_over(handover, start, points)

    monkeypatch.setattr(Handover, "end", waiting_end)
    monkeypatch.setattr(Handover, "take_over", waiting_take_over)


@pytest.fixture
def taken_over(monkeypatch: pytest.MonkeyPatch) -> None:
    """A child that, done with the rows after the split (25), waits for the parent to read
    its first page, and a parent that waits, before its second, for the child to ask: the
    child takes over the rows after 15 (the snapshot half-way from 3 to 25)."""
    _paced(monkeypatch, lambda handover, start: start == 3)


@pytest.mark.usefixtures("taken_over")
def test_the_child_takes_over_the_end_of_the_parents_rows(
    clean: Path, registry: Registry, monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = Answers(monkeypatch)
    read: list[tuple[int, int]] = []
    segment = verify_rows.segment

    def spy(*args: Any, **kwargs: Any) -> Found:
        found = segment(*args, **kwargs)
        if "handover" in kwargs:  # the parent's rows, as far as they went
            read.append((args[4], kwargs["handover"].reached))
        return found

    monkeypatch.setattr(verify_rows, "segment", spy)
    assert answers.both(clean, registry) == ([], [])
    assert read == [(0, 15)]
    assert answers.children == [[Found(), Found()]]  # 25 to 49, then 15 to 25


@pytest.mark.usefixtures("taken_over")
def test_every_tampering_of_rows_taken_over_gets_the_same_answer(
    clean: Path, tmp_path: Path, registry: Registry, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Ledger.open(clean, registry, create=False) as ledger:
        undone = set(ledger.campaign().history().reverted())
        clean_rows = [msgspec.structs.asdict(row) for row in ledger.store.rows("Test")]
    rng = random.Random(7)
    matrix = [case for case in cases(clean_rows, undone, rng) if 16 <= case[1] <= 24]
    answers = Answers(monkeypatch)
    for what, p, change in rng.sample(matrix, TAMPERINGS // 3):
        one, two = answers.both(tampered(clean, tmp_path, change), registry)
        assert one == two, f"{what} at #{p}"
    taken = [answer for answer in answers.children if answer is not None and len(answer) > 1]
    assert any(not found.clean for answer in taken for found in answer)  # the child named some


@pytest.fixture
def child_slow(monkeypatch: pytest.MonkeyPatch) -> None:
    """A child that, before the second page of its first rows (after the split), waits for
    the parent to ask it to end, and a parent that, done with its rows up to the split, asks
    once the child reads: this process takes over the end of the child's rows (in
    ``clean``, after 40: the snapshot nearest half-way from 28 to 49)."""
    first_pages: dict[int, int] = {}  # by Handover: where its reader's first page started

    def childs_second_page(handover: Handover, start: int) -> bool:
        began = first_pages.setdefault(id(handover), start)
        return began > 0 and start == began + 3

    _paced(monkeypatch, childs_second_page)


def _parents_segments(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """Each segment this process checks on two cores, as (after, upto); filled as it goes."""
    checked: list[tuple[int, int]] = []
    segment = verify_rows.segment

    def spy(*args: Any, **kwargs: Any) -> Found:
        checked.append((args[4], args[5]))
        return segment(*args, **kwargs)

    monkeypatch.setattr(verify_rows, "segment", spy)
    return checked


@pytest.mark.usefixtures("child_slow")
def test_the_parent_done_first_takes_over_the_end_of_the_childs_rows(
    clean: Path, registry: Registry, monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = Answers(monkeypatch)
    checked = _parents_segments(monkeypatch)
    assert answers.both(clean, registry) == ([], [])
    assert checked == [(0, 2 * SPLIT - 1), (0, SPLIT), (40, 2 * SPLIT - 1)]  # one, then two
    assert answers.children == [[Found()]]  # 25 to 40: its rows ended where it was asked


@pytest.mark.usefixtures("child_slow")
def test_every_tampering_of_rows_the_parent_takes_over_gets_the_same_answer(
    clean: Path, tmp_path: Path, registry: Registry, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past 40 the parent checks (the last rows: nothing owed at the end, no step index row
    after them); from 26 to 40 the child does, its rows no longer the last."""
    with Ledger.open(clean, registry, create=False) as ledger:
        undone = set(ledger.campaign().history().reverted())
        clean_rows = [msgspec.structs.asdict(row) for row in ledger.store.rows("Test")]
    rng = random.Random(11)
    matrix = [case for case in cases(clean_rows, undone, rng) if case[1] >= 34]

    def past_the_end(db: Any) -> None:  # what only the last rows' check finds
        db.execute("INSERT INTO step_changes VALUES ('Test', 60, 'journey', 1, NULL)")

    chosen = [
        *rng.sample(matrix, TAMPERINGS // 3),
        ("a step index row past the end", 60, past_the_end),
    ]
    answers = Answers(monkeypatch)
    checked = _parents_segments(monkeypatch)
    for what, p, change in chosen:
        one, two = answers.both(tampered(clean, tmp_path, change), registry)
        assert one == two, f"{what} at #{p}"
    assert [problem.seq for problem in one] == [60]  # the last: named on two as on one
    assert (40, 2 * SPLIT - 1) in checked  # some were the parent's to find


@pytest.fixture(scope="module")
def owing(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``clean``'s history, then a Journey step and a check paid with an Achievement gem
    (the check, then the gem it owes): a step change and a debt among the last rows."""
    path = tmp_path_factory.mktemp("owing") / "owing.db"
    with Ledger.open(path, snapshot_interval=5) as ledger:
        _history(ledger, random.Random(5))
        campaign = ledger.campaign("Test")
        campaign.record([StepStarted(kind="journey")])
        campaign.record([GemsGained(hero="Venia", kind="achievement")])
        check = campaign.do(
            actions.make_check,
            hero="Venia",
            ability="might",
            target=1,
            roll=("1", "1"),
            achievement=True,
        ).events
        assert [type(event) for event in check] == [CheckMade, CheckGemSpent]
    return path


@pytest.mark.usefixtures("child_slow")
def test_rows_cut_short_are_not_the_last_and_the_rows_taken_over_are(
    owing: Path, tmp_path: Path, registry: Registry, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Clean, the child's rows (cut where the parent took over, before the Journey step)
    answer clean: their step index is not held to the rows after them. With the gem's
    event gone, the last command owes it: the parent's rows end the campaign and say so."""
    answers = Answers(monkeypatch)
    checked = _parents_segments(monkeypatch)
    with Ledger.open(owing, registry, create=False) as ledger:
        head = ledger.campaign("Test").head().seq
        journey = ledger.db.execute("SELECT max(seq) FROM step_changes").fetchone()[0]
    assert answers.both(owing, registry) == ([], [])
    (_, split), (point, end) = checked[1:]
    assert split < point < journey < end == head  # the parent took the rows past the step
    assert answers.children == [[Found()]]

    def unpaid(db: Any) -> None:
        db.execute("DELETE FROM events WHERE seq = ?", [head])
        db.execute("DELETE FROM snapshots WHERE seq = ?", [head])

    del checked[:]
    one, two = answers.both(tampered(owing, tmp_path, unpaid), registry)
    assert one == two
    assert [problem.seq for problem in one] == [None]
    assert "does not replay" in one[0].message
    (_, split), (point, end) = checked[1:3]
    assert split < point < end == head - 1  # the parent's rows were the last


def test_a_campaign_that_ends_owing_is_named_by_the_child_as_by_one_process(
    owing: Path, tmp_path: Path, registry: Registry, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No takeover: the child's first rows end the campaign, and its fold's end is checked."""
    with Ledger.open(owing, registry, create=False) as ledger:
        head = ledger.campaign("Test").head().seq

    def unpaid(db: Any) -> None:
        db.execute("DELETE FROM events WHERE seq = ?", [head])
        db.execute("DELETE FROM snapshots WHERE seq = ?", [head])

    answers = Answers(monkeypatch)
    one, two = answers.both(tampered(owing, tmp_path, unpaid), registry)
    assert one == two
    assert [problem.seq for problem in one] == [None]
    ((found,),) = answers.children
    assert found.replay is not None  # the child's rows were the last: it found it
