"""Reactive checks against any effect (seed: "Reactive ability checks are used when an Ally is
trying to react to something"): blue dice, avoided when the successes reach the target; damage
and stamina loss stay the kind they were. Their odds in ``odds ... --reactive``."""

import json
from fractions import Fraction
from itertools import product
from pathlib import Path

from tests.helpers.cli import Invoke, hero, refuse
from tests.helpers.console import script
from tests.helpers.terminal import on_terminal

BLUE = ("0", "0", "1", "1", "2", "H")  # the base game's assumed Reaction die
ZUVA = "Zuva'Sai"  # Agility 3


def test_a_reaction_against_falling_rocks(party: Invoke) -> None:
    told = json.loads(
        party(
            "react", ZUVA, "agility", "--against", "falling rocks", "--target", "2",
            "--roll", "2 H 0", "--json",
        ).output
    )  # fmt: skip
    assert (told["successes"], told["avoided"], told["against"]) == (2, True, "falling rocks")
    assert told["events"][0]["type"] == "base:effect-reacted"
    missed = party(
        "react", ZUVA, "agility", "--against", "falling rocks", "--target", "3",
        "--roll", "1 H 0",
    ).output  # fmt: skip
    assert "1 successes, not avoided" in missed
    assert "does not know what it does" in missed
    stamina = hero(party, ZUVA)["stamina"]  # nothing taken: the effect is the player's to record
    assert (stamina["wound"], stamina["spent"]) == (0, 0)


def test_an_achievement_gem_and_the_seeded_roll(party: Invoke) -> None:
    party("gem", "gain", ZUVA, "achievement")
    told = json.loads(
        party(
            "react", ZUVA, "agility", "--against", "a trap", "--target", "1",
            "--roll", "0 0 H", "--gem", "achievement", "--json",
        ).output
    )  # fmt: skip
    assert (told["successes"], told["avoided"]) == (1, True)
    seeded = json.loads(
        party(
            "react", ZUVA, "agility", "--against", "a trap", "--target", "2", "--seed", "7",
            "--json",
        ).output
    )  # fmt: skip
    values = {"0": 0, "1": 1, "2": 2, "H": 0}
    assert seeded["successes"] == sum(values[f] for f in seeded["faces"])
    assert seeded["avoided"] == (seeded["successes"] >= 2)


def test_a_reaction_against_an_effect_refused(party: Invoke, invoke: Invoke, db_path: Path) -> None:
    refuse(invoke, db_path, "react", ZUVA, "agility", "--against", "rocks",
           says="--against EFFECT and --target N")  # fmt: skip
    refuse(invoke, db_path, "react", ZUVA, "agility", "--target", "2",
           says="--against EFFECT and --target N")  # fmt: skip
    refuse(invoke, db_path, "react", ZUVA, "agility", "--against", "rocks", "--target", "2",
           "--damage", "2", says="without --damage or --stamina-loss")  # fmt: skip
    refuse(invoke, db_path, "react", ZUVA, "agility", "--against", "  ", "--target", "2",
           says="name the effect reacted to: --against TEXT")  # fmt: skip
    refuse(invoke, db_path, "react", ZUVA, "agility", "--against", "rocks", "--target", "0",
           says="--target, the successes that avoid it, is from 1 to 999", code=2)  # fmt: skip
    refuse(invoke, db_path, "react", ZUVA, "agility", "--against", "rocks", "--target", "2",
           "--roll", "2 1", says="show 3 faces, but 2 were given")  # fmt: skip
    refuse(invoke, db_path, "react", ZUVA, "agility", "--against", "rocks", "--target", "2",
           "--gem", "achievement", says="has no Achievement gem to spend")  # fmt: skip


def test_the_damage_case_is_unchanged(party: Invoke) -> None:
    told = json.loads(
        party("react", "Torrax", "might", "--damage", "3", "--roll", "2 H 0", "--json").output
    )
    assert (told["prevented"], told["taken"]) == (2, 1)
    assert told["events"][0]["type"] == "base:reaction-made"


def test_odds_of_avoiding_an_effect(party: Invoke, invoke: Invoke, db_path: Path) -> None:
    told = json.loads(party("odds", ZUVA, "agility", "2", "--reactive", "--json").output)
    values = {"0": 0, "1": 1, "2": 2, "H": 0}
    counted = sum(
        Fraction(1, 6**3) for faces in product(BLUE, repeat=3) if sum(values[f] for f in faces) >= 2
    )
    assert told["dice"] == 3
    assert abs(told["probability"] - float(counted)) < 1e-12
    assert abs(told["expected_successes"] - 2.0) < 1e-12  # 3 dice x 4/6
    party("gem", "gain", ZUVA, "achievement")
    gem = json.loads(
        party("odds", ZUVA, "agility", "3", "--reactive", "--gem", "achievement", "--json").output
    )
    assert abs(gem["probability"] - told["probability"]) < 1e-12  # the gem is 1 success
    refuse(invoke, db_path, "odds", ZUVA, "agility", "--reactive", says="--reactive takes TARGET")
    refuse(invoke, db_path, "odds", ZUVA, "agility", "2", "--reactive", "--damage", "2",
           says="without --damage or --stamina-loss")  # fmt: skip
    refuse(invoke, db_path, "odds", ZUVA, "agility", "0", "--reactive",
           says="successes that avoid it, is from 1", code=2)  # fmt: skip


def test_effect_odds_on_a_terminal_and_piped(party: Invoke, db_path: Path) -> None:
    status, drawn = on_terminal(db_path, "odds", ZUVA, "agility", "2", "--reactive")
    assert status == 0
    assert "P(avoided) = 0.6250" in drawn
    done = script(db_path, "react", ZUVA, "agility", "--against", "rocks", "--target", "1",
                  "--roll", "1 0 0")  # fmt: skip
    assert done.returncode == 0
    assert "against rocks (needs 1)" in done.stdout
    assert "\x1b[" not in done.stdout
