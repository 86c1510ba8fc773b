"""The pytest plugin for authors (entry point pytest11): its fixtures work in this very suite,
and its contract tests pass on sound plugins and catch broken ones."""

import itertools
import json
from pathlib import Path

import msgspec
import pytest
from hypothesis import strategies as st

from ledger.campaign import Ledger
from ledger.hosting import Registry, get_plugin_manager, hookimpl
from ledger.model import CampaignState, Event
from ledger_base_game.events import HeroJoined
from ledger_pytest.contract import check_event_types_round_trip, check_random_history_verifies
from ledger_pytest.plugin import Invoke

_ticks = itertools.count()


class Shouted(Event, tag="broken:shouted", frozen=True, kw_only=True):
    """Not idempotent on decode: every read adds another "!"."""

    text: str

    def __post_init__(self) -> None:
        msgspec.structs.force_setattr(self, "text", self.text + "!")

    def apply(self, state: CampaignState) -> CampaignState:
        return state


class Ticked(Event, tag="broken:ticked", frozen=True, kw_only=True):
    """Not a pure fold: the state depends on how often apply ran before."""

    def apply(self, state: CampaignState) -> CampaignState:
        return msgspec.structs.replace(state, party_name=str(next(_ticks)))


class Broken:
    @hookimpl
    def register_event_types(self) -> list[type[Event]]:
        return [Shouted, Ticked]


@pytest.fixture
def ledger_plugins() -> list[object]:
    return [Broken()]


def test_the_fixtures_give_a_ledger_and_a_cli_with_the_plugins(
    ledger_invoke: Invoke, temp_ledger: Ledger, ledger_db_path: Path
) -> None:
    assert temp_ledger.registry.event_types["broken:ticked"][0] is Ticked
    assert ledger_invoke("campaign", "new", "Fixtures").exit_code == 0
    shown = json.loads(ledger_invoke("plugins", "--json").stdout)
    assert shown[0]["name"] == "ledger_base_game"
    assert "register_event_types" in shown[1]["hooks"]
    assert shown[1]["name"] == "Broken"
    assert temp_ledger.campaigns() == ["Fixtures"]
    assert ledger_db_path.exists()


def test_the_contract_passes_on_the_base_game(ledger_registry: Registry) -> None:
    check_event_types_round_trip(ledger_registry, "ledger_base_game", max_examples=10)
    torrax = HeroJoined(
        hero="Torrax", might=1, agility=2, will=2, taunt=6, chips=6, wounded_chips=3
    )
    check_random_history_verifies(
        Registry(get_plugin_manager()),
        "ledger_base_game",
        [torrax],
        fields={"amount": st.integers(min_value=-1, max_value=4)},
        max_examples=5,
    )


def broken_plugin(registry: Registry) -> str:
    return registry.event_types["broken:ticked"][1]


def failure_text(error: BaseException) -> str:
    """Hypothesis raises a group when it finds several distinct failures."""
    if isinstance(error, BaseExceptionGroup):
        return " ".join(failure_text(inner) for inner in error.exceptions)
    return str(error)


def test_the_contract_catches_an_event_that_does_not_round_trip(ledger_registry: Registry) -> None:
    with pytest.raises(AssertionError):
        check_event_types_round_trip(
            ledger_registry, broken_plugin(ledger_registry), max_examples=5
        )


def test_the_contract_catches_a_fold_that_is_not_pure(ledger_registry: Registry) -> None:
    with pytest.raises((AssertionError, BaseExceptionGroup)) as caught:
        check_random_history_verifies(  # enough examples that some record a Ticked event
            ledger_registry, broken_plugin(ledger_registry), [], max_examples=40
        )
    assert "the state differs" in failure_text(caught.value) or "does not verify" in (
        failure_text(caught.value)
    )


def test_the_contract_needs_the_plugin_loaded(ledger_registry: Registry) -> None:
    with pytest.raises(AssertionError, match="registers no event types"):
        check_event_types_round_trip(ledger_registry, "not_installed")


def test_ledger_invoke_ignores_the_authors_own_ledger_settings(
    ledger_invoke: Invoke, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("LEDGER_CAMPAIGN", "Somewhere else")
    monkeypatch.setenv("LEDGER_DATABASE", str(tmp_path / "theirs.db"))
    assert ledger_invoke("campaign", "new", "Mine").exit_code == 0
    logged = ledger_invoke("log", "--json")
    assert logged.exit_code == 0, logged.output
    assert json.loads(logged.stdout)[0]["payload"]["name"] == "Mine"
