"""The example expansion's own tests, as an author writes them: the fixtures, contract tests
and golden files come from campaign-ledger's pytest plugin (no conftest needed)."""

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pluggy
import pytest
from click.testing import Result

from ledger.campaign import Ledger
from ledger.hosting import Registry
from ledger_base_game.events import HeroJoined, ItemGained, StaminaRestored
from ledger_example_expansion import events
from ledger_example_expansion.events import KIT, GadgetBuilt, Guild, Workshop
from ledger_pytest.contract import check_event_types_round_trip, check_random_history_verifies
from ledger_pytest.golden import GoldenMismatch, check_golden
from ledger_pytest.plugin import Invoke

PLUGIN = "ledger_example_expansion"
TORRAX = HeroJoined(hero="Torrax", might=3, agility=2, will=2, taunt=6, chips=10, wounded_chips=5)
V1 = Path(__file__).parent / "golden" / "v1"  # recorded with version 0.1.0 (schema 1)
TORRAX_ADD = ("hero", "add", "Torrax", "--agility", "2", "--will", "2", "--taunt", "6")
TORRAX_ADD += ("--wounded-chips", "5")


def test_every_event_type_round_trips(ledger_registry: Registry) -> None:
    check_event_types_round_trip(ledger_registry, PLUGIN)


def test_a_random_legal_history_verifies(ledger_registry: Registry) -> None:
    kit = ItemGained(hero="Torrax", item=ledger_registry.items.get(KIT))
    check_random_history_verifies(
        ledger_registry, PLUGIN, [TORRAX, kit], also=[StaminaRestored], max_examples=8
    )


def test_building_takes_a_kit_and_a_chip(temp_ledger: Ledger) -> None:
    campaign = temp_ledger.create_campaign("Guild")
    campaign.record([TORRAX])
    kit = ItemGained(hero="Torrax", item=temp_ledger.registry.items.get(KIT))
    campaign.record([kit])
    after = campaign.record([GadgetBuilt(hero="Torrax", cost=1)]).after
    torrax = after.hero("Torrax")
    assert torrax.stamina.unspent == 9
    assert [item.name for item in torrax.items] == [KIT, "Clockwork Gadget"]
    assert torrax.part(Workshop) == Workshop(built=1, chips=1)
    assert after.part(Guild) == Guild(gadgets=1)


@pytest.fixture
def ok(ledger_invoke: Invoke) -> Callable[..., Result]:
    def run(*args: str) -> Result:
        result = ledger_invoke(*args)
        assert result.exit_code == 0, result.output
        return result

    return run


def shown(ok: Callable[..., Result], *args: str) -> Any:
    return json.loads(ok(*args, "--json").stdout)


def test_the_gadget_command(ok: Callable[..., Result]) -> None:
    ok("campaign", "new", "Guild")
    ok(*TORRAX_ADD)
    ok("item", "gain", "Torrax", KIT)
    ok("gadget", "build", "Torrax")
    assert shown(ok, "gadget", "list") == {"Torrax": 1}


def test_the_workshop_is_state_of_its_own_at_any_point(ok: Callable[..., Result]) -> None:
    ok("campaign", "new", "Guild")
    ok(*TORRAX_ADD)
    ok("item", "gain", "Torrax", KIT)
    ok("gadget", "build", "Torrax")
    ok("gadget", "build", "Torrax")
    hero = shown(ok, "hero", "show", "Torrax")
    assert hero["plugins"] == {"example": {"built": 2, "chips": 2}}
    assert shown(ok, "party", "show")["plugins"] == {"example": {"gadgets": 2}}
    at_first = shown(ok, "hero", "show", "Torrax", "--at", "4")
    assert at_first["plugins"] == {"example": {"built": 1, "chips": 1}}
    ok("undo")
    assert shown(ok, "hero", "show", "Torrax")["plugins"]["example"]["built"] == 1
    assert "ok" in ok("verify").output


def test_a_tinkerer_builds_for_free(ok: Callable[..., Result]) -> None:
    ok("campaign", "new", "Guild")
    ok(*TORRAX_ADD)
    ok("xp", "gain", "2")
    ok("step", "city")  # level 2: a Profession may be learned
    ok("profession", "learn", "Torrax", "Tinkerer", "--points", "0", "--stars", "0")
    ok("item", "gain", "Torrax", KIT)
    assert "builds a Clockwork Gadget (0 stamina)" in ok("gadget", "build", "Torrax").output
    hero = shown(ok, "hero", "show", "Torrax")
    assert hero["plugins"]["example"] == {"built": 1, "chips": 0}


def test_steady_hands_adds_one_to_an_agility_check_then_goes(ok: Callable[..., Result]) -> None:
    ok("campaign", "new", "Guild")
    ok(*TORRAX_ADD)
    for step in ("city", "journey", "scenario 1"):
        ok("step", *step.split())
    ok("condition", "add", "Torrax", "Steady Hands")
    assert shown(ok, "odds", "Torrax", "agility", "3")["bonus"] == 1
    assert shown(ok, "odds", "Torrax", "might", "3")["bonus"] == 0
    made = ok("check", "Torrax", "agility", "3", "--roll", "1 1").output
    assert "total 3: success" in made
    assert "Torrax loses Steady Hands" in made
    assert shown(ok, "hero", "show", "Torrax")["conditions"] == []


def test_campaigns_of_version_1_replay_through_the_upcaster(
    ledger_golden: Callable[[Path], None],
) -> None:
    ledger_golden(V1)


def test_an_upcaster_adding_one_fails_the_golden_file(
    ledger_pm: pluggy.PluginManager, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(events, "upcast_v1", lambda payload: {**payload, "cost": 2})
    with pytest.raises(GoldenMismatch, match=r"stamina\.unspent is 8, recorded 9"):
        check_golden(Registry(ledger_pm), V1, tmp_path)  # the registry reads the upcaster
