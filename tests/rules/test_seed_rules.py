"""Rules the seeds state that the ledger once got wrong or left out (issue 14), through the
CLI: every discard puts the copy in the Stock, a left-behind item is not discarded for a check
in a scenario, a modifier named twice is refused, "?" checks record the total and the entry
read, 8/13/17 follows the campaign's Heroes, and becoming wounded owes an Injury card."""

import json
from pathlib import Path
from typing import Any

import pytest

from ledger.hosting import Registry
from ledger.model import CampaignState, Hero, Item, Situation, Stamina, Step, judge, parse_modifier
from tests.helpers import ROOT
from tests.helpers.cli import Invoke, hero, refuse

# ../shared/seeds/city-and-journey-steps.txt, "Allocating Items and Star", word for word.
SEED_DISCARD = (
    "Your Hero may discard items at any time during these steps, placing the discarded items "
    "in the Stock."
)


def as_json(run: Invoke, *args: str) -> Any:
    return json.loads(run(*args, "--json").output)


def stock(run: Invoke) -> dict[str, int]:
    return dict(as_json(run, "stock", "show")["stock"])


@pytest.fixture
def city(party: Invoke) -> Invoke:
    """Zuva'Sai (Taunt 3) and Torrax (Taunt 6) in a City step."""
    party("step", "city")
    return party


def to_scenario(run: Invoke) -> None:
    for name in ("Zuva'Sai", "Torrax"):
        run("city", "sleep", name, "The Ravenous Guivren", "--given-by", "212")
    run("step", "journey")
    run("step", "scenario", "4")


# 1. Discarded items go to the Stock


def test_the_seed_sentence_is_the_ruling_the_docs_give() -> None:
    rulings = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    assert SEED_DISCARD in " ".join(rulings.split())


def test_every_discard_puts_the_copy_in_the_stock(city: Invoke) -> None:
    """By `item discard`, `check --discard`, a group check's discard, `item use`; tokens too."""
    city("item", "gain", "Torrax", "Rope", "--value", "1")
    discarded = city("item", "discard", "Torrax", "Rope")
    assert "Torrax discards Rope; the copy goes to the Stock" in discarded.output
    city("item", "gain", "Zuva'Sai", "Lantern", "--value", "2")
    city("check", "Zuva'Sai", "might", "2", "--roll", "1 1", "--discard", "Lantern",
         "--modifier", "+1:discard=Lantern")  # fmt: skip
    city("item", "gain", "Torrax", "Flint", "--value", "1")
    city("group-check", "agility", "3", "--roll", "Torrax=1 1", "--roll", "Zuva'Sai=1 1 1",
         "--discard", "Torrax=Flint")  # fmt: skip
    city("damage", "Zuva'Sai", "2")
    city("item", "gain", "Zuva'Sai", "Star Lotus token")
    city("item", "use", "Zuva'Sai", "Star Lotus token")
    city("item", "gain", "Zuva'Sai", "Bone token", "--token", "--shape", "triangle")
    city("item", "discard", "Zuva'Sai", "Bone token")
    assert stock(city) == {
        "Rope": 1,
        "Lantern": 1,
        "Flint": 1,
        "Star Lotus token": 1,
        "Bone token": 1,
    }
    shown = city("stock", "show").output
    assert "Rope" in shown
    assert "Bone token" in shown


def test_a_later_gain_or_purchase_finds_the_discarded_copy(city: Invoke) -> None:
    city("item", "gain", "Torrax", "Rope", "--value", "1", "--weight", "1")
    city("item", "discard", "Torrax", "Rope")
    gained = city("stock", "gain", "Zuva'Sai", "Rope", "--value", "1")
    assert "Stars instead" not in gained.output
    zuva = hero(city, "Zuva'Sai")
    assert zuva["items"] == ["Rope"]
    assert zuva["stars"] == 0
    assert zuva["item_details"][0]["weight"] == 1  # the very copy discarded
    city("item", "discard", "Zuva'Sai", "Rope")
    city("stars", "gain", "Torrax", "3")
    city("item", "buy", "Torrax", "Rope", "--price", "2")
    assert hero(city, "Torrax")["items"] == ["Rope"]
    assert stock(city) == {}


def test_a_quest_item_is_still_never_discarded(city: Invoke, invoke: Invoke, db_path: Path) -> None:
    city("item", "gain", "Torrax", "Sealed Letter", "--quest")
    refuse(invoke, db_path, "item", "discard", "Torrax", "Sealed Letter", says="Quest item")
    assert stock(city) == {}


def test_an_active_item_discarded_in_a_scenario_is_stored_in_no_ones_hands(
    city: Invoke,
) -> None:
    city("item", "gain", "Torrax", "Torch", "--hands", "1")
    to_scenario(city)
    city("loadout", "active", "Torrax", "Torch")
    city("item", "discard", "Torrax", "Torch")
    assert stock(city) == {"Torch": 1}
    city("stock", "take", "Zuva'Sai", "Torch")
    assert hero(city, "Zuva'Sai")["item_details"][0]["active"] is False


# 2. Left-behind items and modifiers named twice


def test_a_left_behind_item_is_not_discarded_to_meet_a_modifier(
    city: Invoke, invoke: Invoke, db_path: Path
) -> None:
    city("item", "gain", "Zuva'Sai", "Old Lantern", "--value", "2")
    for name in ("Zuva'Sai", "Torrax"):
        city("city", "sleep", name, "The Ravenous Guivren", "--given-by", "212")
    city("step", "journey")
    city("loadout", "leave", "Zuva'Sai", "Old Lantern")
    city("step", "scenario", "4")
    said = refuse(
        invoke, db_path, "check", "Zuva'Sai", "might", "1", "--roll", "1 1",
        "--discard", "Old Lantern", "--modifier", "+1:discard=Old Lantern",
        says="Old Lantern was left behind",
    )  # fmt: skip
    assert "cannot be discarded for a check" in said
    assert hero(city, "Zuva'Sai")["items"] == ["Old Lantern"]


def test_a_hand_item_need_not_be_active_to_be_discarded_for_a_modifier(city: Invoke) -> None:
    """The seed asks an active hand item only of the "carrying" requirement."""
    city("item", "gain", "Zuva'Sai", "Torch", "--hands", "1")
    city("item", "gain", "Zuva'Sai", "Sling", "--hands", "1")
    to_scenario(city)
    check = as_json(
        city, "check", "Zuva'Sai", "might", "2", "--roll", "1 1", "--discard", "Torch",
        "--modifier", "+1:discard=Torch", "--modifier", "+1:item=Sling",
    )  # fmt: skip
    discarded, carried = check["modifiers"]
    assert discarded["applied"] is True
    assert carried["applied"] is False
    assert "Sling has a hand symbol and is not an active item" in carried["why"]
    assert check["total"] == 3


def test_a_left_behind_item_does_not_meet_a_discard_modifier(registry: Registry) -> None:
    """The modifier type itself says so, whoever asks it (a plugin's action, say)."""
    lantern = Item(name="Old Lantern", left_behind=True)
    zuva = Hero(name="Zuva'Sai", might=2, agility=3, will=4, taunt=3, chips=8,
                wounded_chips=4, stamina=Stamina(unspent=8), items=(lantern,))  # fmt: skip
    state = CampaignState(heroes={"Zuva'Sai": zuva}, step=Step(kind="scenario", number=1))
    situation = Situation(state=state, hero=zuva, discarding=("Old Lantern",), registry=registry)
    verdict = judge(parse_modifier("+1:discard=old lantern"), situation)
    assert verdict.applied is False
    assert verdict.why == "Old Lantern was left behind for this scenario"


def test_the_same_modifier_named_twice_is_refused_not_counted_twice(
    city: Invoke, invoke: Invoke, db_path: Path
) -> None:
    city("item", "gain", "Zuva'Sai", "Iron Lantern")
    twice = ("--modifier", "+1:item=Iron Lantern", "--modifier", "+1:item=iron lantern")
    said = refuse(
        invoke, db_path, "check", "Zuva'Sai", "might", "3", "--roll", "1 1", *twice,
        says="is named twice",
    )  # fmt: skip
    assert "+1 item 'iron lantern'" in said
    refuse(invoke, db_path, "group-check", "might", "3", *twice, says="is named twice")
    once = as_json(city, "check", "Zuva'Sai", "might", "3", "--roll", "1 1", *twice[:2])
    assert once["total"] == 3


# 3. "?" checks with more than two outcomes


def test_a_question_mark_check_records_the_total_and_the_entry_read(city: Invoke) -> None:
    check = as_json(city, "check", "Zuva'Sai", "will", "?", "--roll", "1 1 2 S",
                    "--outcome", "204")  # fmt: skip
    assert (check["target"], check["total"], check["success"], check["outcome"]) == (
        None, 6, None, "204",
    )  # fmt: skip
    logged = city("log").output
    assert "Will check ? — rolled 1 1 2 S; total 6: recorded → 204" in logged


def test_a_question_mark_group_check_records_the_total_and_the_entry_read(
    city: Invoke, invoke: Invoke, db_path: Path
) -> None:
    closed = as_json(city, "group-check", "agility", "?", "--roll", "Torrax=1 1",
                     "--roll", "Zuva'Sai=1 2 S", "--outcome", "207")  # fmt: skip
    assert (closed["total"], closed["success"], closed["outcome"]) == (7, None, "207")
    assert "Group check closed: total 7, recorded → 207" in city("log").output
    refuse(invoke, db_path, "group-check", "agility", "?", "--success-entry", "361",
           says='a "?" check has no success or failure entry')  # fmt: skip
    city("group-step", "open", "agility", "?")
    assert "Group Agility check, ? needed" in city("group-step").output
    city("group-step", "roll", "Torrax", "--roll", "1 1")
    city("group-step", "roll", "Zuva'Sai", "--roll", "1 1 1")
    stepped = as_json(city, "group-step", "close", "--outcome", "208")
    assert (stepped["total"], stepped["success"], stepped["outcome"]) == (5, None, "208")
    city("group-step", "open", "agility", "3")
    city("group-step", "roll", "Torrax", "--roll", "1 1")
    city("group-step", "roll", "Zuva'Sai", "--roll", "1 1 1")
    said = refuse(invoke, db_path, "group-step", "close", "--outcome", "208",
                  says='--outcome is for a "?" check')  # fmt: skip
    assert "needs 3 successes" in said


# 4. Group checks and the number of Heroes


@pytest.fixture
def three(city: Invoke) -> Invoke:
    city("hero", "add", "Venia", "--might", "1", "--agility", "3", "--will", "2", "--taunt",
         "4", "--chips", "8", "--wounded-chips", "4")  # fmt: skip
    return city


def test_8_13_17_follows_the_heroes_in_the_campaign(three: Invoke) -> None:
    """Ruling §12.8: the seed's "In a game with 2 Heroes … requires 8"."""
    rolls = ("--roll", "Torrax=1 1", "--roll", "Venia=1 1 1")
    two_roll = as_json(three, "group-check", "agility", "8/13/17", "--order", "Torrax,Venia",
                       *rolls)  # fmt: skip
    assert two_roll["target"] == 13  # three Heroes in the campaign, two of them roll
    named = as_json(three, "group-check", "agility", "8/13/17", "--order", "Torrax,Venia",
                    "--heroes", "2", *rolls)  # fmt: skip
    assert named["target"] == 8
    assert "Group Agility check opened: 8 needed (for 2 Heroes)" in three("log").output


def test_an_exhausted_hero_is_left_out_of_the_order_by_taunt_with_a_note(
    three: Invoke, invoke: Invoke, db_path: Path
) -> None:
    three("damage", "Venia", "9")  # wounded
    three("damage", "Venia", "5")  # exhausted
    assert hero(three, "Venia")["status"] == "exhausted"
    result = three("group-check", "agility", "8/13/17", "--roll", "Torrax=1 1",
                   "--roll", "Zuva'Sai=1 1 1")  # fmt: skip
    assert "Venia is exhausted and cannot act: left out of the group check" in result.output
    assert "13 needed (for 3 Heroes); Torrax, Zuva'Sai (order by Taunt)" in result.output
    said = refuse(invoke, db_path, "group-check", "agility", "3", "--roll", "Venia=1 1 1",
                  says="Venia is exhausted and left out of the group check")  # fmt: skip
    assert "Traceback" not in said


def test_a_count_the_thresholds_do_not_cover_names_the_option(
    city: Invoke, invoke: Invoke, db_path: Path
) -> None:
    said = refuse(invoke, db_path, "group-check", "agility", "8/13/17", "--heroes", "5",
                  says="8/13/17 gives targets for 2/3/4 Heroes, not for 5")  # fmt: skip
    assert "with --heroes" in said
    refuse(invoke, db_path, "group-check", "agility", "8/13/17", "--heroes", "0",
           says="--heroes is from 1 to 99, not 0", code=2)  # fmt: skip


# 5. Becoming wounded means drawing an Injury card


def test_a_wounded_hero_owes_an_injury_card_until_it_is_drawn(
    city: Invoke, invoke: Invoke, db_path: Path
) -> None:
    to_scenario(city)
    wounded = city("damage", "Torrax", "11")
    assert "Torrax became wounded and must draw an Injury card (§2.3)" in wounded.output
    assert hero(city, "Torrax")["injury_draws"] == 1
    assert "Injuries    1 to draw (`injury draw`)" in city("hero", "show", "Torrax").output
    said = refuse(invoke, db_path, "scenario", "end", "--outcome", "S1",
                  says="Torrax (1 card) became wounded and must draw an Injury card")  # fmt: skip
    assert "record the card drawn with `injury draw`" in said
    city("injury", "draw", "Torrax", "Broken Ribs")
    torrax = hero(city, "Torrax")
    assert "injury_draws" not in torrax  # shown only while a card is owed
    assert torrax["injuries"] == ["Broken Ribs"]
    city("scenario", "end", "--outcome", "S1")
    assert hero(city, "Torrax")["injuries"] == ["Broken Ribs"]


def test_a_reaction_or_a_night_without_a_bed_can_wound_too(city: Invoke) -> None:
    city("damage", "Zuva'Sai", "8")
    city("step", "journey")  # Zuva'Sai found no bed: the 2 stamina lost become damage
    zuva = hero(city, "Zuva'Sai")
    assert (zuva["status"], zuva["injury_draws"]) == ("wounded", 1)
    city("injury", "draw", "Zuva'Sai", "Battered")
    city("step", "scenario", "4")
    city("damage", "Torrax", "9")
    city("react", "Torrax", "might", "--damage", "3", "--roll", "0 0 0")
    assert hero(city, "Torrax")["injury_draws"] == 1


def test_an_injury_drawn_from_another_effect_owes_nothing(city: Invoke) -> None:
    city("injury", "draw", "Torrax", "Sprained Wrist")
    torrax = hero(city, "Torrax")
    assert "injury_draws" not in torrax
    assert torrax["injuries"] == ["Sprained Wrist"]


# 6. Other disagreements with the seeds


def test_a_reactive_check_offering_two_abilities_lets_the_player_choose(city: Invoke) -> None:
    """Seed: "Some reactive ability checks allow you to choose between two or more
    abilities." Torrax: Might 3, Agility 2."""
    highest = as_json(city, "react", "Torrax", "might|agility", "--damage", "2",
                      "--roll", "0 0 0")  # fmt: skip
    assert (highest["ability"], highest["dice"]) == ("might", 3)
    chosen = as_json(city, "react", "Torrax", "might|agility", "--damage", "2",
                     "--choose", "agility", "--roll", "0 0")  # fmt: skip
    assert (chosen["ability"], chosen["dice"]) == ("agility", 2)
