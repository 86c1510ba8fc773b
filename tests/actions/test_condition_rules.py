"""Conditions with rules: a plugin's condition changes a check's dice or total while it is held
in a scenario (the way the base game's Blessed and Weakened do, through the same rules), is
discarded after the roll when its rules say so, and a condition without rules stays a label.
Through the actions (Python) and the CLI."""

import json

import pytest

from ledger.campaign import Ledger
from ledger.hosting import hookimpl
from ledger.model import ConditionRules, ConditionSpec
from ledger_base_game import actions
from ledger_base_game.events import ConditionGained
from tests.helpers.cli import Invoke, hero

CHILLED = ConditionRules(modifier=-1, abilities=("agility",))
INSPIRED = ConditionRules(action_dice=1, discarded=True)


class Frost:
    @staticmethod
    @hookimpl
    def register_conditions() -> list[ConditionSpec]:
        return [
            ConditionSpec(name="Chilled", number=21, effect="-1 on Agility checks", rules=CHILLED),
            ConditionSpec(name="Inspired", number=22, effect="+1 die once", rules=INSPIRED),
            ConditionSpec(name="Muddy", number=23, effect="boots are heavy"),
        ]


@pytest.fixture
def ledger_plugins() -> list[object]:
    return [Frost]


@pytest.fixture
def scenario(party: Invoke) -> Invoke:
    for step in ("city", "journey", "scenario 1"):
        party("step", *step.split())
    return party


def odds(run: Invoke, *args: str) -> dict[str, object]:
    return dict(json.loads(run("odds", "Torrax", *args, "--json").stdout))


def test_a_modifier_it_grants_changes_the_odds_and_the_result(scenario: Invoke) -> None:
    before = odds(scenario, "agility", "2")
    scenario("condition", "add", "Torrax", "Chilled")
    held = odds(scenario, "agility", "2")
    assert (before["bonus"], held["bonus"]) == (0, -1)
    assert held["probability"] < before["probability"]  # type: ignore[operator]
    assert odds(scenario, "might", "2")["bonus"] == 0  # Agility checks only
    made = scenario("check", "Torrax", "agility", "2", "--roll", "1 1").stdout
    assert "Agility check 2 — rolled 1 1; total 1: failure" in made
    assert "Chilled: -1 to the total (condition)" in made
    again = scenario("check", "Torrax", "agility", "1", "--roll", "1 2", "--json").stdout
    assert (json.loads(again)["total"], json.loads(again)["success"]) == (2, True)
    assert hero(scenario, "Torrax")["conditions"] == ["Chilled"]  # not discarded


def test_dice_it_adds_change_the_roll_and_it_is_discarded_after(scenario: Invoke) -> None:
    scenario("condition", "add", "Torrax", "Inspired")
    assert odds(scenario, "agility", "2")["dice"] == 3
    shown = scenario("check", "Torrax", "agility", "3", "--roll", "1 1 1").stdout
    assert "Torrax loses Inspired" in shown
    assert hero(scenario, "Torrax")["conditions"] == []


def test_a_roll_of_the_wrong_length_names_the_condition(scenario: Invoke, invoke: Invoke) -> None:
    scenario("condition", "add", "Torrax", "Inspired")
    refused = invoke("check", "Torrax", "agility", "2", "--roll", "1 1")
    assert refused.exit_code == 1
    assert "+1 Inspired" in refused.output


def test_outside_a_scenario_and_without_rules_nothing_changes(party: Invoke) -> None:
    party("condition", "add", "Torrax", "Chilled")
    assert odds(party, "agility", "2")["bonus"] == 0  # effects apply only in scenarios
    for step in ("city", "journey", "scenario 1"):
        party("step", *step.split())
    party("condition", "add", "Zuva'Sai", "Muddy")
    shown = json.loads(party("odds", "Zuva'Sai", "agility", "2", "--json").stdout)
    assert (shown["dice"], shown["bonus"]) == (3, 0)  # a label


def test_the_event_records_the_rules_from_the_spec(ledger: Ledger) -> None:
    campaign = ledger.create_campaign("Rules")
    campaign.do(actions.add_hero, name="Torrax", agility=2, will=2, taunt=6, wounded_chips=5)
    chilled = campaign.do(actions.gain_condition, hero="Torrax", condition="chilled").events[0]
    assert chilled == ConditionGained(hero="Torrax", condition="Chilled", number=21, rules=CHILLED)
    muddy = campaign.do(actions.gain_condition, hero="Torrax", condition="Muddy").events[0]
    assert isinstance(muddy, ConditionGained)
    assert muddy.rules is None
    row = ledger.store.rows("Rules")[-1]
    assert json.loads(row.payload) == {  # a label's payload is as it always was
        "type": "base:condition-gained",
        "hero": "Torrax",
        "condition": "Muddy",
        "number": 23,
    }


def test_blessed_and_weakened_go_through_the_same_rules(ledger: Ledger) -> None:
    registry = ledger.registry
    assert registry.conditions.get("Blessed").rules == ConditionRules(
        action_dice=1, reaction_dice=1, discarded=True
    )
    assert registry.conditions.get("Weakened").rules == ConditionRules(
        action_dice=-1, discarded=True
    )


@pytest.mark.parametrize(
    ("rules", "says"),
    [
        (ConditionRules(action_dice=12), "action dice must be from -9 to 9, not 12"),
        (ConditionRules(abilities=("luck",)), "not 'luck'"),
    ],
)
def test_a_condition_gained_with_impossible_rules_is_refused(
    ledger: Ledger, rules: ConditionRules, says: str
) -> None:
    campaign = ledger.create_campaign("Rules")
    campaign.do(actions.add_hero, name="Torrax", agility=2, will=2, taunt=6, wounded_chips=5)
    with pytest.raises(Exception, match=says):
        campaign.record([ConditionGained(hero="Torrax", condition="X", number=30, rules=rules)])
