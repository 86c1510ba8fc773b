"""Event upcasting: a plugin bumps an event type's schema and upcasts the old payloads as they
are read. Stored rows are never rewritten, and old campaigns replay to the same state."""

from pathlib import Path
from typing import Any, ClassVar

import msgspec
import pytest

from ledger.campaign import Ledger
from ledger.errors import PluginError
from ledger.hosting import Registry, Upcaster, get_plugin_manager, hookimpl
from ledger.model import CampaignState, Event
from ledger.verification import verify
from tests.helpers.files import rows_of


class MottoV1(Event, tag="mottoes:motto-chosen", frozen=True, kw_only=True):
    text: str

    def apply(self, state: CampaignState) -> CampaignState:
        return msgspec.structs.replace(state, party_name=self.text)


class MottoV2(Event, tag="mottoes:motto-chosen", frozen=True, kw_only=True):
    """Schema 2: the motto's words, and whether it is shouted."""

    schema: ClassVar[int] = 2
    words: tuple[str, ...]
    shouted: bool = False

    def apply(self, state: CampaignState) -> CampaignState:
        motto = " ".join(self.words)
        return msgspec.structs.replace(state, party_name=motto.upper() if self.shouted else motto)


def v1_to_v2(payload: dict[str, Any]) -> dict[str, Any]:
    return {"type": payload["type"], "words": payload["text"].split(" ")}


class Old:
    __version__ = "1.0"

    @hookimpl
    def register_event_types(self) -> list[type[Event]]:
        return [MottoV1]


class New:
    __version__ = "2.0"

    def __init__(self, upcasters: list[Upcaster]) -> None:
        self.upcasters = upcasters

    @hookimpl
    def register_event_types(self) -> list[type[Event]]:
        return [MottoV2]

    @hookimpl
    def register_upcasters(self) -> list[Upcaster]:
        return self.upcasters


UPCASTER = Upcaster(tag="mottoes:motto-chosen", from_schema=1, upcast=v1_to_v2)


def registry_with(plugin: object) -> Registry:
    pm = get_plugin_manager()
    pm.register(plugin, name="mottoes")
    return Registry(pm)


@pytest.fixture
def old_campaign(db_path: Path) -> CampaignState:
    with Ledger.open(db_path, registry_with(Old()), snapshot_interval=2) as ledger:
        campaign = ledger.create_campaign("Mottoes")
        for text in ("by gears and grit", "never  twice", "onward"):
            campaign.record([MottoV1(text=text)])
        campaign.undo()
        return campaign.state()


def test_old_campaigns_replay_to_the_same_state(db_path: Path, old_campaign: CampaignState) -> None:
    stored = rows_of(db_path)
    assert {row["schema"] for row in stored if row["type"] == MottoV1.tag()} == {1}
    with Ledger.open(db_path, registry_with(New([UPCASTER])), create=False) as ledger:
        campaign = ledger.campaign()
        assert campaign.state() == old_campaign  # "never  twice", both spaces kept
        assert campaign.state(2) == msgspec.structs.replace(
            old_campaign, party_name="by gears and grit"
        )
        assert verify(ledger) == []
        recorded = campaign.record([MottoV2(words=("louder",), shouted=True)])
        assert recorded.after.party_name == "LOUDER"
        assert recorded.rows[0].schema == 2
    assert rows_of(db_path)[: len(stored)] == stored  # never rewritten


def test_without_an_upcaster_the_old_schema_is_refused_by_name(
    db_path: Path, old_campaign: CampaignState
) -> None:
    with Ledger.open(db_path, registry_with(New([])), create=False) as ledger:
        with pytest.raises(
            PluginError, match="schema 1; plugin 'mottoes' as installed reads schema 2"
        ):
            ledger.campaign().state()
        assert "has no upcaster from schema 1" in str(verify(ledger)[0])


def test_a_newer_schema_than_installed_asks_for_that_version(
    db_path: Path, old_campaign: CampaignState
) -> None:
    with Ledger.open(db_path, registry_with(New([UPCASTER]))) as ledger:
        ledger.campaign().record([MottoV2(words=("later",))])
    with (
        Ledger.open(db_path, registry_with(Old()), create=False) as ledger,
        pytest.raises(PluginError, match=r"schema 2 by plugin 'mottoes' 2\.0"),
    ):
        ledger.campaign().state()


def test_an_upcaster_that_raises_is_named(db_path: Path, old_campaign: CampaignState) -> None:
    broken = Upcaster(tag=MottoV2.tag(), from_schema=1, upcast=lambda payload: payload["nope"])
    with (
        Ledger.open(db_path, registry_with(New([broken])), create=False) as ledger,
        pytest.raises(PluginError, match="plugin 'mottoes' failed in hook register_upcasters"),
    ):
        ledger.campaign().state()


@pytest.mark.parametrize(
    ("upcaster", "problem"),
    [
        (Upcaster(tag="base:damage-taken", from_schema=1, upcast=v1_to_v2), "which plugin"),
        (Upcaster(tag="mottoes:other", from_schema=1, upcast=v1_to_v2), "which no loaded"),
        (Upcaster(tag=MottoV2.tag(), from_schema=2, upcast=v1_to_v2), "is useless"),
        ("not an upcaster", "not an Upcaster"),
    ],
)
def test_bad_upcasters_are_refused(upcaster: Any, problem: str) -> None:
    with pytest.raises(PluginError, match=problem):
        registry_with(New([upcaster]))


def test_two_upcasters_for_the_same_step_are_refused() -> None:
    with pytest.raises(PluginError, match="second upcaster"):
        registry_with(New([UPCASTER, UPCASTER]))
