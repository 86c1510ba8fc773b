"""Group checks as the seed plays them (City and Journey steps): every Hero rolls, then each
decides on an Achievement gem; the Torrax and Venia example turns 6 into 8. A check is never
closed as a failure while unspent gems could still reach its target and nobody decided."""

import json
from pathlib import Path

import pytest

from ledger.service import Service
from ledger_base_game.actions import gem_to_decide, group_check, undecided_gems
from tests.helpers.cli import Invoke, refuse
from tests.helpers.typist import Typist

SEED_ROLLS = ("--order", "Torrax,Venia", "--roll", "Torrax=1 1", "--roll", "Venia=1 1 S")
SEED_CHECK = ("group-check", "agility", "8/13/17", "--heroes", "2", *SEED_ROLLS,
              "--success-entry", "361", "--failure-entry", "076")  # fmt: skip


@pytest.fixture
def table(ok: Invoke) -> Invoke:
    """Torrax and Venia in a City step, each with one Achievement gem."""
    ok("campaign", "new", "Moonsilver")
    ok("hero", "add", "Torrax", "--agility", "2", "--will", "2", "--taunt", "6",
       "--wounded-chips", "5")  # fmt: skip
    ok("hero", "add", "Venia", "--might", "1", "--agility", "3", "--will", "2", "--taunt",
       "4", "--chips", "8", "--wounded-chips", "4")  # fmt: skip
    ok("step", "city")
    for name in ("Torrax", "Venia"):
        ok("gem", "gain", name, "achievement", "1")
    return ok


def test_piped_the_check_stays_open_and_names_the_commands_that_finish_it(
    table: Invoke,
) -> None:
    said = table(*SEED_CHECK).output
    assert "Venia rolls 1 1 S: 4" in said
    assert "Group check closed" not in said
    assert "total 6 of 8" in said
    assert "`campaign-ledger group-step gem Torrax` and/or" in said
    assert "`campaign-ledger group-step gem Venia`" in said
    assert "then `campaign-ledger group-step close`" in said
    table("group-step", "gem", "Torrax")
    table("group-step", "gem", "Venia")
    closed = json.loads(table("group-step", "close", "--json").output)
    assert (closed["total"], closed["success"], closed["outcome"]) == (8, True, "361")


def test_the_gems_given_with_the_check_count_after_every_roll(table: Invoke) -> None:
    said = table(*SEED_CHECK, "--gem", "Torrax", "--gem", "Venia").output
    assert "Group check closed: total 8, success → 361" in said


def test_no_gems_closes_it_as_the_players_decided(table: Invoke) -> None:
    said = table(*SEED_CHECK, "--no-gems").output
    assert "Group check closed: total 6, failure → 076" in said


def test_a_check_no_gem_could_change_closes_at_once(table: Invoke) -> None:
    """Heroes without gems, or a total too far from the target: nothing to decide."""
    short = ("--roll", "Torrax=1 1", "--roll", "Venia=1 1 1")
    said = table("group-check", "agility", "8", "--order", "Torrax,Venia", *short).output
    assert "Group check closed: total 5, failure" in said
    met = ("--roll", "Torrax=S S", "--roll", "Venia=S 1 1")
    said = table("group-check", "agility", "8", "--order", "Torrax,Venia", *met).output
    assert "Group check closed: total 8, success" in said


def test_a_batch_leaves_it_open_with_the_same_hint(table: Invoke, tmp_path: Path) -> None:
    lines = tmp_path / "evening.txt"
    lines.write_text(
        'group-check agility 8 --order Torrax,Venia --roll "Torrax=1 1" --roll "Venia=1 1 S"\n'
    )
    said = table("batch", str(lines)).output
    assert "then `campaign-ledger group-step close`" in said
    assert "Group check closed" not in said
    assert json.loads(table("group-step", "show", "--json").output)["total"] == 6


def test_the_help_points_to_the_step_commands(table: Invoke) -> None:
    said = " ".join(table("group-check", "--help").output.split())
    assert "`group-step roll HERO`" in said
    assert "`group-step gem HERO`" in said
    assert "`group-step close`" in said


def test_a_hero_already_out_of_gems_is_not_offered(
    table: Invoke, invoke: Invoke, db_path: Path
) -> None:
    table("gem", "spend", "Venia", "achievement", "1")
    said = table(*SEED_CHECK).output  # 6 + Torrax's one gem cannot reach 8
    assert "Group check closed: total 6, failure → 076" in said
    refuse(invoke, db_path, "group-step", "gem", "Venia", says="no group check is open")


def test_from_python_the_action_leaves_it_open_and_says_who_decides(
    table: Invoke, db_path: Path
) -> None:
    with Service(db_path) as service:
        recorded = service.do(
            group_check,
            ability="agility",
            target=8,
            order=["Torrax", "Venia"],
            rolls={"Torrax": ("1", "1"), "Venia": ("1", "1", "S")},
        )
        assert type(recorded.events[-1]).__name__ == "GroupCheckRolled"
        game = service.game()
        assert undecided_gems(game) == ["Torrax", "Venia"]
        assert gem_to_decide(game) == "Torrax"
        assert gem_to_decide(game, spent=["Torrax"]) == "Venia"
        assert gem_to_decide(game, declined=["Torrax"]) is None  # Venia's alone: 7 of 8


def test_on_a_terminal_each_hero_is_asked_once_everyone_has_rolled(
    table: Invoke, db_path: Path
) -> None:
    typist = Typist.ledger(db_path, *SEED_CHECK)
    typist.expect("Venia rolls 1 1 S: 4")
    typist.expect("Total 6 of 8: does Torrax spend an Achievement gem (has 1)? [y/N]")
    typist.send("y\r")
    typist.expect("Total 7 of 8: does Venia spend an Achievement gem (has 1)? [y/N]")
    typist.send("y\r")
    typist.expect("Group check closed: total 8, success → 361")
    assert typist.wait() == 0


def test_on_a_terminal_a_no_that_puts_the_target_out_of_reach_ends_the_asking(
    table: Invoke, db_path: Path
) -> None:
    typist = Typist.ledger(db_path, *SEED_CHECK)
    typist.expect("does Torrax spend an Achievement gem (has 1)? [y/N]")
    typist.send("n\r")
    typist.expect("Group check closed: total 6, failure → 076")
    assert typist.wait() == 0
    assert "does Venia" not in typist.text


def test_in_the_shell_the_seed_check_is_played_in_the_rules_order(table: Invoke) -> None:
    lines = [
        'group-check agility 8 --order Torrax,Venia --roll "Torrax=1 1" --roll "Venia=1 1 S" '
        "--success-entry 361 --failure-entry 076",
        "group-step gem Torrax",
        "group-step gem Venia",
        "group-step close",
    ]
    said = table("shell", input="\n".join(lines) + "\n").output
    assert said.index("total 6 of 8") < said.index("Torrax spends an Achievement gem")
    assert "Group check closed: total 8, success → 361" in said
