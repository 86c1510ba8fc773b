"""A campaign file written before issue 14's rules (discards to the Stock, group check targets
by the campaign's Heroes, pending Injury draws, ...) still opens, verifies and answers exactly
as it did: its events keep the meaning they had when recorded. New commands on the same file
follow the new rules (tests/rules/test_seed_rules.py and
tests/actions/test_seed_rules_actions.py test them one by one)."""

import json
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.cli import Invoke
from tests.helpers.old_campaigns import (
    BEFORE_ISSUE14_QUESTIONS,
    answers,
    copy_of,
    kept_answers,
)


@pytest.fixture
def ledger_db_path(tmp_path: Path) -> Path:
    return copy_of("before_issue14.db", tmp_path)


def test_the_file_from_before_issue_14_answers_as_it_did(invoke: Invoke) -> None:
    kept = kept_answers("before_issue14.answers.json")
    assert [k["question"] for k in kept] == BEFORE_ISSUE14_QUESTIONS
    for now, then in zip(answers(invoke, BEFORE_ISSUE14_QUESTIONS), kept, strict=True):
        assert now == then, now["question"]


def test_the_old_meanings_are_in_the_kept_answers(invoke: Invoke) -> None:
    """What the file records under the old rules, so the test above compares something:
    discards left no copy in the Stock, a Hero wounded before the change owes no draw."""
    kept = {
        " ".join(k["question"]): k["answer"] for k in kept_answers("before_issue14.answers.json")
    }
    assert kept["stock show"]["stock"] == {}
    torrax = next(h for h in kept["party show --at 38"]["heroes"] if h["name"] == "Torrax")
    assert torrax["status"] == "wounded"
    assert torrax["injuries"] == []


def test_new_commands_on_the_old_file_follow_the_new_rules(invoke: Invoke) -> None:
    def ok(*args: str) -> Any:
        result = invoke(*args)
        assert result.exit_code == 0, f"{args}:\n{result.output}"
        return result

    ok("step", "city")
    ok("item", "gain", "Torrax", "Rope", "--value", "1")
    ok("item", "discard", "Torrax", "Rope")
    assert json.loads(ok("stock", "show", "--json").output)["stock"] == {"Rope": 1}
    opened = ok("group-check", "agility", "8/13/17", "--order", "Torrax,Venia",
                "--roll", "Torrax=1 1", "--roll", "Venia=1 1 1")  # fmt: skip
    assert "13 needed (for 3 Heroes)" in opened.output
    for name in ("Zuva'Sai", "Torrax", "Venia"):
        ok("city", "sleep", name, "The Ravenous Guivren", "--given-by", "212")
    ok("step", "journey")
    ok("step", "scenario", "2")
    ok("damage", "Torrax", "11")
    torrax = json.loads(ok("hero", "show", "Torrax", "--json").output)
    assert torrax["injury_draws"] == 1
    refused = invoke("scenario", "end", "--outcome", "S1")
    assert refused.exit_code == 1
    assert "Torrax (1 card) became wounded" in refused.output
    assert json.loads(ok("verify", "--json").output)["ok"] is True
