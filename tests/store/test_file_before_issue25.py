"""A campaign file written by main dd4720a, before issue 25's rules (a Hideout as a place to
sleep, places a Hero can use, Injury card effects, Talents that act, once-per-turn checks),
still opens, verifies and answers exactly as it did: its events keep their old meaning."""

import json
from pathlib import Path

import pytest

from tests.helpers.cli import Invoke
from tests.helpers.old_campaigns import BEFORE_ISSUE25_QUESTIONS, answers, copy_of, kept_answers


@pytest.fixture
def ledger_db_path(tmp_path: Path) -> Path:
    return copy_of("before_issue25.db", tmp_path)


def test_the_file_from_before_issue_25_answers_as_it_did(invoke: Invoke) -> None:
    kept = kept_answers("before_issue25.answers.json")
    assert [k["question"] for k in kept] == BEFORE_ISSUE25_QUESTIONS
    for now, then in zip(answers(invoke, BEFORE_ISSUE25_QUESTIONS), kept, strict=True):
        assert now == then, now["question"]


def test_the_old_meanings_are_in_the_kept_answers() -> None:
    """What the file records under the old rules, so the test above compares something:
    a place to sleep a Hero could not use, a Hideout Hero sleeping rough, 40 Stars from
    Burglary, Cracked Skull held with a Might check still rolling 3 dice."""
    kept = {
        " ".join(k["question"]): k["answer"] for k in kept_answers("before_issue25.answers.json")
    }
    torrax_13 = kept["city show --at 13"]["heroes"]["Torrax"]
    assert torrax_13["sleeps"] == "The Pit"
    venia = {h["name"]: h for h in kept["party show --at 16"]["heroes"]}["Venia"]
    assert "Hideout: The Pit" in venia["talents"]
    assert venia["stamina"]["spent"] == 2  # slept rough despite her Hideout
    assert venia["stars"] == 55  # 20 - 5 for Streetwise + 40 from Burglary
    assert kept["odds Torrax might 3 --at 19"]["dice"] == 3  # Cracked Skull held


def test_an_ally_joins_the_old_file_and_it_still_verifies(invoke: Invoke) -> None:
    """The file's state had no Allies; one joins, checks by name, and the whole file verifies
    (its old snapshots, of a state without ``allies``, are read as the default: none)."""
    assert "allies" not in json.loads(invoke("party", "show", "--json").output)
    for args in (
        ("ally", "add", "Grimble", "--might", "2", "--agility", "1", "--will", "1",
         "--taunt", "5", "--health", "3"),
        ("check", "Grimble", "might", "1", "--roll", "S 1"),
    ):  # fmt: skip
        result = invoke(*args)
        assert result.exit_code == 0, result.output
    (grimble,) = json.loads(invoke("party", "show", "--json").output)["allies"]
    assert grimble["health"] == 3
    assert json.loads(invoke("verify", "--json").output) == {"ok": True, "problems": []}
