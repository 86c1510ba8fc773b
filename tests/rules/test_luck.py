"""The luck queries: the dice's successes against the exact expectation for the same dice,
cumulative per Hero, undone rolls left out; and each check's odds as shown before its roll."""

import random
from pathlib import Path

import pytest

from bench.workload import build
from ledger import Ledger
from ledger.campaign import Campaign
from ledger.dice import PER_FACE, action_successes, check_odds, roll, stamina_faces
from ledger.service import Service
from ledger_base_game import actions
from ledger_base_game.actions.luck import die_mean
from ledger_base_game.actions.odds import stamina_rule
from ledger_base_game.events.checks import CheckMade


@pytest.fixture
def campaign(tmp_path: Path) -> Campaign:
    campaign = Ledger.open(tmp_path / "luck.db", create=True).create_campaign("Luck")
    campaign.do(actions.add_hero, name="Torrax", agility=2, will=2, taunt=6, wounded_chips=5)
    campaign.do(
        actions.add_hero, name="Venia", might=2, agility=3, will=4, taunt=3, wounded_chips=4
    )
    return campaign


def test_a_die_mean_counts_its_extra_rolls() -> None:
    assert die_mean(("1", "2"), {"1": 1, "2": 2}) == 1.5
    # "1+" is worth 1 and another die: m = (1 + m) / 2 + 0 / 2, so m = 1
    assert die_mean(("1+", "0"), {"1+": 1, "0": 0}) == 1.0


def test_a_die_mean_agrees_with_the_ledgers_own_roller() -> None:
    die = ("0", "1", "1", "2", "1+", "S")
    values = {"0": 0, "1": 1, "2": 2, "1+": 1, "S": 2}
    rng = random.Random(7)
    rolls = [roll(die, 1, "action", rng.randrange(2**31)) for _ in range(20_000)]
    mean = sum(sum(values[f] for f in faces) for faces in rolls) / len(rolls)
    assert mean == pytest.approx(die_mean(die, values), abs=0.05)


def test_luck_is_cumulative_per_hero_and_leaves_undone_rolls_out(campaign: Campaign) -> None:
    campaign.do(actions.make_check, hero="Torrax", ability="might", target=3, roll=("2", "S", "1"))
    campaign.do(actions.make_check, hero="Venia", ability="will", target=2, roll=("1",) * 4)
    campaign.do(actions.make_check, hero="Torrax", ability="might", target=3, roll=("1", "1", "1"))
    campaign.undo()
    points = actions.dice_luck(campaign.game())
    assert [(p.hero, p.rolled) for p in points] == [("Torrax", 5), ("Venia", 4)]
    die = campaign.state().dice or campaign.registry.default_dice()
    per_die = sum({"0": 0, "1": 1, "2": 2, "1+": 1, "S": 2}[f] for f in die.action)
    per_die /= len(die.action) - die.action.count("1+")
    torrax, venia = points
    assert torrax.expected == pytest.approx(3 * per_die)
    assert venia.hero_expected == pytest.approx(4 * per_die)  # Venia's own total only


def test_group_check_rolls_count_and_reactions_use_the_reaction_die(campaign: Campaign) -> None:
    campaign.do(
        actions.group_check,
        ability="agility",
        target=(8, 13, 17),
        order=("Torrax", "Venia"),
        rolls={"Torrax": ("1", "1"), "Venia": ("1", "1", "S")},
        success_entry="361",
    )
    campaign.do(actions.start_scenario_step, scenario=1)
    campaign.do(actions.react, hero="Venia", ability="will", damage=3, roll=("2", "H", "0", "1"))
    points = actions.dice_luck(campaign.game())
    assert [(p.kind, p.hero, p.rolled) for p in points] == [
        ("group check", "Torrax", 2),
        ("group check", "Venia", 4),
        ("reaction", "Venia", 3),
    ]
    assert points[-1].hero_rolled == 7


def test_check_chances_are_the_odds_before_each_roll(campaign: Campaign) -> None:
    odds = actions.odds_of_check(campaign.game(), hero="Torrax", ability="might", target=4)
    campaign.do(actions.make_check, hero="Torrax", ability="might", target=4, roll=("1", "1", "1"))
    campaign.do(actions.make_check, hero="Torrax", ability="might", target=None, roll=("1",) * 3)
    [chance] = actions.check_chances(campaign.game())
    assert (chance.hero, chance.target, chance.success) == ("Torrax", 4, False)
    assert chance.probability == pytest.approx(odds.probability)


def _odds_read_per_check(campaign: Campaign) -> list[tuple[int, float]]:
    """Each check's odds from ``state(at=seq - 1)`` read on its own (what check_chances read
    before it folded forward once through them)."""
    reverted = campaign.history_now().reverted()
    found = []
    for row in campaign.store.log_rows(campaign.name, 1, campaign.head().seq):
        event = campaign.projector.decode(row)
        if row.command in reverted or not isinstance(event, CheckMade) or event.target is None:
            continue
        before = campaign.state(at=row.seq - 1)
        rule = stamina_rule(before)
        stamina = event.stamina_spent if rule == "spend" else PER_FACE * stamina_faces(event.faces)
        bonus = event.total - action_successes(event.faces) - stamina
        unspent = before.hero(event.hero).stamina.unspent
        odds = check_odds(event.die, event.dice, event.target, bonus, rule, unspent)
        found.append((row.seq, odds.probability))
    return found


def test_check_chances_are_the_odds_each_state_before_gives(tmp_path: Path) -> None:
    build(tmp_path / "w.db", 600)
    with Service(tmp_path / "w.db") as service:
        campaign = service.campaign()
        for _ in range(4):
            campaign.undo()
        campaign.redo()
        chances = actions.check_chances(campaign.game())
        assert len(chances) > 20
        assert [(c.seq, c.probability) for c in chances] == _odds_read_per_check(campaign)
        later = actions.check_chances(campaign.game(), after=300)
        assert later == [c for c in chances if c.seq > 300]
