"""State of a plugin's own (``register_state``): a Frost plugin keeps a count of frostbites
per Hero and per campaign, folded by its event; it shows in ``hero show``/``party show``,
at any point, is undone by undo, proved by verify and carried by export and import."""

import json
import sqlite3
from pathlib import Path
from typing import Any, ClassVar

import click
import msgspec
import pluggy
import pytest
from click.testing import CliRunner, Result

from ledger.actions import Game
from ledger.campaign import Ledger
from ledger.errors import PluginError
from ledger.hosting import CommandGroup, Registry, get_plugin_manager, hookimpl
from ledger.model import CampaignPart, CampaignState, Event, HeroEvent, HeroPart, PluginState
from ledger.verification import verify
from ledger_cli.app import build_cli
from ledger_cli.helpers import App, Command, pass_app
from tests.helpers.cli import Invoke, hero, party_json


class Frozen(HeroPart, frozen=True, kw_only=True):
    namespace: ClassVar[str] = "frost"
    bites: int = 0
    fingers: tuple[str, ...] = ()


class Winter(CampaignPart, frozen=True, kw_only=True):
    namespace: ClassVar[str] = "frost"
    storms: int = 0


class Frostbite(HeroEvent, tag="frost:frostbite", frozen=True, kw_only=True):
    finger: str = "thumb"

    def apply(self, state: CampaignState) -> CampaignState:
        hero = state.hero(self.hero)
        frozen = hero.part(Frozen)
        bitten = Frozen(bites=frozen.bites + 1, fingers=(*frozen.fingers, self.finger))
        winter = state.part(Winter)
        state = state.with_hero(hero.with_part(bitten))
        return state.with_part(msgspec.structs.replace(winter, storms=winter.storms + 1))


def frostbite(game: Game, *, hero: str, finger: str = "thumb") -> list[Event]:
    return [Frostbite(hero=game.hero(hero).name, finger=finger)]


@click.command("frostbite", cls=Command)
@click.argument("hero")
@pass_app
def frostbite_command(app: App, hero: str) -> None:
    app.do(frostbite, hero=hero, as_json=False)


class Frost:
    @staticmethod
    @hookimpl
    def register_event_types() -> list[type[Event]]:
        return [Frostbite]

    @staticmethod
    @hookimpl
    def register_state() -> list[type[PluginState]]:
        return [Frozen, Winter]

    @staticmethod
    @hookimpl
    def register_commands(cli: CommandGroup) -> None:
        cli.add_command(frostbite_command)


@pytest.fixture
def ledger_plugins() -> list[object]:
    return [Frost]


def bites(invoke: Invoke, *at: str) -> Any:
    return hero(invoke, "Torrax", *at).get("plugins", {}).get("frost")


def test_a_plugin_event_folds_into_its_state_shown_at_any_point(party: Invoke) -> None:
    assert "plugins" not in hero(party, "Torrax")  # nothing yet: the initial value
    party("frostbite", "Torrax")
    party("frostbite", "Torrax")
    assert bites(party) == {"bites": 2, "fingers": ["thumb", "thumb"]}
    assert bites(party, "--at", "4") == {"bites": 1, "fingers": ["thumb"]}
    assert "plugins" not in hero(party, "Torrax", "--at", "3")
    assert party_json(party)["plugins"] == {"frost": {"storms": 2}}
    assert "plugins" not in party_json(party, "--at", "3")
    assert (
        "  frost:      bites=2 · fingers=[thumb, thumb]"
        in party("hero", "show", "Torrax").stdout.splitlines()
    )


def test_undo_and_redo_take_the_plugin_state_with_them(party: Invoke) -> None:
    party("frostbite", "Torrax")
    party("frostbite", "Torrax")
    party("undo")
    assert bites(party) == {"bites": 1, "fingers": ["thumb"]}
    assert party_json(party)["plugins"] == {"frost": {"storms": 1}}
    party("redo")
    assert bites(party) == {"bites": 2, "fingers": ["thumb", "thumb"]}


def record_bites(path: Path, registry: Registry, count: int) -> None:
    with Ledger.open(path, registry, snapshot_interval=2) as ledger:
        campaign = ledger.campaign("Test")
        for finger in ("thumb", "index", "middle", "ring", "little")[:count]:
            campaign.do(frostbite, hero="Torrax", finger=finger)


def test_snapshots_hold_the_plugin_state_and_verify_proves_them(
    party: Invoke, db_path: Path, registry: Registry
) -> None:
    record_bites(db_path, registry, 5)
    with Ledger.open(db_path, registry) as ledger:
        assert verify(ledger) == []
        campaign = ledger.campaign("Test")
        # The latest state starts from a snapshot: its part is the registered type again.
        assert campaign.state().hero("Torrax").part(Frozen).bites == 5
        assert type(campaign.state().hero("Torrax").plugins["frost"]) is Frozen
    with sqlite3.connect(db_path) as db:
        stored = [json.loads(s) for (s,) in db.execute("SELECT state FROM snapshots")]
        db.execute("DROP TRIGGER snapshots_no_update")  # a tampering, to prove verify looks
        db.execute("UPDATE snapshots SET state = replace(state, '[\"thumb\"', '[\"toe\"')")
    assert any(state[0]["heroes"]["Torrax"]["plugins"] for state in stored)
    with Ledger.open(db_path, registry) as ledger:
        problems = verify(ledger)
    messages = [p.message for p in problems]
    assert "the snapshot (revision 0) differs from a fold from scratch" in messages


def cli(pm: pluggy.PluginManager, path: Path, *args: str) -> Result:
    result = CliRunner().invoke(build_cli(pm), ["--database", str(path), *args])
    assert result.exit_code == 0, result.output
    return result


def test_export_and_import_carry_the_plugin_state(
    party: Invoke, pm: pluggy.PluginManager, tmp_path: Path
) -> None:
    party("frostbite", "Torrax")
    exported = tmp_path / "frost.ndjson"
    party("export", str(exported))
    elsewhere = tmp_path / "elsewhere.db"
    cli(pm, elsewhere, "import", str(exported))
    shown = json.loads(cli(pm, elsewhere, "hero", "show", "Torrax", "--json").stdout)
    assert shown["plugins"] == {"frost": {"bites": 1, "fingers": ["thumb"]}}
    assert cli(pm, elsewhere, "verify").exit_code == 0


# What the host refuses


def refused(kind: object) -> str:
    pm = get_plugin_manager()
    pm.register(type("Bad", (), {"register_state": staticmethod(hookimpl(lambda: [kind]))}))
    with pytest.raises(PluginError) as caught:
        Registry(pm)
    return str(caught.value)


class NoNamespace(HeroPart, frozen=True, kw_only=True):
    cold: int = 0


class NoDefault(HeroPart, frozen=True, kw_only=True):
    namespace: ClassVar[str] = "nodefault"
    cold: int


class Twice(HeroPart, frozen=True, kw_only=True):
    namespace: ClassVar[str] = "frost"


@pytest.mark.parametrize(
    ("kind", "says"),
    [
        pytest.param(int, "not a HeroPart or CampaignPart", id="not a part"),
        pytest.param(NoNamespace, "NoNamespace needs a namespace", id="no namespace"),
        pytest.param(NoDefault, "needs a default for every field", id="no default"),
    ],
)
def test_the_host_refuses_state_it_cannot_fold(kind: object, says: str) -> None:
    assert says in refused(kind)


def test_two_plugins_claiming_one_namespace_are_both_named() -> None:
    pm = get_plugin_manager()
    pm.register(Frost, name="frost_one")
    pm.register(type("Other", (), {"register_state": staticmethod(hookimpl(lambda: [Twice]))}))
    with pytest.raises(PluginError, match="'frost' is registered by both plugin 'frost_one'"):
        Registry(pm)


def test_a_part_is_kept_on_its_own_scope() -> None:
    state = CampaignState()
    with pytest.raises(TypeError, match="Frozen is not a CampaignPart"):
        state.with_part(Frozen())
    assert state.part(Winter) == Winter()  # the initial value until an event changes it


def test_a_part_reads_as_the_same_class_imported_twice() -> None:
    # A --plugins-dir plugin is loaded as ledger_plugins_dir.NAME; a script importing the same
    # file again gets another class of the same name, which must still read the stored part.
    again = msgspec.defstruct(
        "Winter", [("storms", int, 0)], bases=(CampaignPart,), frozen=True, kw_only=True
    )
    again.namespace = "frost"
    state = CampaignState().with_part(Winter(storms=2))
    assert state.part(again) == again(storms=2)
