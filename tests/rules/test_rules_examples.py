"""The worked examples of the rules file (§10.1, §10.11–10.15) and the seed text, through the
CLI exactly as a group would type them."""

from typing import Any

import pytest

from tests.helpers.cli import Invoke, hero


def chips(shown: dict[str, Any]) -> tuple[int, int, int, int]:
    s = shown["stamina"]
    return s["unspent"], s["spent"], s["wound"], s["locked"]


def nine_chip_hero(run: Invoke) -> Invoke:
    """§10.11–10.14 use a Hero with 9 chips and a wounded capacity of 5."""
    run("campaign", "new", "Examples")
    run(
        "hero",
        "add",
        "Lunara",
        "--might",
        "2",
        "--agility",
        "2",
        "--will",
        "3",
        "--taunt",
        "4",
        "--chips",
        "9",
        "--wounded-chips",
        "5",
    )
    return run


def test_seed_zuva_sai_unlucky_city_step(party: Invoke) -> None:
    """§10.1 / seed text: carried into the scenario, 1 spent and Cursed, no damage."""
    party("step", "city")
    party("item", "gain", "Zuva'Sai", "Star Lotus token")
    party("stamina", "lose", "Zuva'Sai", "1")
    party("damage", "Zuva'Sai", "2")
    cursed = party("condition", "add", "Zuva'Sai", "Cursed")
    assert "no effect until the scenario" in party("hero", "show", "Zuva'Sai").output
    assert "Cursed" in cursed.output
    party("item", "use", "Zuva'Sai", "Star Lotus token")
    for name in ("Zuva'Sai", "Torrax"):  # or each would lose 2 stamina sleeping rough (§8.1)
        party("city", "sleep", name, "The Ravenous Guivren", "--given-by", "212")
    party("step", "journey")
    party("step", "scenario", "4")
    start = hero(party, "Zuva'Sai", "--at", "scenario-4")
    assert chips(start) == (7, 1, 0, 0)  # unspent = maximum - 1
    assert start["conditions"] == ["Cursed"]
    assert start["conditions_in_effect"] is True
    assert start["items"] == []  # the Star Lotus token was discarded


def test_10_11_damage_cascade_wounded_then_exhausted(ok: Invoke) -> None:
    run = nine_chip_hero(ok)
    run("stamina", "spend", "Lunara", "3")
    assert chips(hero(run, "Lunara")) == (6, 3, 0, 0)
    run("damage", "Lunara", "7")
    assert chips(hero(run, "Lunara")) == (0, 2, 7, 0)
    wounded = run("damage", "Lunara", "4")
    assert "Injury card" in wounded.output
    shown = hero(run, "Lunara")
    assert shown["status"] == "wounded"
    assert chips(shown) == (5, 0, 4, 0)
    run("damage", "Lunara", "10")
    shown = hero(run, "Lunara")
    assert shown["status"] == "exhausted"
    assert chips(shown) == (0, 0, 9, 0)


def test_10_12_stamina_loss_overflow_and_caps(ok: Invoke, invoke: Invoke) -> None:
    run = nine_chip_hero(ok)
    run("damage", "Lunara", "3")
    run("stamina", "spend", "Lunara", "4")
    assert chips(hero(run, "Lunara")) == (2, 4, 3, 0)
    run("stamina", "lose", "Lunara", "3")  # shortfall of 1 becomes 1 damage
    assert chips(hero(run, "Lunara")) == (0, 5, 4, 0)
    refused = invoke("stamina", "spend", "Lunara", "1")
    assert refused.exit_code == 1
    assert "only 0 unspent stamina" in refused.output
    run("stamina", "restore", "Lunara", "7")
    assert chips(hero(run, "Lunara")) == (5, 0, 4, 0)
    run("heal", "Lunara", "6")
    assert chips(hero(run, "Lunara")) == (9, 0, 0, 0)


def test_10_13_locked_stamina_and_damage(ok: Invoke) -> None:
    run = nine_chip_hero(ok)
    run("damage", "Lunara", "5")
    run("stamina", "lock", "Lunara", "2", "--on", "Eye of Serupod")
    run("stamina", "spend", "Lunara", "1")
    shown = hero(run, "Lunara")
    assert chips(shown) == (1, 1, 5, 2)
    run("damage", "Lunara", "3")
    shown = hero(run, "Lunara")
    assert chips(shown) == (0, 1, 8, 0)
    assert shown["stamina"]["locks"] == []  # the passive ended


def test_10_14_removing_wounded_keeps_the_chips(ok: Invoke) -> None:
    run = nine_chip_hero(ok)
    run("damage", "Lunara", "10")  # 9 wound, then wounded: 5 back on the red side
    run("stamina", "spend", "Lunara", "2")
    shown = hero(run, "Lunara")
    assert shown["status"] == "wounded"
    assert chips(shown) == (3, 2, 4, 0)
    run("status", "remove", "Lunara", "wounded")
    shown = hero(run, "Lunara")
    assert shown["status"] == "normal"
    assert chips(shown) == (3, 2, 4, 0)


def test_10_14_removing_exhausted_is_a_full_reset(ok: Invoke, invoke: Invoke) -> None:
    run = nine_chip_hero(ok)
    run("damage", "Lunara", "10")
    run("damage", "Lunara", "6")
    assert hero(run, "Lunara")["status"] == "exhausted"
    refused = invoke("heal", "Lunara", "1")  # nothing affects an exhausted Hero
    assert refused.exit_code == 1
    assert "exhausted" in refused.output
    run("status", "remove", "Lunara", "exhausted")
    shown = hero(run, "Lunara")
    assert shown["status"] == "normal"
    assert chips(shown) == (9, 0, 0, 0)


def test_10_14_end_of_scenario_from_any_state(ok: Invoke) -> None:
    run = nine_chip_hero(ok)
    run("item", "gain", "Lunara", "Sword")
    run("stars", "gain", "Lunara", "4")
    run("step", "scenario", "1")
    run("stamina", "lock", "Lunara", "2")
    run("damage", "Lunara", "12")  # wounded: an Injury card is drawn (§2.3)
    run("injury", "draw", "Lunara", "Broken Ribs")
    run("condition", "add", "Lunara", "Bleeding")
    run("condition", "add", "Lunara", "Held")
    run("scenario", "end", "--outcome", "S2")
    shown = hero(run, "Lunara")
    assert shown["status"] == "normal"
    assert chips(shown) == (9, 0, 0, 0)
    assert shown["conditions"] == []
    assert shown["items"] == ["Sword"]
    assert shown["stars"] == 4
    assert shown["injuries"] == ["Broken Ribs"]  # kept (§2.5)


def test_10_15_condition_limits(party: Invoke) -> None:
    party("condition", "add", "Torrax", "Slowed")
    party("condition", "add", "Torrax", "Cursed")
    party("condition", "add", "Torrax", "Bleeding")  # #3 is the lowest: discarded at once
    assert hero(party, "Torrax")["conditions"] == ["Slowed", "Cursed"]
    party("condition", "add", "Torrax", "Stunned")  # Slowed (#4) goes
    assert hero(party, "Torrax")["conditions"] == ["Cursed", "Stunned"]
    again = party("condition", "add", "Torrax", "stunned")
    assert "no change" in again.output
    assert hero(party, "Torrax")["conditions"] == ["Cursed", "Stunned"]


def test_healing_while_wounded_fills_the_red_side_then_spent(ok: Invoke) -> None:
    """Ruling §12.3."""
    run = nine_chip_hero(ok)
    run("damage", "Lunara", "10")  # wounded: 5 unspent, 4 wound
    run("heal", "Lunara", "3")
    shown = hero(run, "Lunara")
    assert chips(shown) == (5, 3, 1, 0)


def test_restore_while_wounded_is_capped_by_the_red_side(ok: Invoke) -> None:
    run = nine_chip_hero(ok)
    run("damage", "Lunara", "10")
    run("heal", "Lunara", "4")  # 5 unspent, 4 spent
    run("stamina", "spend", "Lunara", "1")
    run("stamina", "restore", "Lunara", "5")
    assert chips(hero(run, "Lunara")) == (5, 4, 0, 0)


def test_relocking_a_passive_ends_the_old_instance(ok: Invoke) -> None:
    run = nine_chip_hero(ok)
    run("stamina", "lock", "Lunara", "2", "--on", "Shield Wall")
    run("stamina", "lock", "Lunara", "3", "--on", "Shield Wall")
    shown = hero(run, "Lunara")
    assert chips(shown) == (4, 2, 0, 3)
    run("stamina", "unlock", "Lunara", "--on", "Shield Wall")
    assert chips(hero(run, "Lunara")) == (4, 5, 0, 0)


@pytest.mark.parametrize(
    ("targets", "expect_exit"),
    [((), 0), (("--on", "Torrax"), 0), (("--on", "Torrax", "--on", "Zuva'Sai"), 1)],
)
def test_ranged_item_affects_any_one_hero(
    party: Invoke, invoke: Invoke, targets: tuple[str, ...], expect_exit: int
) -> None:
    party("damage", "Torrax", "3")
    party("damage", "Zuva'Sai", "3")
    party("item", "gain", "Zuva'Sai", "Healing Salve", "--heal", "2", "--target", "ranged")
    assert invoke("item", "use", "Zuva'Sai", "Healing Salve", *targets).exit_code == expect_exit


def test_area_item_affects_several_heroes(party: Invoke) -> None:
    party("damage", "Torrax", "3")
    party("damage", "Zuva'Sai", "3")
    party("condition", "add", "Torrax", "Cursed")
    party(
        "item",
        "gain",
        "Zuva'Sai",
        "Sacred Incense",
        "--heal",
        "2",
        "--removes-conditions",
        "1",
        "--target",
        "area",
    )
    party(
        "item",
        "use",
        "Zuva'Sai",
        "Sacred Incense",
        "--on",
        "Torrax",
        "--on",
        "Zuva'Sai",
        "--condition",
        "Cursed",
    )
    torrax, zuva = hero(party, "Torrax"), hero(party, "Zuva'Sai")
    assert chips(torrax)[2] == 1
    assert chips(zuva)[2] == 1
    assert torrax["conditions"] == []
    assert zuva["items"] == []


def test_self_item_cannot_target_another_hero(party: Invoke, invoke: Invoke) -> None:
    party("damage", "Torrax", "3")
    party("item", "gain", "Zuva'Sai", "Potion of Healing")
    refused = invoke("item", "use", "Zuva'Sai", "Potion of Healing", "--on", "Torrax")
    assert refused.exit_code == 1
    assert "only the Hero using it" in refused.output


def test_items_and_stars_change_hands(party: Invoke) -> None:
    party("item", "gain", "Torrax", "Sword")
    party("item", "give", "sword", "--from", "Torrax", "--to", "Zuva'Sai")
    party("stars", "gain", "Torrax", "10")
    party("stars", "give", "4", "--from", "Torrax", "--to", "Zuva'Sai")
    party("stars", "spend", "Zuva'Sai", "3")
    torrax, zuva = hero(party, "Torrax"), hero(party, "Zuva'Sai")
    assert (torrax["items"], torrax["stars"]) == ([], 6)
    assert (zuva["items"], zuva["stars"]) == (["Sword"], 1)
