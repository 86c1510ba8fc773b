"""Active, reactive, group and progressive checks through the CLI: the seed's examples, the
rules file's §10.2, §10.3, §10.17, §10.18, and every refusal writing nothing."""

import json
from pathlib import Path
from typing import Any

import pluggy
import pytest

from tests.helpers.cli import Invoke
from tests.helpers.files import event_count
from tests.helpers.hero_setup import HeroSetup, set_hero


@pytest.fixture
def ledger_plugins() -> list[object]:
    """HeroSetup's event sets what a Hero has (gems, Talents...) for these tests."""
    return [HeroSetup]


def add(run: Invoke, name: str, **stats: int) -> None:
    args = [f"--{k.replace('_', '-')}={v}" for k, v in stats.items()]
    run("hero", "add", name, *args)


@pytest.fixture
def table(ok: Invoke) -> Invoke:
    """Torrax (Might 3, Agility 2, Taunt 6) and Venia (Agility 3, Taunt 3), in a City step."""
    ok("campaign", "new", "Checks")
    add(ok, "Torrax", agility=2, will=2, taunt=6, wounded_chips=5)
    add(ok, "Venia", might=2, agility=3, will=2, taunt=3, wounded_chips=4)
    ok("step", "city")
    return ok


def as_json(run: Invoke, *args: str) -> dict[str, Any]:
    return dict(json.loads(run(*args, "--json").output))


def gems(run: Invoke, hero: str) -> dict[str, int]:
    return dict(as_json(run, "hero", "show", hero)["gems"])


def refused(invoke: Invoke, db_path: Path, *args: str, code: int = 1) -> str:
    """Run a command that must fail with exit 1 (``code``: 2 for a number out of range, a
    usage error) and write nothing; return its message."""
    before = event_count(db_path)
    result = invoke(*args)
    assert result.exit_code == code, result.output
    assert event_count(db_path) == before
    return result.output


def to_scenario(run: Invoke) -> None:
    """From the City step into scenario 4, every Hero with a room (no stamina lost)."""
    for hero in as_json(run, "party", "show")["heroes"]:
        run("city", "sleep", hero["name"], "The Ravenous Guivren", "--given-by", "212")
    run("step", "journey")
    run("step", "scenario", "4")


# §10.2: the seed's group check


def test_10_2_torrax_and_venia_group_check(
    table: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    for hero in ("Torrax", "Venia"):
        set_hero(db_path, pm, hero, achievement=1)
    result = as_json(
        table,
        "group-check",
        "agility",
        "8/13/17",
        "--order",
        "Torrax,Venia",
        "--roll",
        "Torrax=1 1",
        "--roll",
        "Venia=1 1 S",  # the stamina face counts 2 outside a scenario: 4
        "--gem",
        "Torrax",
        "--gem",
        "Venia",
        "--success-entry",
        "361",
        "--failure-entry",
        "076",
    )
    assert (result["total"], result["success"], result["outcome"]) == (8, True, "361")
    assert result["rolled"] == {"Torrax": 2, "Venia": 4}  # 6 before the gems
    assert gems(table, "Torrax")["achievement"] == gems(table, "Venia")["achievement"] == 0
    stamina = as_json(table, "hero", "show", "Venia")["stamina"]
    assert (stamina["unspent"], stamina["spent"]) == (7, 0)  # no stamina spent
    log = [e["type"] for e in json.loads(table("log", "--json").output)]
    assert log[-6:] == [
        "base:group-check-opened",
        "base:group-check-rolled",
        "base:group-check-rolled",
        "base:group-check-gem",
        "base:group-check-gem",
        "base:group-check-closed",
    ]


def test_10_2_step_by_step_refuses_early_and_second_gems(
    table: Invoke, invoke: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    for hero in ("Torrax", "Venia"):
        set_hero(db_path, pm, hero, achievement=2, inspiration=1)
    table(
        "group-step", "open", "agility", "8/13/17", "--order", "Torrax,Venia",
        "--success-entry", "361", "--failure-entry", "076",
    )  # fmt: skip
    table("group-step", "roll", "Torrax", "--roll", "1 1")
    assert "Venia has not" in refused(invoke, db_path, "group-step", "gem", "Torrax")
    table("group-step", "roll", "Venia", "--roll", "1 1 S")
    assert as_json(table, "group-step", "show")["total"] == 6
    assert "Inspiration gem is declared before the roll" in refused(
        invoke, db_path, "group-step", "gem", "Venia", "--kind", "inspiration"
    )
    table("group-step", "gem", "Torrax")
    assert "already spent a gem" in refused(invoke, db_path, "group-step", "gem", "Torrax")
    table("group-step", "gem", "Venia")
    closed = as_json(table, "group-step", "close")
    assert (closed["total"], closed["success"], closed["outcome"]) == (8, True, "361")
    assert gems(table, "Torrax") == {"achievement": 1, "inspiration": 1}


def test_group_check_order_is_by_taunt_and_failure_leads_to_the_other_entry(
    table: Invoke, invoke: Invoke, db_path: Path
) -> None:
    message = refused(invoke, db_path, "group-check", "agility", "8", "--roll", "Venia=1 1")
    assert "3 Action (red) dice (Venia's Agility 3) show 3 faces, but 2 were given" in message
    no_gem = refused(invoke, db_path, "group-check", "agility", "8", "--gem", "Venia")
    assert "Venia has 0 Achievement gems" in no_gem
    result = as_json(
        table, "group-check", "agility", "8/13/17", "--roll", "Torrax=1 2", "--roll",
        "Venia=1 1 1", "--failure-entry", "076", "--success-entry", "361",
    )  # fmt: skip
    assert result["order"] == ["Torrax", "Venia"]  # Taunt 6 before Taunt 3
    assert (result["total"], result["success"], result["outcome"]) == (6, False, "076")
    assert "not for 1" in refused(
        invoke, db_path, "group-check", "agility", "8/13/17", "--order", "Venia", "--heroes", "1"
    )


# The seed's modifier example: Lock picking from the Burglary Talent or active Thieves Tools


def test_seed_lock_picking_from_the_burglary_talent(
    table: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    set_hero(db_path, pm, "Venia", talents=("Burglary",), profession="Streetwise")
    lock = ("--modifier", "+2:phrase=Lock picking")
    venia = as_json(table, "check", "Venia", "agility", "5", "--roll", "1 1 1", *lock)
    assert (venia["total"], venia["success"]) == (5, True)
    assert venia["modifiers"][0]["applied"] is True
    assert "Talent Burglary" in venia["modifiers"][0]["why"]
    torrax = as_json(table, "check", "Torrax", "agility", "5", "--roll", "2 1", *lock)
    assert (torrax["total"], torrax["success"]) == (3, False)
    assert torrax["modifiers"][0]["applied"] is False
    text = table("check", "Venia", "agility", "5", "--roll", "1 1 1", *lock).output
    assert "+2 phrase 'Lock picking' applies: Venia has Lock picking from the Talent" in text


def test_seed_lock_picking_from_thieves_tools_as_an_active_item(
    table: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    table("item", "gain", "Torrax", "Thieves Tools")
    lock = ("--modifier", "+2:phrase=Lock picking", "--roll", "1 1")
    city = as_json(table, "check", "Torrax", "agility", "4", *lock)
    assert city["modifiers"][0]["applied"] is True  # carried is enough outside a scenario
    to_scenario(table)
    hands = as_json(table, "check", "Torrax", "agility", "4", *lock)
    assert hands["modifiers"][0]["applied"] is False
    assert "not an active item" in hands["modifiers"][0]["why"]
    set_hero(db_path, pm, "Torrax", active=("Thieves Tools",))
    table("scenario", "round")  # the same check again: next turn (once per turn, §5.1)
    active = as_json(table, "check", "Torrax", "agility", "4", *lock)
    assert (active["total"], active["success"]) == (4, True)
    assert active["modifiers"][0]["why"] == "Thieves Tools (active) has the phrase Lock picking"


def test_negative_and_discard_modifiers(table: Invoke, invoke: Invoke, db_path: Path) -> None:
    table("item", "gain", "Venia", "Star Lotus token")
    result = as_json(
        table, "check", "Venia", "agility", "3", "--roll", "2 2 1",
        "--modifier", "-2:hero=Venia", "--modifier", "+1:discard=Star Lotus token",
        "--discard", "Star Lotus token",
    )  # fmt: skip
    assert result["total"] == 5 - 2 + 1
    assert [m["applied"] for m in result["modifiers"]] == [True, True]
    assert [e["type"] for e in result["events"]] == ["base:check-made", "base:item-discarded"]
    assert as_json(table, "hero", "show", "Venia")["items"] == []
    unknown = refused(invoke, db_path, "check", "Venia", "agility", "3", "--modifier", "+1:x=y")
    assert "unknown modifier type 'x'" in unknown


# Stamina faces


def test_stamina_faces_in_a_scenario_are_spent_and_outside_count_two(
    table: Invoke, invoke: Invoke, db_path: Path
) -> None:
    outside = refused(
        invoke, db_path, "check", "Venia", "agility", "3", "--roll", "1 1 S", "--spend-stamina", "1"
    )
    assert "no stamina is spent on a check outside a scenario" in outside
    to_scenario(table)
    spent = as_json(
        table, "check", "Venia", "agility", "4", "--roll", "1+ S 1 S", "--spend-stamina", "2"
    )
    assert (spent["total"], spent["stamina_spent"], spent["success"]) == (4, 2, True)
    assert as_json(table, "hero", "show", "Venia")["stamina"]["unspent"] == 5
    assert "0 to 4 stamina" in refused(
        invoke, db_path, "check", "Venia", "agility", "4", "--roll", "1+ S 1 S",
        "--spend-stamina", "5",
    )  # fmt: skip
    table("scenario", "round")  # the same check again: next turn (once per turn, §5.1)
    best = as_json(
        table, "check", "Venia", "agility", "4", "--roll", "1 S 1", "--spend-stamina", "best"
    )
    assert (best["stamina_spent"], best["total"]) == (2, 4)
    table("stamina", "spend", "Venia", "3")
    assert "only 0 unspent stamina" in refused(
        invoke, db_path, "check", "Venia", "agility", "3", "--roll", "1 S 1", "--spend-stamina", "1"
    )


# Refusals: nothing written


def test_wrong_length_second_gem_and_late_inspiration_are_refused(
    table: Invoke, invoke: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    set_hero(db_path, pm, "Venia", achievement=2, inspiration=1)
    short = refused(invoke, db_path, "check", "Venia", "agility", "3", "--roll", "1 1+ 2")
    assert "and 1 extra roll (1+) show 4 faces, but 3 were given" in short
    assert "is not a face" in refused(
        invoke, db_path, "check", "Venia", "agility", "3", "--roll", "1 1 X"
    )
    twice = refused(
        invoke, db_path, "check", "Venia", "agility", "3", "--roll", "1 1 1",
        "--gem", "achievement", "--gem", "achievement",
    )  # fmt: skip
    assert "at most one Achievement gem per check" in twice
    late = refused(
        invoke, db_path, "check", "Venia", "agility", "3", "--roll", "1 1 1", "--gem", "inspiration"
    )  # the three dice were rolled without the gem's two
    assert "+2 Inspiration gem (declared before the roll)" in late
    inspired = as_json(
        table, "check", "Venia", "agility", "3", "--roll", "1 1 1 2 S", "--gem", "inspiration",
        "--gem", "achievement",
    )  # fmt: skip
    assert inspired["total"] == 5 + 2 + 1  # S counts 2 outside a scenario; +1 gem
    assert gems(table, "Venia") == {"achievement": 1, "inspiration": 0}


# §10.3, §10.17, §10.18


def test_10_3_progressive_check_tony_plays_torrax(
    table: Invoke, invoke: Invoke, db_path: Path
) -> None:
    add(table, "Zuva'Sai", might=2, agility=3, will=4, taunt=3, wounded_chips=4)
    add(table, "Lunara", might=2, agility=2, will=3, taunt=4, chips=9, wounded_chips=5)
    to_scenario(table)
    table("progressive", "open", "Gate", "might", "2xHC+4")
    attempt = as_json(
        table,
        "progressive",
        "attempt",
        "Gate",
        "Torrax",
        "--roll",
        "1+ 1 1 S",
        "--spend-stamina",
        "1",
    )
    assert (attempt["dice"], attempt["total"], attempt["stamina_spent"]) == (3, 4, 1)
    shown = as_json(table, "progressive", "show")["Gate"]
    assert (shown["progress"], shown["target"], shown["remaining"]) == (4, 12, 8)
    assert as_json(table, "hero", "show", "Torrax")["stamina"]["spent"] == 1
    again = refused(invoke, db_path, "progressive", "attempt", "Gate", "Torrax", "--roll", "1 1 1")
    assert "already attempted 'Gate' this turn" in again
    table("progressive", "attempt", "Gate", "Venia", "--roll", "1 2")  # others add this round
    table("progressive", "round", "Gate")
    table("progressive", "attempt", "Gate", "Torrax", "--roll", "2 2 2")
    done = as_json(table, "progressive", "show")["Gate"]
    assert (done["progress"], done["complete"]) == (4 + 3 + 6, True)
    assert "already complete" in refused(
        invoke, db_path, "progressive", "attempt", "Gate", "Venia", "--roll", "1 1"
    )


@pytest.mark.parametrize(
    ("faces", "total"),
    [("2 1+ 1", 4), ("S 2", 4), ("S 1+ 2", 5), ("S 1+ S", 5)],
)
def test_10_17_pickpocket_rolls_outside_a_scenario(table: Invoke, faces: str, total: int) -> None:
    """Two red dice (Venia's Might 2), a ? check: the stamina face counts 2."""
    result = as_json(table, "check", "Venia", "might", "?", "--roll", faces, "--outcome", "Stars")
    assert (result["total"], result["success"]) == (total, None)


def test_10_18_hindered_active_check_fails(table: Invoke, invoke: Invoke, db_path: Path) -> None:
    assert "only in a scenario" in refused(
        invoke, db_path, "check", "Torrax", "agility", "4", "--roll", "2 2", "--hindered"
    )
    to_scenario(table)
    result = as_json(table, "check", "Torrax", "agility", "4", "--roll", "2 2", "--hindered")
    assert (result["total"], result["success"]) == (3, False)


def test_10_19_cursed_attack_flips_all_spent_stamina_to_wound(
    table: Invoke, invoke: Invoke, db_path: Path
) -> None:
    to_scenario(table)
    table("condition", "add", "Torrax", "Cursed")
    table("attack", "Torrax", "2", "--cost", "2", "--roll", "S 1", "--spend-stamina", "2")
    shown = as_json(table, "hero", "show", "Torrax")
    s = shown["stamina"]
    assert (s["unspent"], s["spent"], s["wound"]) == (10 - 4, 0, 4)
    assert shown["conditions"] == []  # Cursed is discarded after the attack
    table("attack", "Torrax", "2", "--cost", "2", "--roll", "S 1", "--spend-stamina", "2")
    s = as_json(table, "hero", "show", "Torrax")["stamina"]
    assert (s["unspent"], s["spent"], s["wound"]) == (2, 4, 4)  # no longer Cursed: spent
    assert "only 2 unspent stamina" in refused(
        invoke, db_path, "attack", "Torrax", "1", "--cost", "3", "--roll", "1"
    )


# Reactive checks


def test_reactive_check_prevents_damage_and_records_the_rest(
    table: Invoke, invoke: Invoke, db_path: Path
) -> None:
    result = as_json(table, "react", "Torrax", "might", "--damage", "3", "--roll", "2 H 0")
    assert (result["prevented"], result["taken"]) == (2, 1)  # the hourglass counts nothing
    assert as_json(table, "hero", "show", "Torrax")["stamina"]["wound"] == 1
    effect = as_json(
        table, "react", "Venia", "agility", "--stamina-loss", "4", "--roll", "H H 1",
        "--hourglass", "1",
    )  # fmt: skip
    assert (effect["prevented"], effect["taken"]) == (3, 1)
    assert as_json(table, "hero", "show", "Venia")["stamina"]["spent"] == 1
    all_blocked = as_json(table, "react", "Torrax", "might", "--damage", "1", "--roll", "2 2 2")
    assert (all_blocked["prevented"], all_blocked["taken"]) == (1, 0)
    assert "either --damage N or --stamina-loss N" in refused(
        invoke, db_path, "react", "Torrax", "might", "--damage", "1", "--stamina-loss", "1"
    )
    assert "is not a face of the Reaction (blue) die" in refused(
        invoke, db_path, "react", "Torrax", "might", "--damage", "1", "--roll", "1+ 1 1 1"
    )


# Die definitions, seeds and replays


def test_dice_set_for_the_campaign_and_dice_for_one_check(
    table: Invoke, invoke: Invoke, db_path: Path, tmp_path: Path
) -> None:
    blanks = tmp_path / "blanks.toml"
    blanks.write_text('[action]\nfaces = ["0", "0", "0", "1"]\n[reaction]\nfaces = ["0", "H"]\n')
    assert "'0' is not a face" in refused(
        invoke, db_path, "check", "Venia", "agility", "1", "--roll", "0 0 1"
    )
    once = as_json(
        table, "check", "Venia", "agility", "1", "--roll", "0 0 1", "--dice", str(blanks)
    )
    assert once["total"] == 1
    table("dice", "set", str(blanks))
    shown = as_json(table, "dice", "show")
    assert shown["in_force"]["action"] == ["0", "0", "0", "1"]
    assert shown["set_for_campaign"] is True
    assert as_json(table, "check", "Venia", "agility", "1", "--roll", "0 0 0")["success"] is False
    assert "'2' is not a face" in refused(
        invoke, db_path, "check", "Venia", "agility", "1", "--roll", "2 2 2"
    )
    table("dice", "set", "base game (assumed faces)")
    assert as_json(table, "dice", "show")["in_force"]["action"] == ["1", "1", "2", "2", "1+", "S"]
    broken = tmp_path / "broken.toml"
    broken.write_text("[action\n")
    assert "not valid TOML" in refused(invoke, db_path, "dice", "set", str(broken))


def test_ledger_rolled_dice_record_the_seed_and_replays_never_reroll(
    table: Invoke, invoke: Invoke, db_path: Path
) -> None:
    from ledger.dice import roll

    result = as_json(table, "check", "Venia", "agility", "4", "--seed", "11")
    die = tuple(as_json(table, "dice", "show")["in_force"]["action"])
    assert tuple(result["faces"]) == roll(die, 3, "action", 11)
    assert result["seed"] == 11
    payload = json.loads(table("log", "--json").output)[-1]["payload"]
    assert (payload["faces"], payload["seed"]) == (result["faces"], 11)
    random_seed = as_json(table, "check", "Venia", "agility", "4")
    assert tuple(random_seed["faces"]) == roll(die, 3, "action", random_seed["seed"])
    assert table("verify").exit_code == 0
    assert "--seed is for dice the ledger rolls" in refused(
        invoke, db_path, "check", "Venia", "agility", "4", "--seed", "1", "--roll", "1 1 1"
    )


def test_blessed_and_weakened_change_the_dice_in_a_scenario_and_are_discarded(
    table: Invoke, invoke: Invoke, db_path: Path
) -> None:
    table("condition", "add", "Venia", "Blessed")
    city = as_json(table, "check", "Venia", "agility", "3", "--roll", "1 1 1")
    assert city["dice"] == 3  # conditions have no effect outside a scenario
    to_scenario(table)
    assert "+1 Blessed" in refused(
        invoke, db_path, "check", "Venia", "agility", "3", "--roll", "1 1 1"
    )
    blessed = as_json(table, "check", "Venia", "agility", "3", "--roll", "1 1 1 2")
    assert (blessed["dice"], blessed["total"]) == (4, 5)
    assert as_json(table, "hero", "show", "Venia")["conditions"] == []
    table("condition", "add", "Venia", "Weakened")
    table("scenario", "round")  # the same check again: next turn (once per turn, §5.1)
    weakened = as_json(table, "check", "Venia", "agility", "3", "--roll", "1 1")
    assert weakened["dice"] == 2
    assert as_json(table, "hero", "show", "Venia")["conditions"] == []


def test_a_choice_of_abilities_takes_the_best_unless_told(table: Invoke) -> None:
    best = as_json(table, "check", "Venia", "might|agility", "3", "--roll", "1 1 1")
    assert (best["ability"], best["dice"]) == ("agility", 3)
    told = as_json(
        table, "check", "Venia", "might|agility", "3", "--roll", "1 1", "--choose", "might"
    )
    assert (told["ability"], told["dice"]) == ("might", 2)


def test_a_forged_check_is_refused_when_recorded_or_replayed(
    table: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    from ledger.campaign import Ledger
    from ledger.errors import LedgerError
    from ledger.hosting import Registry
    from ledger_base_game.events import CheckMade

    die = ("1", "1", "2", "2", "1+", "S")
    honest = {
        "hero": "Venia",
        "ability": "agility",
        "target": 3,
        "dice": 3,
        "die": die,
        "faces": ("1", "1", "S"),
    }
    forgeries = [
        CheckMade(**honest, total=5, success=True),  # the roll totals 4
        CheckMade(**honest, total=4, success=False),  # 4 reaches 3
        CheckMade(**{**honest, "dice": 4, "faces": ("1", "1", "S", "1")}, total=5, success=True),
        CheckMade(**{**honest, "faces": ("1", "1", "H")}, total=2, success=False),
    ]
    before = event_count(db_path)
    with Ledger.open(db_path, Registry(pm)) as ledger:
        for forged in forgeries:
            with pytest.raises(LedgerError):
                ledger.campaign().record([forged])
    assert event_count(db_path) == before


def test_undo_of_a_check_gives_back_the_gem_and_the_stamina(
    table: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    set_hero(db_path, pm, "Venia", achievement=1)
    to_scenario(table)
    table(
        "check", "Venia", "agility", "5", "--roll", "1 1 S", "--spend-stamina", "2",
        "--gem", "achievement",
    )  # fmt: skip
    assert gems(table, "Venia")["achievement"] == 0
    table("undo")
    assert gems(table, "Venia")["achievement"] == 1
    assert as_json(table, "hero", "show", "Venia")["stamina"]["unspent"] == 7


# Odds


def test_odds_from_the_heros_state(table: Invoke, invoke: Invoke, db_path: Path) -> None:
    from ledger.dice import check_odds

    die = tuple(as_json(table, "dice", "show")["in_force"]["action"])
    city = as_json(table, "odds", "Venia", "agility", "6")
    assert city["probability"] == pytest.approx(check_odds(die, 3, 6, 0, "flat", 0).probability)
    assert city["expected_stamina"] == 0
    to_scenario(table)
    table("stamina", "spend", "Venia", "6")  # one unspent chip left
    scenario = as_json(table, "odds", "Venia", "agility", "6", "--modifier", "+1:hero=Venia")
    expected = check_odds(die, 3, 6, 1, "spend", 1)
    assert scenario["probability"] == pytest.approx(expected.probability)
    assert scenario["expected_stamina"] == pytest.approx(expected.expected_stamina)
    rested = check_odds(die, 3, 6, 1, "spend", 7).probability
    assert scenario["probability"] < rested  # one unspent chip limits the stamina faces
    assert scenario["modifiers"][0]["applied"] is True
    assert scenario["die_assumed"] is True
    assert "no Achievement gem" in refused(
        invoke, db_path, "odds", "Venia", "agility", "6", "--gem", "achievement"
    )
    text = table("odds", "Venia", "agility", "6").output
    assert "P(total >= 6) = " in text
    assert "assumption" in text


def test_best_stamina_spends_the_shortfall_or_on_a_progressive_check_what_helps(
    table: Invoke,
) -> None:
    to_scenario(table)
    short = as_json(
        table, "check", "Torrax", "agility", "5", "--roll", "1 S", "--spend-stamina", "best"
    )
    assert (short["stamina_spent"], short["success"]) == (0, False)  # 2 more cannot reach 5
    table("progressive", "open", "Gate", "might", "9")
    partial = as_json(
        table, "progressive", "attempt", "Gate", "Torrax", "--roll", "1 1 S", "--spend-stamina",
        "best",
    )  # fmt: skip
    assert (partial["stamina_spent"], partial["total"]) == (2, 4)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("check", "Nobody", "agility", "3"), "no Hero named 'Nobody'"),
        (("check", "Venia", "luck", "3"), "not 'luck'"),
        (("check", "Venia", "agility", "-3"), "from 1 to 999"),
        (("check", "Venia", "agility", "0"), "from 1 to 999"),
        (("check", "Venia", "agility", "3", "--roll", "1 1 1", "--choose", "might"), "A|B"),
        (("odds", "Venia", "agility", "-5"), "from 0 to 999"),
        (("odds", "Venia", "agility", "99999999999"), "from 0 to 999"),
        (("check", "Venia", "agility", "lots"), "a number or ?"),
        (("check", "Venia", "agility", "3", "--seed", "-1"), "a seed is a whole number"),
        (("check", "Venia", "agility", "3", "--discard", "Sword"), "does not carry 'Sword'"),
        (("check", "Venia", "agility", "3", "--roll", "1 1 1", "--outcome", "a\x1b[2J"),
         "unprintable"),
        (("check", "Venia", "agility", "3", "--modifier", "+1:talent=\x07"), "unprintable"),
        (("react", "Venia", "will", "--damage", "-2"), "a positive number"),
        (("react", "Venia", "will", "--damage", "2", "--roll", "1 1", "--hourglass", "5"),
         "an hourglass counts 0 to 2"),
        (("group-check", "agility", "8", "--order", "Venia,Venia"), "each Hero once"),
        (("group-check", "agility", "8", "--roll", "Nobody=1"), "no Hero named"),
        (("group-check", "agility", "8", "--discard", "Venia"), "HERO=VALUE"),
        (("group-step", "roll", "Venia"), "no group check is open"),
        (("group-step", "close"), "no group check is open"),
        (("progressive", "open", "Gate", "luck", "5"), "'luck'"),
        (("progressive", "open", "Gate", "might", "HC*HC"), "a formula like 2xHC+4"),
        (("progressive", "attempt", "Gate", "Venia"), "no progressive check named 'Gate'"),
        (("progressive", "round", "Gate"), "no progressive check named 'Gate'"),
        (("attack", "Venia", "2"), "attacks are made in a scenario"),
        (("dice", "set", "no such dice"), "cannot read the die definition"),
    ],
)  # fmt: skip
def test_bad_input_is_refused_and_writes_nothing(
    table: Invoke, invoke: Invoke, db_path: Path, args: tuple[str, ...], message: str
) -> None:
    # A number out of range, or input that does not parse: a usage error
    code = 2 if message in ("from 0 to 999", "from 1 to 999", "a number or ?", "HERO=VALUE") else 1
    assert message in refused(invoke, db_path, *args, code=code)


def test_a_group_checks_modifiers_are_judged_for_each_hero(
    table: Invoke, invoke: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    set_hero(db_path, pm, "Venia", talents=("Burglary",))
    table("item", "gain", "Torrax", "Thieves Tools")
    table("group-step", "open", "agility", "7", "--modifier", "+1:talent=Burglary")
    table("group-step", "roll", "Torrax", "--roll", "1 1", "--modifier", "+2:item=Thieves Tools")
    venia = table("group-step", "roll", "Venia", "--roll", "1 1 1").output
    assert "+1 talent 'Burglary' applies: Venia has the Talent Burglary" in venia
    assert as_json(table, "group-step", "show")["rolled"] == {"Torrax": 2 + 2, "Venia": 3 + 1}
    closed = as_json(table, "group-step", "close")
    assert (closed["total"], closed["success"]) == (8, True)
    assert "AMOUNT:TYPE=VALUE" in refused(
        invoke, db_path, "group-step", "open", "agility", "7", "--modifier", "+1 Burglary"
    )


def test_the_focus_action_adds_a_die_to_active_and_reactive_checks_in_a_scenario(
    table: Invoke, invoke: Invoke, db_path: Path
) -> None:
    assert "Focus is an action, taken in a scenario" in refused(
        invoke, db_path, "check", "Venia", "agility", "3", "--roll", "1 1 1 1", "--focus"
    )
    to_scenario(table)
    focused = as_json(table, "check", "Venia", "agility", "3", "--roll", "1 1 1 1", "--focus")
    assert (focused["dice"], focused["total"]) == (4, 4)
    assert "+1 Focus" in refused(
        invoke, db_path, "check", "Venia", "agility", "3", "--roll", "1 1 1", "--focus"
    )
    react = as_json(table, "react", "Venia", "will", "--damage", "3", "--roll", "1 1 1", "--focus")
    assert react["prevented"] == 3
    odds = as_json(table, "odds", "Venia", "agility", "3", "--focus")
    assert odds["dice"] == 4


def test_a_group_check_must_be_closed_before_the_next_step(
    table: Invoke, invoke: Invoke, db_path: Path
) -> None:
    table("group-step", "open", "agility", "8")
    assert "still open" in refused(invoke, db_path, "step", "journey")


def test_an_attack_on_a_die_with_an_unknown_face_is_refused(table: Invoke, ledger: Any) -> None:
    from ledger.errors import LedgerError
    from ledger_base_game.events import AttackMade

    to_scenario(table)
    campaign = ledger.campaign("Checks")
    with pytest.raises(LedgerError, match="not a face"):
        campaign.record([AttackMade(hero="Venia", dice=1, die=("9",), faces=("9",), successes=9)])


def test_a_check_recorded_without_its_consequences_is_refused(
    table: Invoke, ledger: Any, registry: Any
) -> None:
    """Through the Python API a check cannot claim a gem, stamina or a discard that its own
    command does not record."""
    from ledger.errors import RuleViolation

    table("gem", "gain", "Venia", "achievement")
    table("check", "Venia", "agility", "3", "--roll", "1 1 2", "--gem", "achievement")
    campaign = ledger.campaign("Checks")
    check_row = next(r for r in campaign.store.rows("Checks") if r.type == "base:check-made")
    check = registry.decoder.decode(check_row.payload)
    table("gem", "gain", "Venia", "achievement")
    before = campaign.head().seq
    with pytest.raises(RuleViolation, match=r"incomplete.*Venia: gem achievement"):
        campaign.record([check])
    assert campaign.head().seq == before
    assert gems(table, "Venia")["achievement"] == 1  # not claimed without being spent


def test_an_imported_check_claiming_an_unspent_gem_is_refused(
    table: Invoke, invoke: Invoke, tmp_path: Path
) -> None:
    """A forger re-hashing an export cannot add a gem to a check without its spending."""
    from tests.helpers.tampering import payload, rehash

    table("gem", "gain", "Venia", "achievement")
    table("check", "Venia", "agility", "3", "--roll", "1 1 2")
    exported = tmp_path / "campaign.ndjson"
    table("export", str(exported))
    manifest, *rows = (json.loads(line) for line in exported.read_text().splitlines())
    check = next(row for row in rows if row["type"] == "base:check-made")
    payload(check, achievement=True, total=json.loads(check["payload"])["total"] + 1)
    forged = tmp_path / "forged.ndjson"
    forged.write_text("\n".join(rehash(manifest, rows)) + "\n")
    refused = invoke("--database", str(tmp_path / "other.db"), "import", str(forged))
    assert refused.exit_code == 1, refused.output
    assert "ends without recording Venia: gem achievement" in refused.output
