"""A long campaign's chain and history are checked by a forked child while the parent folds;
whatever the child does, verify's answer is the one a single process gives."""

import os
from typing import Any

import pytest
from sqlite_utils import Database

from ledger import forked
from ledger import verify as verify_module
from ledger.ledger import Ledger
from ledger.migrations import migrations
from ledger.verify import verify
from ledger_base_game.events import HeroJoined, StarsGained
from tests.test_store import tamper_payload


@pytest.fixture
def two_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(verify_module, "PARALLEL_FROM", 1)
    monkeypatch.setattr(forked, "can_fork", lambda: True)  # xdist runs threads


@pytest.fixture
def stars(ledger: Ledger) -> Ledger:
    campaign = ledger.create_campaign("Test")
    campaign.record(
        [HeroJoined(hero="Venia", might=2, agility=2, will=2, taunt=3, chips=9, wounded_chips=5)]
    )
    for _ in range(8):
        campaign.record([StarsGained(hero="Venia", amount=1)])
    return ledger


def test_the_child_answers_with_its_value() -> None:
    with forked.forked(lambda: (os.getpid(), "checked")) as child:
        assert child is not None
        pid, said = child.result(tuple[int, str])
    assert (pid, said) == (child.pid, "checked")
    assert pid != os.getpid()


def test_a_child_that_fails_gives_no_answer() -> None:
    with forked.forked(lambda: 1 // 0) as child:
        assert child is not None
        assert child.result(int) is None


def test_no_child_where_forking_is_not_safe(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(forked, "can_fork", lambda: False)
    with forked.forked(lambda: 1) as child:
        assert child is None


@pytest.mark.usefixtures("two_processes")
def test_the_child_finds_a_tampered_event(stars: Ledger, monkeypatch: pytest.MonkeyPatch) -> None:
    answers: list[Any] = []
    result = forked.Child.result
    monkeypatch.setattr(
        forked.Child,
        "result",
        lambda child, kind: answers.append(result(child, kind)) or answers[-1],
    )
    assert verify(stars) == []
    tamper_payload(stars, "Test", 5)
    problems = verify(stars)
    assert [(p.seq, "altered" in p.message) for p in problems] == [(5, True)]
    assert answers[0] == (None, None)
    assert answers[1][0].seq == 5


@pytest.mark.usefixtures("two_processes")
def test_without_the_childs_answer_the_parent_checks(
    stars: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    def crash(path: str, campaign: str, head: int) -> None:
        os._exit(3)  # as if killed

    monkeypatch.setattr(verify_module, "_row_checks_apart", crash)
    tamper_payload(stars, "Test", 7)
    problems = verify(stars)
    assert [(p.seq, "altered" in p.message) for p in problems] == [(7, True)]


@pytest.fixture
def no_fork(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(work: Any) -> None:
        raise AssertionError("forked")

    monkeypatch.setattr(verify_module, "forked", refuse)


@pytest.mark.usefixtures("two_processes", "no_fork")
def test_a_database_in_memory_is_verified_in_one_process(registry: Any) -> None:
    db = Database(memory=True)
    migrations.apply(db)
    ledger = Ledger(db, registry)
    ledger.create_campaign("Test")
    assert verify(ledger) == []


@pytest.mark.usefixtures("two_processes", "no_fork")
def test_uncommitted_changes_are_verified_in_one_process(stars: Ledger) -> None:
    """A child's connection would not see them."""
    with stars.write_lock():
        stars.campaign("Test").record([StarsGained(hero="Venia", amount=1)])
        assert verify(stars) == []
