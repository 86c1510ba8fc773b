"""The stamina queries the Check page's pad asks: what a roll's stamina faces let a Hero spend
(seed: 1 or 2 a face in a scenario, within the unspent stamina; +2 and nothing to choose
outside one; 0 for a Non-Hero Ally), and after a check, what spending would have changed."""

from pathlib import Path

import pytest

from ledger import Ledger
from ledger.campaign import Campaign
from ledger.errors import BadInput, NotFound
from ledger_base_game import actions
from tests.helpers.cli import Invoke


@pytest.fixture
def campaign(tmp_path: Path) -> Campaign:
    campaign = Ledger.open(tmp_path / "spend.db", create=True).create_campaign("Spend")
    kell = {"might": 3, "agility": 2, "will": 2, "taunt": 4, "chips": 3, "wounded_chips": 2}
    venia = {"might": 2, "agility": 3, "will": 4, "taunt": 3, "wounded_chips": 4}
    campaign.do(actions.add_hero, name="Kell", **kell)
    campaign.do(actions.add_hero, name="Venia", **venia)
    return campaign


def in_scenario(campaign: Campaign) -> Campaign:
    campaign.do(actions.start_scenario_step, scenario=1)
    return campaign


def test_in_a_scenario_each_stamina_face_takes_0_to_2_within_the_unspent(
    campaign: Campaign,
) -> None:
    in_scenario(campaign)
    one = actions.spend_choices(campaign.game(), hero="Kell", roll=("1", "S"))
    assert (one.rule, one.stamina_faces, one.choices) == ("spend", 1, (0, 1, 2))
    two = actions.spend_choices(campaign.game(), hero="kell", roll=("s", "S", "1+", "2"))
    assert two.hero == "Kell"
    assert two.choices == (0, 1, 2, 3)  # 4 by the faces, but Kell has 3 chips unspent


def test_no_stamina_face_or_no_scenario_leaves_nothing_to_choose(campaign: Campaign) -> None:
    outside = actions.spend_choices(campaign.game(), hero="Kell", roll=("S", "1"))
    assert (outside.rule, outside.choices) == ("flat", ())  # +2 a face outside a scenario
    in_scenario(campaign)
    none = actions.spend_choices(campaign.game(), hero="Kell", roll=("1", "2"))
    assert (none.stamina_faces, none.choices) == (0, ())


def test_a_face_the_action_die_does_not_have_or_an_unknown_hero_is_refused(
    campaign: Campaign,
) -> None:
    with pytest.raises(BadInput, match="'H' is not a face of the Action"):
        actions.spend_choices(campaign.game(), hero="Kell", roll=("1", "H"))
    with pytest.raises(NotFound):
        actions.spend_choices(campaign.game(), hero="Nobody", roll=("S",))


def test_an_ally_spends_nothing(campaign: Campaign) -> None:
    campaign.do(actions.add_ally, name="Grimble", might=1, agility=1, will=1, taunt=1)
    answer = actions.spend_choices(campaign.game(), hero="Grimble", roll=("S",))
    assert (answer.rule, answer.choices) == ("none", ())


def test_a_failed_check_with_unspent_faces_says_what_spending_would_have_done(
    campaign: Campaign,
) -> None:
    in_scenario(campaign)
    campaign.do(actions.make_check, hero="Kell", ability="might", target=4, roll=("1", "S", "1"))
    seen = actions.stamina_hindsight(campaign.game(), hero="Kell")
    assert (seen.total, seen.success, seen.spent, seen.most, seen.needed) == (2, False, 0, 2, 2)
    assert seen.would_have_changed
    assert seen.faces == ("1", "S", "1")


def test_hindsight_reads_the_stamina_unspent_before_the_roll(campaign: Campaign) -> None:
    in_scenario(campaign)
    campaign.do(
        actions.make_check, hero="Kell", ability="might", target=6, roll=("S", "S", "1"), spend=1
    )
    seen = actions.stamina_hindsight(campaign.game())
    # 1 rolled + 1 spent = 2 of 6: 5 were needed, the faces take 4 and Kell had 3 chips
    assert (seen.total, seen.spent, seen.most, seen.needed) == (2, 1, 3, None)
    assert not seen.would_have_changed


def test_hindsight_of_a_success_or_outside_a_scenario_changes_nothing(campaign: Campaign) -> None:
    campaign.do(actions.make_check, hero="Kell", ability="might", target=7, roll=("1", "S", "1"))
    outside = actions.stamina_hindsight(campaign.game(), hero="Kell")
    assert (outside.success, outside.most, outside.needed) == (False, 0, None)  # +2, no choice
    in_scenario(campaign)
    campaign.do(actions.make_check, hero="Kell", ability="might", target=2, roll=("2", "S", "1"))
    passed = actions.stamina_hindsight(campaign.game(), hero="Kell")
    assert passed.success
    assert not passed.would_have_changed


def test_hindsight_leaves_undone_checks_out_and_names_what_is_missing(
    campaign: Campaign,
) -> None:
    with pytest.raises(NotFound, match="no active check with a target was made"):
        actions.stamina_hindsight(campaign.game())
    campaign.do(actions.make_check, hero="Kell", ability="might", target=3, roll=("1", "1", "1"))
    campaign.do(actions.make_check, hero="Kell", ability="might", target=9, roll=("1", "1", "1"))
    campaign.undo()
    assert actions.stamina_hindsight(campaign.game()).target == 3
    with pytest.raises(NotFound, match="by Venia"):
        actions.stamina_hindsight(campaign.game(), hero="Venia")
    with pytest.raises(NotFound):
        actions.stamina_hindsight(campaign.game(), hero="Nobody")


def test_hindsight_steps_back_past_many_undone_checks(campaign: Campaign) -> None:
    campaign.do(actions.make_check, hero="Kell", ability="might", target=1, roll=("1", "1", "1"))
    for _ in range(25):  # more than one read of the log's tail
        campaign.do(actions.make_check, hero="Venia", ability="will", target=5, roll=("1",) * 4)
        campaign.undo()
    assert actions.stamina_hindsight(campaign.game()).hero == "Kell"


def test_the_cli_says_after_a_failed_check_what_spending_would_have_changed(
    party: Invoke,
) -> None:
    party("step", "scenario", "4")
    failed = party("check", "Torrax", "might", "4", "--roll", "1 S 1")
    assert "Spending 2 more stamina on the stamina faces would have made it" in failed.output
    passed = party("check", "Torrax", "might", "1", "--roll", "1 S 1", "--name", "another")
    assert "Spending" not in passed.output
    beyond = party("check", "Torrax", "might", "9", "--roll", "1 S 1", "--name", "a third")
    assert "Spending" not in beyond.output  # not even 2 more would have made it
