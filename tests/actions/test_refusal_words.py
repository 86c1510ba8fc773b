"""A refusal names what the caller gave in the caller's own words: an action's error names its
arguments as a Python caller passes them (``heal``), and the CLI shows the very same refusal
with the running command's options (``--heal``), word for word as it always has."""

import pickle
import shlex
from pathlib import Path
from typing import Any

import pluggy
import pytest

from ledger.actions import Action
from ledger.campaign import Ledger
from ledger.errors import BadInput, LedgerError, OutOfRange, RuleViolation
from ledger.hosting import Registry
from ledger_base_game import actions
from tests.helpers.actions import MOONSILVER, refused, run_lines
from tests.helpers.cli import Invoke
from tests.helpers.files import rows_of

HEAL = BadInput("{heal} must be from 0 to 99, not 300", fields=["heal"])


def test_str_names_each_field_as_a_python_caller_knows_it() -> None:
    assert str(HEAL) == "heal must be from 0 to 99, not 300"
    assert HEAL.args == ("heal must be from 0 to 99, not 300",)
    assert HEAL.worded({"heal": "--heal"}) == "--heal must be from 0 to 99, not 300"
    assert HEAL.worded({}) == str(HEAL)  # a field a face has no words for keeps its name
    assert str(BadInput("no fields")) == BadInput("no fields").worded({"x": "y"}) == "no fields"


def test_only_the_listed_fields_are_filled_in() -> None:
    typed = "{heal} {x}"  # what a player typed is left as it is
    error = RuleViolation(f"'{typed}': {{x}} cannot be given", fields=["x"])
    assert str(error) == "'{heal} x': x cannot be given"
    assert error.worded({"x": "--x", "heal": "--heal"}) == "'{heal} --x': --x cannot be given"


def test_words_survive_what_is_added_around_the_message_and_pickling() -> None:
    error = BadInput("{heal} must be from 0 to 99, not 300", fields=["heal"])
    error.seq = 7  # a replay says which stored event
    assert error.worded({"heal": "--heal"}) == "event #7: --heal must be from 0 to 99, not 300"
    error.args = (f"plugin 'frost': {error.args[0]}",)  # the plugin host names the plugin
    assert error.worded({"heal": "--heal"}) == (
        "event #7: plugin 'frost': --heal must be from 0 to 99, not 300"
    )
    copy = pickle.loads(pickle.dumps(HEAL))
    assert (type(copy), str(copy), copy.fields) == (BadInput, str(HEAL), ("heal",))
    assert copy.worded({"heal": "--heal"}) == HEAL.worded({"heal": "--heal"})


def test_a_refusal_raised_from_another_words_the_others_fields() -> None:
    def refuse() -> None:
        try:
            raise RuleViolation("open one with {open_group_check}", fields=["open_group_check"])
        except RuleViolation as error:
            raise RuleViolation(f"undo refused ({error})") from None

    with pytest.raises(RuleViolation) as caught:
        refuse()
    assert str(caught.value) == "undo refused (open one with open_group_check)"
    words = {"open_group_check": "`group-step open`"}
    assert caught.value.worded(words) == "undo refused (open one with `group-step open`)"


def test_an_undo_refused_by_a_later_event_quotes_it_in_each_callers_words(
    pm: pluggy.PluginManager, db_path: Path, invoke: Invoke
) -> None:
    """The rule refusing the later event speaks of another action: the CLI's words for it
    come from the plugin that offers the command (``action_words``)."""
    gate = ["progressive open Gate might 20", "progressive attempt Gate Torrax --roll '1 1 1'"]
    run_lines(pm, db_path, [*MOONSILVER, "step scenario 4", *gate[:1]])
    run_lines(pm, db_path, [gate[1], "progressive round Gate", gate[1]])
    with Ledger.open(db_path, Registry(pm), create=False) as ledger:
        campaign = ledger.campaign()
        round_command = next(e.row.command for e in campaign.log() if "round" in e.row.type)
        with refused(db_path, RuleViolation) as caught:
            campaign.undo(commands=[round_command])
    said = str(caught.value)
    assert "record new_progressive_round when the next round begins" in said
    result = invoke("undo", "--command", str(round_command))
    typed = said.replace("new_progressive_round", "`progressive round`")
    assert result.stderr == f"Error: {typed}\n"


CITY = ["step city", "city event-resolved"]
SCENARIO_CARD = {"number": 70, "xp": True}
# (setup typed at the CLI, the refused command line, its action and intent, the refusal as
# Python says it, and as the CLI says it)
CASES: list[tuple[list[str], str, Action, dict[str, Any], str, str]] = [
    (
        [],
        "check Venia agility 3 --seed 4 --choose will",
        actions.make_check,
        {"hero": "Venia", "ability": "agility", "target": 3, "seed": 4, "choose": "will"},
        "choose is for A|B checks; this check is 'agility'",
        "--choose is for A|B checks; this check is 'agility'",
    ),
    (
        [],
        "check Venia agility 3 --roll '1 1 S' --seed 4",
        actions.make_check,
        {"hero": "Venia", "ability": "agility", "target": 3, "roll": ("1", "1", "S"), "seed": 4},
        "seed is for dice the ledger rolls; leave it out with roll",
        "--seed is for dice the ledger rolls; leave it out with --roll",
    ),
    (
        [],
        "check Venia agility 1000 --seed 4",
        actions.make_check,
        {"hero": "Venia", "ability": "agility", "target": 1000, "seed": 4},
        "target is from 1 to 999, not 1000",
        "TARGET is from 1 to 999, not 1000",
    ),
    (
        [],
        "react Torrax might --damage 3 --stamina-loss 2 --roll '2 H 0'",
        actions.react,
        {"hero": "Torrax", "ability": "might", "damage": 3, "stamina_loss": 2},
        "give either damage N or stamina_loss N, a positive number",
        "give either --damage N or --stamina-loss N, a positive number",
    ),
    (
        [],
        "group-step roll Torrax --seed 1",
        actions.roll_for_group_check,
        {"hero": "Torrax", "seed": 1},
        "no group check is open; open one with open_group_check",
        "no group check is open; open one with `group-step open`",
    ),
    (
        [],
        "group-step gem Torrax",
        actions.spend_group_check_gem,
        {"hero": "Torrax"},
        "no group check is open; open one with open_group_check",  # the fold refuses this one
        "no group check is open; open one with `group-step open`",
    ),
    (
        [],
        "group-step gem Torrax --kind inspiration",
        actions.spend_group_check_gem,
        {"hero": "Torrax", "kind": "inspiration"},
        "declared before the roll: roll_for_group_check; after",
        "declared before the roll: `group-step roll HERO --gem inspiration`; after",
    ),
    (
        ["progressive open Gate might 9", "progressive attempt Gate Torrax --seed 1"],
        "progressive attempt Gate Torrax --seed 2",
        actions.attempt_progressive_check,
        {"name": "Gate", "hero": "Torrax", "seed": 2},
        "record new_progressive_round when the next round begins",
        "record `progressive round` when the next round begins",
    ),
    (
        [],
        "progressive open Gate might 2xQQ",
        actions.open_progressive_check,
        {"name": "Gate", "ability": "might", "target": "2xQQ"},
        "target is a number or a formula like 2xHC+4, not '2xQQ'",
        "TARGET is a number or a formula like 2xHC+4, not '2xQQ'",
    ),
    (
        [],
        "group-check agility 8 --roll Torrax='1 1' --roll torrax='1 1'",
        actions.group_check,
        {"ability": "agility", "target": 8, "rolls": [("Torrax", ("1", "1"))] * 2},
        "rolls Torrax=... is given twice or Torrax does not roll",
        "--roll Torrax=... is given twice or Torrax does not roll",
    ),
    (
        [],
        "check Venia agility 3 --roll '1 1 Q'",
        actions.make_check,
        {"hero": "Venia", "ability": "agility", "target": 3, "roll": ("1", "1", "Q")},
        "record its faces with set_dice (the base game's face counts are an assumption)",
        "record its faces with `dice set FILE` (the base game's face counts are an assumption)",
    ),
    (
        [],
        "item gain Venia Salve --removes-conditions 300",
        actions.gain_item,
        {"hero": "Venia", "item": "Salve", "removes_conditions": 300},
        "removes_conditions must be from 0 to 99, not 300",
        "--removes-conditions must be from 0 to 99, not 300",
    ),
    (
        [],
        "stock add Bone --shape triangle",
        actions.add_to_stock,
        {"item": "Bone", "shape": "triangle"},
        "only an Item token has a shape; give token too",
        "only an Item token has a shape; give --token too",
    ),
    (
        [],
        "stock scenario 70 --xp",
        actions.add_scenario_card,
        SCENARIO_CARD,
        "the ledger does not know whether scenario 70 shows the replay symbol; give replay",
        "the ledger does not know whether scenario 70 shows the replay symbol; "
        "give --replay/--no-replay",
    ),
    (
        [],
        "hero add Drenosh --might 2",
        actions.add_hero,
        {"name": "Drenosh", "might": 2},
        "Drenosh: the base game does not know agility, will, taunt, wounded_chips; "
        "give them (e.g. agility 3)",
        "Drenosh: the base game does not know --agility, --will, --taunt, --wounded-chips; "
        "give them (e.g. --agility 3)",
    ),
    (
        CITY,
        "city activity Venia 'Heal Injury'",
        actions.city_activity,
        {"hero": "Venia", "activity": "Heal Injury"},
        "Heal Injury costs 1 CAP or 3 Stars; say which was paid (points/stars)",
        "Heal Injury costs 1 CAP or 3 Stars; say which was paid (--points/--stars)",
    ),
    (
        CITY,
        "city activity Venia 'Rent a room'",
        actions.city_activity,
        {"hero": "Venia", "activity": "Rent a room"},
        "give the cost your Campaign Book shows (points N and/or stars N)",
        "give the cost your Campaign Book shows (--points N and/or --stars N)",
    ),
    (
        CITY,
        "city activity Venia 'Work on the docks' --sleep Inn",
        actions.city_activity,
        {"hero": "Venia", "activity": "Work on the docks", "sleep": "Inn"},
        "Work on the docks's effects are known; sleep cannot be given",
        "Work on the docks's effects are known; --sleep cannot be given",
    ),
    (
        CITY,
        "city activity Venia 'Fish in the river' --points 1",
        actions.city_activity,
        {"hero": "Venia", "activity": "Fish in the river", "points": 1},
        "Fish in the river gives a rolled number of Stars; give gain_stars N",
        "Fish in the river gives a rolled number of Stars; give --gain-stars N",
    ),
    (
        [*CITY, "stars gain Venia 3"],
        "city activity Venia 'Heal Injury' --stars 3",
        actions.city_activity,
        {"hero": "Venia", "activity": "Heal Injury", "stars": 3},
        "name the Injury card Heal Injury discards with injury (Venia's Injury cards: none)",
        "name the Injury card Heal Injury discards with --injury (Venia's Injury cards: none)",
    ),
]


@pytest.mark.parametrize(
    ("setup", "line", "action", "intent", "python", "typed"),
    CASES,
    ids=[case[1] for case in CASES],
)
def test_the_same_refusal_in_each_callers_words(
    pm: pluggy.PluginManager,
    db_path: Path,
    invoke: Invoke,
    setup: list[str],
    line: str,
    action: Action,
    intent: dict[str, Any],
    python: str,
    typed: str,
) -> None:
    run_lines(pm, db_path, MOONSILVER + setup)
    before = rows_of(db_path)
    result = invoke(*shlex.split(line))
    with (
        Ledger.open(db_path, Registry(pm), create=False) as ledger,
        refused(db_path, LedgerError) as caught,
    ):
        ledger.campaign().do(action, **intent)
    # a number out of range is a usage error (exit 2); every other refusal exits 1
    code = 2 if isinstance(caught.value, OutOfRange) else 1
    assert (result.exit_code, rows_of(db_path)) == (code, before)
    said = str(caught.value)
    assert python in said
    message = f"Error: {said.replace(python, typed)}\n"
    if code == 2:  # after the command's usage line and a blank line
        assert result.stderr.endswith(f"\n\n{message}"), result.stderr
    else:
        assert result.stderr == message
