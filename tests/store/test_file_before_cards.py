"""A campaign file written by main 051d33e, before Injury cards came through the Registry and
items could be marked once per scenario in the data, still opens, verifies and answers
exactly as it did; new rules apply only to what is recorded after."""

import json
from pathlib import Path

import pytest

from tests.helpers.cli import Invoke, refuse
from tests.helpers.old_campaigns import BEFORE_CARDS_QUESTIONS, answers, copy_of, kept_answers

KEPT = "before_cards.answers.json"


@pytest.fixture
def ledger_db_path(tmp_path: Path) -> Path:
    return copy_of("before_cards.db", tmp_path)


def test_the_file_from_before_the_cards_change_answers_as_it_did(invoke: Invoke) -> None:
    kept = kept_answers(KEPT)
    assert [k["question"] for k in kept] == BEFORE_CARDS_QUESTIONS
    for now, then in zip(answers(invoke, BEFORE_CARDS_QUESTIONS), kept, strict=True):
        assert now == then, now["question"]


def test_the_old_meanings_are_in_the_kept_answers() -> None:
    """What the file holds, so the test above compares something: a known and an unknown
    Injury card with their effects, the pack's item carried by both Heroes, its Lucky Charm
    counted by three checks in a row (no limit then), the odds with Broken Ribs held."""
    kept = {" ".join(k["question"]): k["answer"] for k in kept_answers(KEPT)}
    torrax = kept["hero show Torrax"]
    assert torrax["injuries"] == ["Broken Ribs"]
    assert torrax["injury_effects"][0]["effects"][0]["ability"] == "might"
    assert "once_per_scenario" not in json.dumps(torrax)  # an item's JSON has no such field
    assert kept["hero show Venia"]["injuries"] == ["Twisted Knee"]
    assert kept["odds Torrax might 3"]["dice"] == 2  # Might 3, Broken Ribs
    assert [card["name"] for card in kept["content show item"]["cards"]][-1] == "Lucky Charm"
    assert kept["verify"]["ok"] is True


def test_after_it_the_new_rules_apply_to_what_is_recorded(
    ok: Invoke, invoke: Invoke, ledger_db_path: Path, tmp_path: Path
) -> None:
    """A pack marks the old file's Lucky Charm once per scenario: the checks recorded before
    keep their meaning (verify), the next check that counts it uses it up."""
    marked = tmp_path / "before_cards.pack.toml"
    marked.write_text(
        '[[item]]\nname = "Lucky Charm"\nphrases = ["Luck"]\nonce_per_scenario = true\n'
    )
    ok("content", "add", str(marked))
    ok("scenario", "round")
    made = ok("check", "Torrax", "will", "2", "--roll", "1 1", "--modifier", "+1:phrase=Luck")
    assert "Lucky Charm (once per scenario)" in made.output
    ok("scenario", "round")
    refuse(
        invoke, ledger_db_path,
        *("check", "Torrax", "will", "2", "--roll", "1 1", "--modifier", "+1:item=Lucky Charm"),
        says="Torrax has used Lucky Charm in this scenario",
    )  # fmt: skip
    assert ok("verify").exit_code == 0
    drawn = ok("injury", "draw", "Torrax", "Cracked Skull").output
    assert "Cracked Skull (Will -1)" in drawn  # the base game's card, now from the Registry
