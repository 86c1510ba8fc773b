"""Once per turn for every check in a scenario (§5.1: "each particular active check may be
attempted once per turn per Ally unless told otherwise"), once-per-scenario effects (seed:
decided before rolling), and an Achievement gem spent on an attack (§6)."""

import json
import re
from pathlib import Path

import pytest

from tests.helpers.cli import Invoke, hero, refuse
from tests.helpers.console import script
from tests.helpers.terminal import on_terminal


@pytest.fixture
def scenario(party: Invoke) -> Invoke:
    party("step", "scenario", "4")
    return party


def test_a_check_once_per_turn(scenario: Invoke, invoke: Invoke, db_path: Path) -> None:
    scenario("check", "Torrax", "might", "2", "--roll", "1 1 1")
    said = refuse(
        invoke, db_path, "check", "Torrax", "might", "2", "--roll", "1 2 1",
        says="Torrax has attempted the check Might 2 this turn",
    )  # fmt: skip
    assert "`scenario round`" in said
    assert "--repeatable" in said
    scenario("check", "Zuva'Sai", "might", "2", "--roll", "1 1")  # another Ally
    scenario("check", "Torrax", "might", "3", "--roll", "1 1 1")  # another check
    scenario("check", "Torrax", "might", "2", "--roll", "1 1 1", "--repeatable")
    told = scenario("scenario", "round")
    assert "A new round: every check may be attempted again" in told.output
    scenario("check", "Torrax", "might", "2", "--roll", "1 1 1")


def test_a_named_check(scenario: Invoke, invoke: Invoke, db_path: Path) -> None:
    scenario("check", "Torrax", "might", "2", "--roll", "1 1 1", "--name", "Iron door")
    scenario("check", "Torrax", "might", "2", "--roll", "1 1 1", "--name", "Rubble")
    refuse(
        invoke, db_path,
        *("check", "Torrax", "might", "2", "--roll", "1 1 1", "--name", "iron door"),
        says="the check iron door this turn",
    )  # fmt: skip


def test_outside_a_scenario_there_are_no_turns(
    party: Invoke, invoke: Invoke, db_path: Path
) -> None:
    party("check", "Torrax", "might", "2", "--roll", "1 1 1")
    party("check", "Torrax", "might", "2", "--roll", "1 1 1")  # the City step: no turns
    refuse(invoke, db_path, "scenario", "round", says="rounds are played in a scenario")
    refuse(
        invoke, db_path, "check", "Torrax", "might", "2", "--roll", "1 1 1", "--name", "Door",
        says="in a scenario",
    )  # fmt: skip


def test_a_new_scenario_starts_with_fresh_turns(scenario: Invoke) -> None:
    scenario("check", "Torrax", "might", "2", "--roll", "1 1 1")
    scenario("scenario", "end", "--outcome", "S1")
    scenario("step", "city")
    scenario("step", "journey")
    scenario("step", "scenario", "5")
    scenario("check", "Torrax", "might", "2", "--roll", "1 1 1")


def test_a_round_starts_every_progressive_check_again(
    scenario: Invoke, invoke: Invoke, db_path: Path
) -> None:
    scenario("progressive", "open", "Gate", "might", "12")
    scenario("progressive", "attempt", "Gate", "Torrax", "--roll", "1 1 1")
    refuse(
        invoke, db_path, "progressive", "attempt", "Gate", "Torrax", "--roll", "1 1 1",
        says="already attempted",
    )  # fmt: skip
    scenario("scenario", "round")
    scenario("progressive", "attempt", "Gate", "Torrax", "--roll", "1 1 1")


def test_a_once_per_scenario_effect(scenario: Invoke, invoke: Invoke, db_path: Path) -> None:
    made = scenario(
        "check", "Torrax", "will", "1", "--roll", "1 1", "--once-per-scenario", "Lucky Charm"
    )
    assert "Lucky Charm (once per scenario)" in made.output
    scenario("scenario", "round")
    refuse(
        invoke, db_path,
        *("check", "Torrax", "will", "1", "--roll", "1 1", "--once-per-scenario", "lucky charm"),
        says="Torrax has used lucky charm in this scenario",
    )  # fmt: skip
    scenario("check", "Zuva'Sai", "will", "1", "--roll", "1 1 1 1", "--once-per-scenario",
             "Lucky Charm")  # fmt: skip
    scenario("scenario", "end", "--outcome", "S1")
    scenario("step", "city")
    refuse(
        invoke, db_path,
        *("check", "Torrax", "will", "1", "--roll", "1 1", "--once-per-scenario", "Charm"),
        says="used in a scenario",
    )  # fmt: skip
    scenario("step", "journey")
    scenario("step", "scenario", "5")
    scenario("check", "Torrax", "will", "1", "--roll", "1 1", "--once-per-scenario", "Lucky Charm")


def test_an_achievement_gem_on_an_attack(scenario: Invoke, invoke: Invoke, db_path: Path) -> None:
    refuse(
        invoke, db_path, "attack", "Torrax", "2", "--roll", "1 1", "--gem", "achievement",
        says="no Achievement gem",
    )  # fmt: skip
    scenario("gem", "gain", "Torrax", "achievement", "1")
    made = scenario("attack", "Torrax", "2", "--roll", "1 1", "--gem", "achievement", "--json")
    answer = json.loads(made.output)
    assert answer["successes"] == 3
    assert hero(scenario, "Torrax")["gems"]["achievement"] == 0
    assert '"ok": true' in scenario("verify", "--json").output


def test_the_new_options_on_a_terminal_and_piped(scenario: Invoke, db_path: Path) -> None:
    status, drawn = on_terminal(db_path, "check", "--help")
    plain = re.sub(r"\x1b\[[0-9;]*m", "", drawn)
    assert status == 0
    assert "--once-per-scenario EFFECT" in plain
    assert "--repeatable" in plain
    done = script(db_path, "scenario", "round", "--help")
    assert done.returncode == 0
    assert "once per turn" in done.stdout
    done = script(db_path, "scenario", "round")
    assert done.returncode == 0
    assert "A new round" in done.stdout
    assert "\x1b[" not in done.stdout
    script(db_path, "gem", "gain", "Torrax", "achievement", "1")
    status, drawn = on_terminal(db_path, "attack", "Torrax", "1", "--roll", "1", "--gem",
                                "achievement")  # fmt: skip
    assert status == 0
    assert "Achievement gem: +1; 2 successes" in drawn
