"""Exact odds for reactive checks (each blue success prevents 1: the chance of each amount
taken, and the amount expected) and for group checks' totals (the Heroes' totals added)."""

import json
from fractions import Fraction
from itertools import product
from pathlib import Path

from ledger.dice import check_odds, group_odds, reaction_odds
from tests.helpers.cli import Invoke, refuse
from tests.helpers.console import script
from tests.helpers.terminal import on_terminal

BLUE = ("0", "0", "1", "1", "2", "H")  # the base game's assumed Reaction die
RED = ("1", "1", "2", "2", "1+", "S")


def test_three_blue_dice_against_three_damage() -> None:
    """The issue's case: 1/3 no damage, 7/6 expected damage (base game dice)."""
    odds = reaction_odds(BLUE, 3, 3)
    assert abs(odds.taken[0] - 1 / 3) < 1e-12
    assert abs(odds.expected_taken - 7 / 6) < 1e-12
    assert abs(sum(odds.taken) - 1) < 1e-12


def test_reaction_odds_match_every_roll_counted() -> None:
    values = {"0": 0, "1": 1, "2": 2, "H": 0}
    for dice, amount, bonus in ((1, 2, 0), (2, 3, 1), (4, 5, 0)):
        counted = [Fraction(0)] * (amount + 1)
        for faces in product(BLUE, repeat=dice):
            counted[max(amount - sum(values[f] for f in faces) - bonus, 0)] += Fraction(
                1, len(BLUE) ** dice
            )
        odds = reaction_odds(BLUE, dice, amount, bonus)
        assert all(abs(a - float(b)) < 1e-12 for a, b in zip(odds.taken, counted, strict=True))


def test_a_group_total_is_the_heroes_dice_together() -> None:
    """Outside a scenario a group's totals add up like one roll of all their dice."""
    group = group_odds(RED, [(2, 0, 2), (3, 0, 2)], 8)
    alone = check_odds(RED, 5, 8, 0, "flat", 0)
    assert abs(group.probability - alone.probability) < 1e-9
    with_gems = group_odds(RED, [(2, 1, 2), (3, 1, 2)], 8)
    assert abs(with_gems.probability - check_odds(RED, 5, 6, 0, "flat", 0).probability) < 1e-9
    assert group_odds(RED, [(1, 0, 0)], 3).probability < group_odds(RED, [(1, 0, 2)], 3).probability


def test_odds_of_a_reaction_at_the_cli(party: Invoke, invoke: Invoke, db_path: Path) -> None:
    told = json.loads(party("odds", "Torrax", "might", "--damage", "3", "--json").output)
    assert told["dice"] == 3
    assert abs(told["taken"][0] - 1 / 3) < 1e-12
    assert abs(told["expected_taken"] - 7 / 6) < 1e-12
    loss = json.loads(party("odds", "Torrax", "might", "--stamina-loss", "2", "--json").output)
    assert loss["kind"] == "stamina loss"
    party("injury", "draw", "Torrax", "Broken Ribs")  # Might -1: 2 dice
    assert (
        json.loads(party("odds", "Torrax", "might", "--damage", "3", "--json").output)["dice"] == 2
    )
    refuse(invoke, db_path, "odds", "Torrax", "might", says="give TARGET, or --damage N")
    refuse(invoke, db_path, "odds", "Torrax", "might", "3", "--damage", "2", says="no TARGET")
    refuse(invoke, db_path, "odds", "Torrax", "might", "--damage", "2", "--stamina-loss", "1",
           says="either --damage N or --stamina-loss N")  # fmt: skip


def test_odds_of_a_group_check_from_python(party: Invoke, db_path: Path, ledger: object) -> None:
    from ledger.campaign import Ledger
    from ledger_base_game import actions

    assert isinstance(ledger, Ledger)
    game = ledger.campaign().game()
    both = actions.odds_of_group_check(game, ability="agility", target=8)
    torrax = actions.odds_of_group_check(game, ability="agility", target=8, heroes=["Torrax"])
    assert 0 < torrax.probability < both.probability < 1


def test_reaction_odds_on_a_terminal_and_piped(party: Invoke, db_path: Path) -> None:
    status, drawn = on_terminal(db_path, "odds", "Torrax", "might", "--damage", "3")
    assert status == 0
    assert "P(no damage) = 0.333333" in drawn
    done = script(db_path, "odds", "Torrax", "might", "--damage", "3")
    assert done.returncode == 0
    assert "expected damage taken 1.1667" in done.stdout
    assert "\x1b[" not in done.stdout
    done = script(db_path, "odds", "--help")
    assert "--damage INTEGER" in done.stdout


def test_odds_of_a_group_check_at_the_cli(party: Invoke, invoke: Invoke, db_path: Path) -> None:
    """``odds --group ABILITY TARGET``: the totals added, read as ``group-check`` reads them."""
    both = json.loads(party("odds", "--group", "agility", "8/13/17", "--json").output)
    assert (both["target"], both["thresholds"], both["count"]) == (8, [8, 13, 17], 2)
    assert [(h["hero"], h["dice"]) for h in both["heroes"]] == [("Torrax", 2), ("Zuva'Sai", 3)]
    alone = check_odds(RED, 5, 8, 0, "flat", 0)  # 2 + 3 Agility dice, as one roll
    assert abs(both["probability"] - alone.probability) < 1e-9
    party("gem", "gain", "Torrax", "achievement")
    gem = json.loads(
        party("odds", "--group", "agility", "8", "--gem-hero", "Torrax", "--json").output
    )
    assert gem["heroes"][0]["achievement"] is True
    assert abs(gem["probability"] - check_odds(RED, 5, 7, 0, "flat", 0).probability) < 1e-9
    three = json.loads(
        party("odds", "--group", "agility", "8/13/17", "--heroes", "3", "--json").output
    )
    assert three["target"] == 13
    torrax = json.loads(
        party("odds", "--group", "agility", "8", "--order", "Torrax", "--json").output
    )
    assert 0 < torrax["probability"] < both["probability"]
    shown = party("odds", "--group", "agility", "8/13/17").output
    assert (
        "Group Agility check (8/13/17 read for 2 Heroes): Torrax 2 dice, Zuva'Sai 3 dice" in shown
    )
    assert f"P(total >= 8) = {both['probability']:.6f}" in shown
    status, drawn = on_terminal(db_path, "odds", "--group", "agility", "8")
    assert status == 0
    assert "P(total >= 8)" in drawn
    piped = script(db_path, "odds", "--group", "agility", "8")
    assert piped.returncode == 0
    assert "\x1b[" not in piped.stdout


def test_odds_of_a_group_check_refused(party: Invoke, invoke: Invoke, db_path: Path) -> None:
    refuse(invoke, db_path, "odds", "--group", "agility", "8", "--order", "Torrax,Torrax",
           says="Torrax named twice")  # fmt: skip
    refuse(invoke, db_path, "odds", "--group", "agility", "8/13/17", "--heroes", "5",
           says="gives targets for 2/3/4 Heroes, not for 5")  # fmt: skip
    refuse(invoke, db_path, "odds", "--group", "agility", "?", says='a "?" group check')
    refuse(invoke, db_path, "odds", "--group", "agility", "8", "--focus", says="not --focus")
    refuse(invoke, db_path, "odds", "Torrax", "agility", "3", "--order", "Torrax",
           says="--order only with --group")  # fmt: skip
    refuse(invoke, db_path, "odds", "--group", "agility", "8", "--gem-hero", "Torrax",
           says="has no Achievement gem")  # fmt: skip
    party("gem", "gain", "Torrax", "achievement")
    refuse(invoke, db_path, "odds", "--group", "agility", "8", "--gem-hero", "Torrax",
           "--order", "Zuva'Sai", says="Torrax does not roll in this group check")  # fmt: skip
    for amount in ("10", "5", "6"):  # wounded, then exhausted: left out unless named
        party("damage", "Torrax", amount)
    left = json.loads(party("odds", "--group", "agility", "8", "--json").output)
    assert [h["hero"] for h in left["heroes"]] == ["Zuva'Sai"]
    refuse(invoke, db_path, "odds", "--group", "agility", "8", "--order", "Torrax",
           says="Torrax is exhausted")  # fmt: skip
    party("step", "scenario", "4")
    refuse(invoke, db_path, "odds", "--group", "agility", "8", says="outside scenarios")
