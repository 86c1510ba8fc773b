"""Golden files (ledger_pytest.golden): an export recorded by version 1 of a plugin holds
version 2 to the states it produced, so an upcaster that changes what happened is caught even
though verify, which trusts upcasters, passes."""

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import pluggy
import pytest

from ledger.campaign import Ledger
from ledger.hosting import Registry, Upcaster, get_plugin_manager, hookimpl
from ledger.model import CampaignState, Event, HeroEvent
from ledger.rules import stamina
from ledger.verification import verify
from ledger_base_game.events import HeroJoined
from ledger_pytest.golden import GoldenMismatch, check_golden, first_difference, write_golden


class TollV1(HeroEvent, tag="tolls:toll-paid", frozen=True, kw_only=True):
    """Version 1: the Hero pays ``amount`` stamina at a toll bridge."""

    amount: int

    def apply(self, state: CampaignState) -> CampaignState:
        return self.update(state, lambda hero: stamina.spend(hero, self.amount))


class TollV2(HeroEvent, tag="tolls:toll-paid", frozen=True, kw_only=True):
    """Version 2 renames ``amount`` to ``chips`` (a breaking change: schema 2)."""

    schema: ClassVar[int] = 2
    chips: int

    def apply(self, state: CampaignState) -> CampaignState:
        return self.update(state, lambda hero: stamina.spend(hero, self.chips))


def renamed(payload: dict[str, Any]) -> dict[str, Any]:
    payload["chips"] = payload.pop("amount")
    return payload


def off_by_one(payload: dict[str, Any]) -> dict[str, Any]:
    payload["chips"] = payload.pop("amount") + 1
    return payload


def tolls(event_type: type[Event], *upcasters: Upcaster) -> pluggy.PluginManager:
    plugin = type(
        "tolls",
        (),
        {
            "register_event_types": staticmethod(hookimpl(lambda: [event_type])),
            "register_upcasters": staticmethod(hookimpl(lambda: list(upcasters))),
        },
    )
    pm = get_plugin_manager()
    pm.register(plugin, name="tolls")
    return pm


@pytest.fixture
def golden(tmp_path: Path) -> Path:
    """A golden file recorded with version 1: Torrax pays 1, then 2, at the toll."""
    with Ledger.open(tmp_path / "v1.db", Registry(tolls(TollV1))) as ledger:
        campaign = ledger.create_campaign("Bridges")
        stats = {"might": 2, "agility": 2, "will": 2, "taunt": 3}
        campaign.record([HeroJoined(hero="Torrax", chips=10, wounded_chips=5, **stats)])
        campaign.record([TollV1(hero="Torrax", amount=1)])
        campaign.record([TollV1(hero="Torrax", amount=2)])
        write_golden(campaign, tmp_path / "golden" / "v1", at=["3", None])
    return tmp_path / "golden" / "v1"


Check = Callable[[Upcaster], None]


@pytest.fixture
def check(golden: Path, tmp_path: Path) -> Check:
    def run(upcaster: Upcaster) -> None:
        check_golden(Registry(tolls(TollV2, upcaster)), golden, tmp_path / "work")

    return run


def test_a_faithful_upcaster_reproduces_the_recorded_states(check: Check) -> None:
    check(Upcaster(tag="tolls:toll-paid", from_schema=1, upcast=renamed))


def test_an_upcaster_adding_one_fails_the_golden_file_where_verify_does_not(
    check: Check, golden: Path, tmp_path: Path
) -> None:
    wrong = Upcaster(tag="tolls:toll-paid", from_schema=1, upcast=off_by_one)
    with pytest.raises(GoldenMismatch) as caught:
        check(wrong)
    assert str(caught.value) == (
        "v1.ndjson at 3: state.heroes.Torrax.stamina.unspent is 8, recorded 9 (an upcaster "
        "or a rule changed what this campaign was)"
    )
    with Ledger.open(tmp_path / "work" / "v1.db", Registry(tolls(TollV2, wrong))) as ledger:
        assert verify(ledger) == []  # what the helper is for: verify trusts the upcaster


def test_the_golden_file_needs_its_upcaster(check: Check, golden: Path, tmp_path: Path) -> None:
    with pytest.raises(Exception, match="has no upcaster from schema 1"):
        check_golden(Registry(tolls(TollV2)), golden, tmp_path / "work")


class TollsV2:
    """Version 2 as installed: the plugins under test of this module's fixtures."""

    @staticmethod
    @hookimpl
    def register_event_types() -> list[type[Event]]:
        return [TollV2]

    @staticmethod
    @hookimpl
    def register_upcasters() -> list[Upcaster]:
        return [Upcaster(tag="tolls:toll-paid", from_schema=1, upcast=renamed)]


@pytest.fixture
def ledger_plugins() -> list[object]:
    return [TollsV2]


def test_the_fixture_holds_the_golden_file_against_the_plugins_under_test(
    ledger_golden: Callable[[Path], None], golden: Path
) -> None:
    ledger_golden(golden)


@pytest.mark.parametrize(
    ("expected", "actual", "says"),
    [
        pytest.param({"a": 1}, {"a": 1, "new": 2}, None, id="a new key is not compared"),
        pytest.param({"a": 1}, {}, "state.a is gone (recorded: 1)", id="a key gone"),
        pytest.param([1, 2], [1], "state has 1 entries, recorded 2", id="a list shorter"),
        pytest.param({"a": [{"b": True}]}, {"a": [{"b": 1}]}, "state.a[0].b is 1", id="bool"),
    ],
)
def test_first_difference(expected: Any, actual: Any, says: str | None) -> None:
    found = first_difference(expected, actual)
    assert found == says if says is None else says in str(found)
