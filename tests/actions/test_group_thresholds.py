"""A group check printed as thresholds by Hero count (8/13/17: 2, 3 and 4 Heroes) gives one
target per count, read by one rule: the action that opens the check and the event that
records it agree (they were two copies once, one of them ``heroes - 2``)."""

import pytest

from ledger.campaign import Campaign
from ledger.errors import BadInput, RuleViolation
from ledger_base_game import actions
from ledger_base_game.events import GroupCheckOpened
from ledger_base_game.rules.group_checks import threshold_target

PRINTED = (8, 13, 17)
COUNTS = [(2, 8), (3, 13), (4, 17)]


def recorded_event(heroes: int, target: int | None) -> GroupCheckOpened:
    return GroupCheckOpened(
        ability="agility",
        target=target,
        thresholds=PRINTED,
        heroes=heroes,
        order=("Torrax", "Venia"),
        agreed=True,
    )


@pytest.mark.parametrize(("heroes", "target"), COUNTS)
def test_the_rule_gives_the_printed_target_for_each_count(heroes: int, target: int) -> None:
    assert threshold_target(PRINTED, heroes) == target


@pytest.mark.parametrize(("heroes", "target"), COUNTS)
def test_the_action_opens_the_check_with_that_target(
    campaign: Campaign, heroes: int, target: int
) -> None:
    recorded = campaign.do(
        actions.open_group_check, ability="agility", target=PRINTED, heroes=heroes
    )
    opened = recorded.events[0]
    assert isinstance(opened, GroupCheckOpened)
    assert (opened.target, opened.thresholds, opened.heroes) == (target, PRINTED, heroes)
    group = campaign.state().group_check
    assert group is not None
    assert group.target == target


@pytest.mark.parametrize(("heroes", "target"), COUNTS)
def test_the_event_takes_that_target_and_refuses_the_others(
    campaign: Campaign, heroes: int, target: int
) -> None:
    state = campaign.state()
    group = recorded_event(heroes, target).apply(state).group_check
    assert group is not None
    assert group.target == target
    for other in PRINTED:
        if other != target:
            with pytest.raises(RuleViolation, match=f"for {heroes} Heroes the target is {target},"):
                recorded_event(heroes, other).apply(state)


@pytest.mark.parametrize("heroes", [1, 5])
def test_a_count_the_thresholds_do_not_give_is_refused_by_both(
    campaign: Campaign, heroes: int
) -> None:
    assert threshold_target(PRINTED, heroes) is None
    with pytest.raises(BadInput, match=f"8/13/17 gives targets for 2/3/4 Heroes, not for {heroes}"):
        campaign.do(actions.open_group_check, ability="agility", target=PRINTED, heroes=heroes)
    with pytest.raises(RuleViolation, match=f"the thresholds give no target for {heroes} Heroes"):
        recorded_event(heroes, 8).apply(campaign.state())
