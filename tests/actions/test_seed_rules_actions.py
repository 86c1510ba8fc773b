"""Issue 14's seed rules through the Python API alone (``campaign.do``): discards put the copy
in the Stock, a left-behind item is not discarded for a check, a modifier named twice is
refused, "?" group checks, 8/13/17 by the campaign's Heroes, and the Injury card owed on
becoming wounded; a refusal writes nothing, and the CLI records the very events the actions
do (tests/rules/test_seed_rules.py has the same rules at the CLI)."""

from pathlib import Path

import pluggy

from ledger import Campaign, Ledger
from ledger.errors import BadInput, RuleViolation
from ledger.hosting import Registry
from ledger_base_game import actions
from ledger_base_game.events import InjuryDrawOwed
from tests.helpers.actions import MOONSILVER, TORRAX, VENIA, events_told, refused, run_lines


def rooms(campaign: Campaign) -> None:
    for name in ("Torrax", "Venia"):
        campaign.do(actions.sleep_at, hero=name, place="The Ravenous Guivren", given_by="212")


def to_scenario(campaign: Campaign) -> None:
    rooms(campaign)
    campaign.do(actions.start_journey_step)
    campaign.do(actions.start_scenario_step, scenario=4)


def test_every_discard_puts_the_copy_in_the_stock(campaign: Campaign) -> None:
    campaign.do(actions.start_city_step)
    campaign.do(actions.gain_item, hero="Torrax", item="Rope", value=1)
    campaign.do(actions.discard_item, hero="Torrax", item="rope")
    campaign.do(actions.gain_item, hero="Venia", item="Lantern")
    campaign.do(actions.make_check, hero="Venia", ability="might", target=2, roll=("1", "1"),
                discard=("Lantern",), modifiers=("+1:discard=Lantern",))  # fmt: skip
    campaign.do(actions.gain_item, hero="Torrax", item="Flint")
    campaign.do(actions.group_check, ability="agility", target=2, rolls={"Torrax": ("1", "1"),
                "Venia": ("1", "1", "1")}, discard={"Torrax": "Flint"})  # fmt: skip
    campaign.do(actions.damage, hero="Venia", amount=2)
    campaign.do(actions.gain_item, hero="Venia", item="Star Lotus token")
    campaign.do(actions.use_item, hero="Venia", item="Star Lotus token")
    stock = [item.name for item in campaign.state().stock]
    assert stock == ["Rope", "Lantern", "Flint", "Star Lotus token"]
    assert campaign.state().stock[0].value == 1
    campaign.do(actions.gain_from_supply, hero="Venia", item="Rope")
    assert [item.name for item in campaign.state().hero("Venia").items] == ["Rope"]
    assert campaign.state().hero("Venia").stars == 0


def test_a_left_behind_item_is_not_discarded_for_a_check(campaign: Campaign, db_path: Path) -> None:
    campaign.do(actions.start_city_step)
    campaign.do(actions.gain_item, hero="Venia", item="Old Lantern")
    rooms(campaign)
    campaign.do(actions.start_journey_step)
    campaign.do(actions.leave_item, hero="Venia", item="Old Lantern")
    campaign.do(actions.start_scenario_step, scenario=4)
    with refused(db_path, BadInput, "Old Lantern was left behind on Venia's Hero board"):
        campaign.do(actions.make_check, hero="Venia", ability="might", target=1,
                    roll=("1", "1"), discard=("Old Lantern",),
                    modifiers=("+1:discard=Old Lantern",))  # fmt: skip


def test_the_same_modifier_named_twice_is_refused(campaign: Campaign, db_path: Path) -> None:
    campaign.do(actions.gain_item, hero="Venia", item="Iron Lantern")
    twice = ("+1:item=Iron Lantern", "+1:item=iron lantern")
    with refused(db_path, BadInput, r"the modifier \+1 item 'iron lantern' is named twice"):
        campaign.do(actions.make_check, hero="Venia", ability="might", target=3,
                    roll=("1", "1"), modifiers=twice)  # fmt: skip
    campaign.do(actions.start_city_step)
    with refused(db_path, BadInput, "is named twice"):
        campaign.do(actions.open_group_check, ability="might", target=3, modifiers=twice)


def test_a_question_mark_group_check_records_the_total_and_the_entry_read(
    campaign: Campaign, db_path: Path
) -> None:
    campaign.do(actions.start_city_step)
    recorded = campaign.do(actions.group_check, ability="agility", target=None,
                           rolls={"Torrax": ("1", "1"), "Venia": ("1", "2", "S")},
                           outcome="207")  # fmt: skip
    closed = recorded.events[-1]
    assert (closed.total, closed.success, closed.outcome) == (7, None, "207")  # type: ignore[attr-defined]
    campaign.do(actions.open_group_check, ability="agility", target=3)
    campaign.do(actions.roll_for_group_check, hero="Torrax", roll=("1", "1"))
    campaign.do(actions.roll_for_group_check, hero="Venia", roll=("1", "1", "1"))
    with refused(db_path, BadInput, 'outcome is for a "\\?" check'):
        campaign.do(actions.close_group_check, outcome="208")


def test_8_13_17_follows_the_campaign_and_an_exhausted_hero_sits_out(
    db_path: Path, pm: pluggy.PluginManager
) -> None:
    with Ledger.open(db_path, Registry(pm)) as opened:
        campaign = opened.create_campaign("Three")
        campaign.do(actions.add_hero, name="Torrax", **TORRAX)
        campaign.do(actions.add_hero, name="Venia", **VENIA)
        campaign.do(actions.add_hero, name="Zuva'Sai", might=2, agility=3, will=4, taunt=3,
                    wounded_chips=4)  # fmt: skip
        campaign.do(actions.start_city_step)
        opened_check = campaign.do(actions.open_group_check, ability="agility",
                                   target=(8, 13, 17), order=("Torrax", "Venia"))  # fmt: skip
        assert opened_check.events[0].target == 13  # type: ignore[attr-defined]
        campaign.undo()
        two = campaign.do(actions.open_group_check, ability="agility", target=(8, 13, 17),
                          heroes=2)  # fmt: skip
        assert two.events[0].target == 8  # type: ignore[attr-defined]
        campaign.undo()
        campaign.do(actions.damage, hero="Zuva'Sai", amount=9)
        campaign.do(actions.draw_injury, hero="Zuva'Sai", injury="Battered")
        campaign.do(actions.damage, hero="Zuva'Sai", amount=5)
        assert campaign.state().hero("Zuva'Sai").status == "exhausted"
        default = campaign.do(actions.open_group_check, ability="agility", target=(8, 13, 17))
        event = default.events[0]
        assert (event.order, event.left_out, event.target) == (  # type: ignore[attr-defined]
            ("Torrax", "Venia"), ("Zuva'Sai",), 13,
        )  # fmt: skip
        with refused(db_path, BadInput, "not for 5; name the count the check is read for with "
                     "heroes"):  # fmt: skip
            campaign.do(actions.group_check, ability="agility", target=(8, 13, 17), heroes=5)


def test_becoming_wounded_owes_an_injury_card_and_holds_the_scenario_end(
    campaign: Campaign, db_path: Path
) -> None:
    campaign.do(actions.start_city_step)
    to_scenario(campaign)
    campaign.do(actions.damage, hero="Torrax", amount=11)
    assert campaign.state().hero("Torrax").injury_draws == 1
    with refused(db_path, RuleViolation, "Torrax \\(1 card\\) became wounded") as caught:
        campaign.do(actions.end_scenario, outcome="S1")
    assert str(caught.value).endswith("record the card drawn with draw_injury")
    campaign.do(actions.draw_injury, hero="Torrax", injury="Broken Ribs")
    assert campaign.state().hero("Torrax").injury_draws == 0
    campaign.do(actions.end_scenario, outcome="S1")
    assert campaign.state().hero("Torrax").injuries == ("Broken Ribs",)


def test_an_injury_card_owed_cannot_be_forged(campaign: Campaign, db_path: Path) -> None:
    with refused(db_path, RuleViolation, "Torrax is not wounded"):
        campaign.record([InjuryDrawOwed(hero="Torrax")])


SAME = [
    "step city",
    "item gain Torrax Rope --value 1",
    "item discard Torrax Rope",
    "group-check agility ? --roll Torrax='1 1' --roll Venia='1 1 1' --outcome 207",
    "city sleep Torrax 'The Ravenous Guivren' --given-by 212",
    "city sleep Venia 'The Ravenous Guivren' --given-by 212",
    "step journey",
    "step scenario 4",
    "damage Torrax 11",
    "injury draw Torrax 'Broken Ribs'",
]


def test_the_cli_records_the_very_events_the_actions_do(
    campaign: Campaign, db_path: Path, tmp_path: Path, pm: pluggy.PluginManager
) -> None:
    campaign.do(actions.start_city_step)
    campaign.do(actions.gain_item, hero="Torrax", item="Rope", value=1)
    campaign.do(actions.discard_item, hero="Torrax", item="Rope")
    campaign.do(actions.group_check, ability="agility", target=None,
                rolls={"Torrax": ("1", "1"), "Venia": ("1", "1", "1")},
                outcome="207")  # fmt: skip
    rooms(campaign)
    campaign.do(actions.start_journey_step)
    campaign.do(actions.start_scenario_step, scenario=4)
    campaign.do(actions.damage, hero="Torrax", amount=11)
    campaign.do(actions.draw_injury, hero="Torrax", injury="Broken Ribs")
    typed = tmp_path / "typed.db"
    run_lines(pm, typed, [*MOONSILVER, *SAME])
    assert events_told(typed) == events_told(db_path)


def test_a_reactive_check_offering_two_abilities_lets_the_player_choose(
    campaign: Campaign, db_path: Path
) -> None:
    recorded = campaign.do(actions.react, hero="Torrax", ability="might|agility", damage=2,
                           choose="agility", roll=("0", "0"))  # fmt: skip
    assert recorded.events[0].ability == "agility"  # type: ignore[attr-defined]
    with refused(db_path, BadInput, "the check offers might|agility, not 'will'"):
        campaign.do(actions.react, hero="Torrax", ability="might|agility", damage=2,
                    choose="will", roll=("0", "0"))  # fmt: skip
