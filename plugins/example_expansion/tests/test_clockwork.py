"""The example expansion's own tests, as an author writes them: the fixtures and contract
tests come from campaign-ledger's pytest plugin (no conftest needed)."""

import json

from click.testing import Result

from ledger.campaign import Ledger
from ledger.hosting import Registry
from ledger_base_game.events import HeroJoined, ItemGained, StaminaRestored
from ledger_example_expansion.events import KIT, GadgetBuilt
from ledger_pytest.contract import check_event_types_round_trip, check_random_history_verifies
from ledger_pytest.plugin import Invoke

PLUGIN = "ledger_example_expansion"
TORRAX = HeroJoined(hero="Torrax", might=3, agility=2, will=2, taunt=6, chips=10, wounded_chips=5)


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
    after = campaign.record([GadgetBuilt(hero="Torrax")]).after.hero("Torrax")
    assert after.stamina.unspent == 9
    assert [item.name for item in after.items] == [KIT, "Clockwork Gadget"]


def test_the_gadget_command(ledger_invoke: Invoke) -> None:
    def ok(*args: str) -> Result:
        result = ledger_invoke(*args)
        assert result.exit_code == 0, result.output
        return result

    ok("campaign", "new", "Guild")
    ok(
        "hero",
        "add",
        "Torrax",
        "--agility",
        "2",
        "--will",
        "2",
        "--taunt",
        "6",
        "--wounded-chips",
        "5",
    )
    ok("item", "gain", "Torrax", KIT)
    ok("gadget", "build", "Torrax")
    assert json.loads(ok("gadget", "list", "--json").stdout) == {"Torrax": 1}
