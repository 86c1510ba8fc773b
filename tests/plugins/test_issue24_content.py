"""Issue 24, findings 1-3: no clash, failure or second plugin changes what another plugin
records. Real installed expansions (tests/plugins/fixtures), the command line in a process."""

import json
from pathlib import Path

from tests.helpers.files import event_count
from tests.helpers.fixture_plugins import Ledger

BOTH = "ledger_base_game,frost_coast,rival"


def items_of(frost: Ledger) -> dict[str, dict[str, object]]:
    return {item["name"]: item for item in frost.json("hero", "show", "Torrax")["item_details"]}


# 1. Fail closed, narrowly


def test_a_clashing_item_leaves_out_only_itself_and_the_rest_records_in_full(frost: Ledger) -> None:
    clash = {"FROST_COAST_FAULTS": "clash"}
    gained = frost.ok("item", "gain", "Torrax", "Seal-bone Crampons", env=clash)
    assert (
        "Warning: item 'Thieves Tools' is registered by both plugin 'ledger_base_game' and "
        "plugin 'frost_coast'; the one of plugin 'frost_coast' is left out" in gained.stderr
    )
    crampons = items_of(frost)["Seal-bone Crampons"]
    assert (crampons["weight"], crampons["phrases"]) == (1, ["Climbing"])
    assert "not in the loaded plugins' catalogue" not in gained.stdout


def test_a_profession_whose_talents_failed_is_refused_naming_the_plugin(frost: Ledger) -> None:
    count = event_count(frost.db_path)
    refused = frost(
        "profession", "learn", "Torrax", "Ice Warden", env={"FROST_COAST_FAULTS": "talents"}
    )
    assert refused.returncode == 1
    assert (
        "Error: Profession 'Ice Warden' is not available: its Talent 'Ice Fishing' is missing, "
        "as plugin 'frost_coast' failed in hook register_talents: KeyError: 'talents.toml'; "
        "nothing was recorded: fix or update plugin 'frost_coast'"
    ) in refused.stderr
    assert event_count(frost.db_path) == count


def test_an_item_the_catalogue_does_not_know_says_it_is_recorded_as_given(frost: Ledger) -> None:
    gained = frost.ok("item", "gain", "Torrax", "Mystery Box")
    assert (
        "Mystery Box is not in the loaded plugins' catalogue: recorded with only what was given"
        in gained.stdout
    )
    failing = frost("item", "gain", "Torrax", "Spare Crampons", env={"FROST_COAST_FAULTS": "clash"})
    assert failing.returncode == 0  # a clash is no gap: the names it gave are known


def test_events_of_a_type_a_plugin_failed_to_give_are_refused_naming_it(frost: Ledger) -> None:
    frost.ok("frost-coast", "frostbite", "Torrax", "1")
    count = event_count(frost.db_path)
    failing = {"FROST_COAST_FAULTS": "events"}
    refused = frost("hero", "show", "Torrax", env=failing)
    assert refused.returncode == 1
    assert (
        "uses type 'frost_coast:frostbite' from plugin 'frost_coast' 0.1.0: event type "
        "'frost_coast:frostbite' is not available: plugin 'frost_coast': plugin 'frost_coast' "
        "failed in hook register_event_types: ImportError: cannot import name 'Thaw'"
    ) in refused.stderr
    assert frost("frost-coast", "frostbite", "Torrax", "1", env=failing).returncode == 1
    assert event_count(frost.db_path) == count


# 2. Namespaces and order


def test_a_second_plugin_never_knocks_out_another_plugins_modifier_type(frost: Ledger) -> None:
    frost.ok("frost-coast", "frostbite", "Torrax", "2")
    check = ("check", "Torrax", "might", "3", "--roll", "1 1 1")
    alone = frost.json(*check, "--modifier", "+1:frostbite=2")
    assert alone["modifiers"][0]["applied"] is True
    with_rival = {"LEDGER_LOAD_PLUGINS": BOTH}
    ambiguous = frost(*check, "--modifier", "+1:frostbite=2", env=with_rival)
    assert ambiguous.returncode == 1
    assert (
        "modifier type 'frostbite' is registered by both plugin 'frost_coast' and plugin "
        "'rival': write frost_coast:frostbite or rival:frostbite" in ambiguous.stderr
    )
    full = frost.json(*check, "--modifier", "+1:frost_coast:frostbite=2", env=with_rival)
    assert full["modifiers"][0]["applied"] is True
    # the same whatever the order the plugins load in
    reversed_order = {"LEDGER_LOAD_PLUGINS": "rival,frost_coast,ledger_base_game"}
    refused = frost(*check, "--modifier", "+1:frostbite=2", env=reversed_order).stderr
    assert "'frostbite' is registered by both plugin" in refused
    assert "frost_coast:frostbite" in refused
    assert "rival:frostbite" in refused


def test_two_plugins_answering_a_phrase_differently_are_warned_of_in_load_order(
    frost: Ledger,
) -> None:
    frost.ok("item", "gain", "Torrax", "Seal-bone Crampons")
    asked = frost.ok("phrase", "Torrax", "icy slope", env={"LEDGER_LOAD_PLUGINS": BOTH})
    assert "Seal-bone Crampons" in asked.stdout  # frost_coast loads first: its answer
    assert (
        "Warning: plugins 'frost_coast' and 'rival' disagree whether Seal-bone Crampons answers "
        "'icy slope' (frost_coast says yes, rival says no); 'frost_coast' answers first"
    ) in asked.stderr
    rival_first = frost.ok(
        "phrase",
        "Torrax",
        "icy slope",
        env={"LEDGER_LOAD_PLUGINS": "rival,frost_coast,ledger_base_game"},
    )
    assert "Seal-bone Crampons" not in rival_first.stdout
    assert "'rival' answers first" in rival_first.stderr


# 3. State parts


def test_two_state_parts_under_one_namespace_never_overwrite_each_other(frost: Ledger) -> None:
    frost.ok("frost-coast", "frostbite", "Torrax", "2")
    scars = {"FROST_COAST_FAULTS": "scars"}
    refused = frost("frost-coast", "scar", "Torrax", env=scars)
    assert refused.returncode == 1
    assert (
        "plugin 'frost_coast' registers two HeroPart types under the namespace 'frost_coast' "
        "(Frostbite and Scars), which would overwrite each other: give Scars a namespace of its "
        "own (namespace = 'frost_coast.scars')" in refused.stderr
    )
    assert "by both plugin 'frost_coast' and plugin 'frost_coast'" not in refused.stderr
    assert json.loads(frost.ok("frost-coast", "held", env=scars).stdout) == {"Torrax": 2}
    assert "ok" in frost.ok("verify").stdout


def test_the_registry_refuses_the_second_part_when_strict(
    fixture_site: Path, tmp_path: Path
) -> None:
    ledger = Ledger(fixture_site, tmp_path / "x.db")
    shown = ledger("plugins", env={"FROST_COAST_FAULTS": "scars"})
    assert "FAILED: plugin 'frost_coast' registers two HeroPart types" in shown.stdout


# Debugging an expansion: --trace-hooks


def test_trace_hooks_shows_each_hook_call_with_plugin_arguments_and_answer(frost: Ledger) -> None:
    frost.ok("item", "gain", "Torrax", "Seal-bone Crampons")
    for how in (
        {"args": ("--trace-hooks",), "env": {}},
        {"args": (), "env": {"LEDGER_TRACE_HOOKS": "1"}},
    ):
        traced = frost.ok(*how["args"], "phrase", "Torrax", "icy slope", env=how["env"])
        lines = traced.stderr.splitlines()
        assert any(
            line.startswith("interpret_item_phrase(item=Item(name='Seal-bone Crampons'")
            and "phrase='icy slope') plugin 'frost_coast' -> True [hook]" in line
            for line in lines
        ), traced.stderr
        assert any(
            "register_items() plugin 'frost_coast' -> [ItemSpec(name='Seal-bone" in line
            for line in lines
        )
    assert "[hook]" not in frost.ok("phrase", "Torrax", "icy slope").stderr
