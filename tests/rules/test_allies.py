"""Non-Hero Allies (issue 25; seed: "For a Non-Hero Ally, this always counts as 0 successes";
rules brief §1-§3, §5, §8.4): each statement with a legal and an illegal case, at the CLI."""

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.cli import Invoke, hero, party_json, refuse
from tests.helpers.console import script

GRIMBLE = ["--might", "2", "--agility", "1", "--will", "1", "--taunt", "5", "--health", "4"]


def ally(run: Invoke, name: str, *at: str) -> dict[str, Any]:
    return dict(json.loads(run("ally", "show", name, "--json", *at).output))


@pytest.fixture
def allied(party: Invoke) -> Invoke:
    """The party with Grimble, a Non-Hero Ally (Might 2, Agility 1, Will 1, Taunt 5, 4 health)."""
    party("ally", "add", "Grimble", *GRIMBLE)
    return party


def in_scenario(run: Invoke) -> Invoke:
    run("step", "journey")
    run("step", "scenario", "4")
    return run


def test_an_ally_joins_beside_the_heroes_never_among_them(allied: Invoke) -> None:
    party = party_json(allied)
    assert [h["name"] for h in party["heroes"]] == ["Zuva'Sai", "Torrax"]
    (grimble,) = party["allies"]
    assert grimble == {
        "name": "Grimble",
        "henchman": False,
        "might": 2,
        "agility": 1,
        "will": 1,
        "taunt": 5,
        "health": 4,
        "max_health": 4,
        "exhausted": False,
        "conditions": [],
        "conditions_in_effect": False,
    }
    assert json.loads(allied("ally", "list", "--json").output) == [grimble]


def test_a_party_without_allies_answers_as_before(party: Invoke) -> None:
    assert "allies" not in party_json(party)
    assert "allies" not in json.loads(party("party", "sheet", "--json").output)
    assert "Allies" not in party("party", "sheet").output


def test_the_party_sheet_and_party_show_list_allies(allied: Invoke) -> None:
    allied("ally", "add", "Brak", "--might", "1", "--agility", "1", "--will", "1",
           "--taunt", "2", "--henchman")  # fmt: skip
    sheet = allied("party", "sheet").output
    assert "Allies      Grimble (4/4 health), Brak (Henchman, health kept on its" in sheet
    assert json.loads(allied("party", "sheet", "--json").output)["allies"] == ["Grimble", "Brak"]
    shown = allied("party", "show").output
    assert "Grimble — Non-Hero Ally, 4/4 health" in shown
    assert "Brak — Henchman, health kept on its Health Counter die" in shown
    assert shown.index("Torrax —") < shown.index("Grimble —")  # after the Heroes


def test_names_are_one_heros_or_one_allys(allied: Invoke, invoke: Invoke, db_path: Path) -> None:
    refuse(invoke, db_path, "ally", "add", "torrax", *GRIMBLE, says="Torrax is already a Hero")
    refuse(invoke, db_path, "ally", "add", "GRIMBLE", *GRIMBLE, says="Grimble is already an Ally")
    refuse(
        invoke, db_path, "hero", "add", "Grimble", "--might", "1", "--agility", "1",
        "--will", "1", "--taunt", "1", "--chips", "5", "--wounded-chips", "3",
        says="Grimble is already a Non-Hero Ally",
    )  # fmt: skip


def test_what_an_ally_joins_with_is_checked(party: Invoke, invoke: Invoke, db_path: Path) -> None:
    base = ["--might", "2", "--agility", "1", "--will", "1", "--taunt", "5"]
    refuse(invoke, db_path, "ally", "add", "A", *base, "--health", "0",
           says="health must be from 1 to 99, not 0", code=2)  # fmt: skip
    refuse(invoke, db_path, "ally", "add", "A", *base[2:], "--might", "10",
           says="Might must be from 0 to 9, not 10", code=2)  # fmt: skip
    refuse(invoke, db_path, "ally", "add", "A", *base[:6], says="Missing option '--taunt'",
           code=2)  # fmt: skip


def test_an_ally_has_no_stamina_items_or_stars(
    allied: Invoke, invoke: Invoke, db_path: Path
) -> None:
    says = "Grimble is a Non-Hero Ally, not a Hero"
    refuse(invoke, db_path, "stamina", "restore", "Grimble", "1", says=says)
    refuse(invoke, db_path, "stars", "gain", "Grimble", "3", says=says)
    refuse(invoke, db_path, "item", "gain", "Grimble", "Rope", "--value", "1", says=says)
    refuse(invoke, db_path, "hero", "show", "Grimble", says=says)


def test_the_stamina_face_counts_0_for_an_ally_and_2_for_a_hero(allied: Invoke) -> None:
    told = json.loads(allied("check", "Grimble", "might", "2", "--roll", "1 S", "--json").output)
    assert (told["total"], told["success"], told["stamina_spent"]) == (1, False, 0)
    assert told["events"][0]["type"] == "base:ally-check-made"
    shown = allied("check", "Grimble", "might", "1", "--roll", "S 1").output
    assert "a Non-Hero Ally's stamina face counts 0 successes" in shown
    heroic = json.loads(allied("check", "Torrax", "might", "2", "--roll", "1 S 1", "--json").output)
    assert heroic["total"] == 4  # 1 + 1 + 2 for the stamina face outside a scenario


def test_in_a_scenario_there_is_no_stamina_to_spend(
    allied: Invoke, invoke: Invoke, db_path: Path
) -> None:
    in_scenario(allied)
    told = json.loads(allied("check", "Grimble", "might", "2", "--roll", "2 S", "--json").output)
    assert (told["total"], told["success"]) == (2, True)
    says = "--spend-stamina: Grimble has no stamina to spend: its stamina faces count 0"
    for spend in ("1", "best"):
        refuse(invoke, db_path, "check", "Grimble", "agility", "2", "--roll", "S",
               "--spend-stamina", spend, says=says)  # fmt: skip


def test_what_only_a_hero_declares_is_refused_naming_each(
    allied: Invoke, invoke: Invoke, db_path: Path
) -> None:
    args = ("check", "Grimble", "might", "2", "--roll", "1 1")
    refuse(invoke, db_path, *args, "--gem", "achievement", says="has no gems to spend")
    refuse(invoke, db_path, *args, "--discard", "Rope", says="carries no items to discard")
    refuse(invoke, db_path, *args, "--modifier", "+2:phrase=Lock picking",
           says="meets no modifier")  # fmt: skip
    refuse(invoke, db_path, "react", "Grimble", "agility", "--damage", "2", "--roll", "1",
           "--gem", "inspiration", says="has no gems to spend")  # fmt: skip
    refuse(
        invoke,
        db_path,
        *args[:4],
        "--roll",
        "1",
        says="(Grimble's Might 2) show 2 faces, but 1 were given",
    )
    refuse(invoke, db_path, "check", "Grimble", "agility", "1", "--roll", "1", "--hindered",
           says="Hindered only in a scenario")  # fmt: skip


def test_an_ally_chooses_between_abilities_and_is_hindered_in_a_scenario(allied: Invoke) -> None:
    told = json.loads(
        allied("check", "Grimble", "might|will", "1", "--roll", "1 1", "--json").output
    )
    assert told["ability"] == "might"  # the higher level, as for a Hero
    in_scenario(allied)
    hindered = json.loads(
        allied("check", "Grimble", "might", "2", "--roll", "2 1", "--hindered", "--json").output
    )
    assert (hindered["total"], hindered["success"]) == (2, True)


def test_once_per_turn_for_an_ally(allied: Invoke, invoke: Invoke, db_path: Path) -> None:
    in_scenario(allied)
    allied("check", "Grimble", "might", "2", "--roll", "1 1")
    refuse(invoke, db_path, "check", "Grimble", "might", "2", "--roll", "2 2",
           says="Grimble has attempted the check Might 2 this turn")  # fmt: skip
    allied("check", "Grimble", "might", "2", "--roll", "2 2", "--repeatable")
    allied("scenario", "round")
    allied("check", "Grimble", "might", "2", "--roll", "2 2")


def test_a_reaction_prevents_damage_and_the_rest_is_taken(allied: Invoke) -> None:
    told = json.loads(
        allied("react", "Grimble", "agility", "--damage", "3", "--roll", "2", "--json").output
    )
    assert [e["type"] for e in told["events"]] == ["base:ally-reacted", "base:ally-damaged"]
    assert ally(allied, "Grimble")["health"] == 3
    avoided = json.loads(
        allied(
            "react", "Grimble", "will", "--against", "falling rocks", "--target", "1",
            "--roll", "H", "--hourglass", "1", "--json",
        ).output
    )  # fmt: skip
    assert [e["type"] for e in avoided["events"]] == ["base:ally-reacted"]
    assert ally(allied, "Grimble")["health"] == 3


def test_stamina_loss_is_damage_and_0_health_exhausts(
    allied: Invoke, invoke: Invoke, db_path: Path
) -> None:
    shown = allied("react", "Grimble", "will", "--stamina-loss", "5", "--roll", "1").output
    assert "a Non-Hero Ally takes all stamina loss as damage" in shown
    assert "is exhausted at 0 health and removed from the map" in shown
    grimble = ally(allied, "Grimble")
    assert (grimble["health"], grimble["exhausted"]) == (0, True)
    says = "Grimble is exhausted: a Non-Hero Ally at 0 health is removed from the map"
    refuse(invoke, db_path, "check", "Grimble", "might", "1", "--roll", "1 1", says=says)
    refuse(invoke, db_path, "react", "Grimble", "will", "--damage", "1", "--roll", "1", says=says)
    refuse(invoke, db_path, "ally", "heal", "Grimble", "1", says=says)
    refuse(invoke, db_path, "odds", "Grimble", "might", "1", says=says)


def test_damage_and_healing_on_the_health_counter(
    allied: Invoke, invoke: Invoke, db_path: Path
) -> None:
    allied("ally", "damage", "Grimble", "3")
    assert ally(allied, "Grimble")["health"] == 1
    shown = allied("ally", "heal", "Grimble", "5").output
    assert "2 more than its damage: ignored" in shown
    assert ally(allied, "Grimble")["health"] == 4
    refuse(invoke, db_path, "ally", "damage", "Grimble", "0", says="damage must be from 1", code=2)
    refuse(invoke, db_path, "ally", "exhaust", "Grimble", says="it is exhausted when damage")
    refuse(invoke, db_path, "ally", "damage", "Nobody", "1", says="no Non-Hero Ally named")


def test_an_ally_whose_health_the_die_keeps(allied: Invoke, invoke: Invoke, db_path: Path) -> None:
    allied("ally", "add", "Pip", "--might", "1", "--agility", "2", "--will", "1", "--taunt", "1")
    assert ally(allied, "Pip")["health"] is None
    refuse(invoke, db_path, "ally", "damage", "Pip", "1", says="joined without its health")
    refuse(invoke, db_path, "ally", "heal", "Pip", "1", says="joined without its health")
    told = json.loads(
        allied("react", "Pip", "agility", "--damage", "3", "--roll", "1 0", "--json").output
    )
    assert [e["type"] for e in told["events"]] == ["base:ally-reacted"]  # the die takes it
    allied("ally", "exhaust", "Pip")
    assert ally(allied, "Pip")["exhausted"] is True


def test_condition_tokens(allied: Invoke, invoke: Invoke, db_path: Path) -> None:
    refuse(invoke, db_path, "ally", "condition", "Grimble", "Blessed",
           says="Blessed has no Condition token")  # fmt: skip
    refuse(invoke, db_path, "ally", "condition", "Grimble", "Invisible",
           says="Invisible has no Condition token")  # fmt: skip
    allied("ally", "condition", "Grimble", "Bleeding")
    again = allied("ally", "condition", "Grimble", "bleeding").output
    assert "already has Bleeding: no duplicates" in again
    allied("ally", "condition", "Grimble", "Held")
    third = allied("ally", "condition", "Grimble", "Stunned").output
    assert "Bleeding (#3) is discarded" in third
    assert ally(allied, "Grimble")["conditions"] == ["Held", "Stunned"]
    allied("ally", "condition", "Grimble", "Held", "--remove")
    refuse(invoke, db_path, "ally", "condition", "Grimble", "Held", "--remove",
           says="Grimble does not have Held")  # fmt: skip


def test_weakened_takes_a_die_in_a_scenario_then_goes(
    allied: Invoke, invoke: Invoke, db_path: Path
) -> None:
    allied("ally", "condition", "Grimble", "Weakened")
    allied("check", "Grimble", "might", "1", "--roll", "1 1")  # no effect outside a scenario
    in_scenario(allied)
    refuse(invoke, db_path, "check", "Grimble", "might", "1", "--roll", "1 1",
           says="-1 Weakened")  # fmt: skip
    told = json.loads(allied("check", "Grimble", "might", "1", "--roll", "1", "--json").output)
    assert told["events"][-1]["type"] == "base:ally-condition-removed"
    assert ally(allied, "Grimble")["conditions"] == []


def test_the_odds_of_an_allys_check_count_the_stamina_face_0(
    allied: Invoke, invoke: Invoke, db_path: Path
) -> None:
    allied("ally", "add", "Pip", "--might", "1", "--agility", "2", "--will", "1", "--taunt", "1")
    odds = json.loads(allied("odds", "Pip", "might", "1", "--json").output)
    # the base game's assumed die 1 1 2 2 1+ S: every face but S reaches 1
    assert Fraction(odds["probability"]).limit_denominator(100) == Fraction(5, 6)
    assert (odds["stamina_rule"], odds["expected_stamina"]) == ("none", 0)
    assert "stamina faces count 0 (a Non-Hero Ally)" in allied("odds", "Pip", "might", "1").output
    torrax = json.loads(allied("odds", "Torrax", "might", "1", "--json").output)
    assert torrax["probability"] == pytest.approx(1)  # a Hero's stamina face counts +2 here
    blue = json.loads(allied("odds", "Pip", "agility", "--damage", "1", "--json").output)
    assert blue["dice"] == 2
    refuse(invoke, db_path, "odds", "Pip", "might", "1", "--gem", "achievement",
           says="has no gems to spend")  # fmt: skip


def test_a_scenario_end_takes_tokens_and_an_exhausted_henchman(allied: Invoke) -> None:
    allied("ally", "add", "Brak", "--might", "1", "--agility", "1", "--will", "1",
           "--taunt", "2", "--health", "1", "--henchman")  # fmt: skip
    allied("ally", "add", "Pip", "--might", "1", "--agility", "1", "--will", "1", "--taunt", "1")
    in_scenario(allied)
    allied("ally", "condition", "Grimble", "Bleeding")
    allied("ally", "damage", "Brak", "1")
    allied("ally", "exhaust", "Pip")
    shown = allied("scenario", "end", "--outcome", "S1").output
    assert "Brak, an exhausted Henchman, is removed permanently" in shown
    assert "Grimble's condition tokens end with the scenario" in shown
    names = {a["name"]: a for a in party_json(allied)["allies"]}
    assert sorted(names) == ["Grimble", "Pip"]  # an exhausted Ally that is not a Henchman stays
    assert names["Grimble"]["conditions"] == []
    assert names["Pip"]["exhausted"] is True


def test_dismissed_an_ally_frees_its_name(allied: Invoke) -> None:
    allied("ally", "dismiss", "grimble")
    assert "allies" not in party_json(allied)
    allied("ally", "add", "Grimble", *GRIMBLE)


def test_undo_redo_and_the_past(allied: Invoke) -> None:
    allied("ally", "damage", "Grimble", "4")
    assert ally(allied, "Grimble")["exhausted"] is True
    allied("undo")
    assert ally(allied, "Grimble")["health"] == 4
    allied("redo")
    assert ally(allied, "Grimble")["exhausted"] is True
    assert ally(allied, "Grimble", "--at", "4")["health"] == 4  # as it joined, at #4
    assert hero(allied, "Torrax")["stamina"]["unspent"] == 10  # no Hero was touched
    changed = allied("diff", "4").output  # from the Ally joining to now
    assert "Grimble: health 4 → 0" in changed
    assert "Grimble: exhausted no → yes" in changed
    (diffed,) = json.loads(allied("diff", "4", "--json").output)["allies"]
    assert (diffed["name"], diffed["joined"]) == ("Grimble", False)


def test_the_installed_command_piped(allied: Invoke, db_path: Path) -> None:
    """As a user's pipe reads it: a real process, no terminal, nothing on stderr."""
    done = script(db_path, "check", "Grimble", "agility", "1", "--roll", "S")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:1] == [
        "#5 Grimble: Agility check 1 — rolled S; total 0: failure"
    ]
    assert "a Non-Hero Ally's stamina face counts 0 successes" in done.stdout
    listed = script(db_path, "ally")
    assert listed.stdout.splitlines()[0] == "Grimble — Non-Hero Ally, 4/4 health"
    refused = script(
        db_path, "check", "Grimble", "agility", "1", "--roll", "S", "--spend-stamina", "1"
    )
    assert (refused.returncode, refused.stdout) == (1, "")
    assert refused.stderr.startswith("Error: Grimble is a Non-Hero Ally: --spend-stamina")
    assert "Traceback" not in refused.stderr
