"""Injury cards with effects (§2.3): the base game's known cards are data
(data/injuries.toml, registered through ``register_injuries``), an unknown card is recorded
with the effect given (`--effect`); every effect shows on the sheets and applies to checks,
reactions and odds while the card is held, and ends when the card is removed (Heal Injury)."""

import json
import re
from pathlib import Path

from ledger.hosting import Registry
from tests.helpers.cli import Invoke, hero, refuse, resolved_city
from tests.helpers.console import script
from tests.helpers.terminal import on_terminal


def odds(run: Invoke, *args: str) -> dict[str, object]:
    return dict(json.loads(run("odds", *args, "--json").output))


def test_every_known_card_has_its_source_and_confidence(registry: Registry) -> None:
    cards = registry.injuries
    assert {"Broken Ribs", "Cracked Skull", "Pulled Back"} <= set(cards.names())
    assert all(card.source and card.confidence and card.effects for card in cards.entries())
    assert {cards.owner(name) for name in cards.names()} == {"ledger_base_game"}


def test_every_known_card_can_be_drawn(party: Invoke, registry: Registry) -> None:
    for card in registry.injuries.entries():
        party("injury", "draw", "Torrax", card.name)
    assert len(hero(party, "Torrax")["injury_effects"]) == len(registry.injuries)


def test_a_known_card_lowers_its_ability_for_checks_and_odds(
    party: Invoke, invoke: Invoke, db_path: Path
) -> None:
    assert odds(party, "Torrax", "might", "3")["dice"] == 3
    drawn = party("injury", "draw", "Torrax", "broken ribs")
    assert "Torrax draws the Injury card Broken Ribs (Might -1)" in drawn.output
    assert odds(party, "Torrax", "might", "3")["dice"] == 2
    said = refuse(
        invoke, db_path, "check", "Torrax", "might", "2", "--roll", "1 1 1", says="2 Action"
    )
    assert "-1 Broken Ribs (Injury card)" in said
    made = party("check", "Torrax", "might", "2", "--roll", "1 1")
    assert "Broken Ribs: Might -1 (Injury card)" in made.output
    assert odds(party, "Torrax", "agility", "1")["dice"] == 2  # another ability: unchanged
    reacted = party("step", "scenario", "4") and party(
        "react", "Torrax", "might", "--damage", "2", "--roll", "1 1"
    )
    assert "2 prevented" in reacted.output
    refuse(
        invoke, db_path, "react", "Torrax", "might", "--damage", "2", "--roll", "1 1 1", says="2"
    )


def test_an_unknown_card_takes_the_effect_given(
    party: Invoke, invoke: Invoke, db_path: Path
) -> None:
    drawn = party(
        "injury", "draw", "Torrax", "Twisted Knee", "--effect", "checks -1", "--effect", "limps"
    )
    assert "recorded with the effects given" in drawn.output
    assert odds(party, "Torrax", "might", "3")["bonus"] == -1
    made = party("check", "Torrax", "might", "2", "--roll", "1 1 1")
    assert "total 2: success" in made.output
    torrax = hero(party, "Torrax")
    assert torrax["injury_effects"][0]["effects"][1]["text"] == "limps"
    sheet = party("hero", "sheet", "Torrax").output
    assert "Twisted Knee (-1 on active checks; limps (not applied by the ledger))" in sheet
    told = party("injury", "draw", "Torrax", "Mystery")
    assert "recorded with no effect; give what the card says with --effect" in told.output
    refuse(
        invoke,
        db_path,
        *("injury", "draw", "Torrax", "Broken Ribs", "--effect", "might -1"),
        says="the ledger knows what Broken Ribs does",
    )
    refuse(
        invoke,
        db_path,
        *("injury", "draw", "Torrax", "Odd", "--effect", "stamina 3"),
        says="0, 1 or 2",
    )


def test_a_stamina_cap_limits_what_a_check_spends(
    party: Invoke, invoke: Invoke, db_path: Path
) -> None:
    party("injury", "draw", "Torrax", "Shaky Hands", "--effect", "stamina 1")
    party("step", "scenario", "4")
    refuse(
        invoke,
        db_path,
        *("check", "Torrax", "might", "4", "--roll", "1 1 S", "--spend-stamina", "2"),
        says="at most 1 stamina on each stamina face",
    )
    made = party("check", "Torrax", "might", "3", "--roll", "1 1 S", "--spend-stamina", "best")
    assert "total 3: success" in made.output
    assert (
        odds(party, "Torrax", "might", "4")["probability"]
        < odds(party, "Torrax", "might", "3")["probability"]
    )


def test_healing_the_card_ends_its_effects(party: Invoke) -> None:
    party("injury", "draw", "Torrax", "Broken Ribs")
    party("stars", "gain", "Torrax", "3")
    resolved_city(party)
    party("city", "activity", "Torrax", "Heal Injury", "--stars", "3")
    torrax = hero(party, "Torrax")
    assert torrax["injuries"] == []
    assert "injury_effects" not in torrax
    assert odds(party, "Torrax", "might", "3")["dice"] == 3
    party("injury", "draw", "Torrax", "Broken Ribs")
    party("injury", "remove", "Torrax", "broken ribs")
    assert odds(party, "Torrax", "might", "3")["dice"] == 3


def test_the_effects_at_a_point_in_time(party: Invoke) -> None:
    party("injury", "draw", "Torrax", "Broken Ribs")
    at = str(json.loads(party("party", "show", "--json").output)["at"])
    party("injury", "remove", "Torrax", "Broken Ribs")
    assert odds(party, "Torrax", "might", "3", "--at", at)["dice"] == 2
    assert hero(party, "Torrax", "--at", at)["injury_effects"][0]["name"] == "Broken Ribs"


def test_injury_draw_on_a_terminal_and_piped(party: Invoke, db_path: Path) -> None:
    status, drawn = on_terminal(db_path, "injury", "draw", "--help")
    plain = re.sub(r"\x1b\[[0-9;]*m", "", drawn)
    assert status == 0
    assert "--effect EFFECT" in plain
    done = script(db_path, "injury", "draw", "Torrax", "Cracked Skull")
    assert done.returncode == 0
    assert "Cracked Skull (Will -1)" in done.stdout
    assert "\x1b[" not in done.stdout
    status, drawn = on_terminal(
        db_path, "injury", "draw", "Torrax", "Bruise", "--effect", "will -1"
    )
    assert status == 0
    assert "recorded with the effects given" in drawn
    done = script(db_path, "injury")
    assert "Cracked Skull (Will -1), Bruise (Will -1)" in done.stdout
