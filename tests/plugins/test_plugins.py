"""The core ships no content: everything comes through the plugin hooks."""

import ast

import pytest

from ledger.errors import PluginError
from ledger.hosting import Registry, get_plugin_manager, hookimpl
from ledger.model import Event, HeroSpec
from ledger_base_game.events import DamageTaken
from tests.helpers import ROOT

CORE = ROOT / "ledger"


def test_without_plugins_every_content_registry_is_empty(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LEDGER_LOAD_PLUGINS", "")
    registry = Registry(get_plugin_manager())
    assert len(registry.heroes) == len(registry.conditions) == len(registry.items) == 0
    assert all(tag.startswith("ledger:") for tag in registry.event_types)


def test_the_base_game_is_loaded_by_default() -> None:
    registry = Registry(get_plugin_manager())
    assert registry.heroes.get("zuva’sai").name == "Zuva'Sai"
    assert registry.conditions.get("CURSED").number == 7
    assert registry.event_types[DamageTaken.tag()][1] == "ledger_base_game"


def test_the_core_imports_no_click() -> None:
    for module in CORE.rglob("*.py"):
        for node in ast.walk(ast.parse(module.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            assert not any(n.split(".")[0] in ("click", "ledger_base_game") for n in names), module


class Copycat:
    """An expansion that registers a Hero and an event type the base game already has."""

    @staticmethod
    @hookimpl
    def register_heroes() -> list[HeroSpec]:
        return [HeroSpec(name="Torrax", might=4)]


class SameTag:
    @staticmethod
    @hookimpl
    def register_event_types() -> list[type[Event]]:
        return [DamageTaken]


@pytest.mark.parametrize(
    ("plugin", "what"), [(Copycat, "Hero 'Torrax'"), (SameTag, "'base:damage-taken'")]
)
def test_duplicates_are_refused_naming_both_plugins(plugin: object, what: str) -> None:
    pm = get_plugin_manager()
    pm.register(plugin, name="copycat")
    with pytest.raises(PluginError) as refused:
        Registry(pm)
    message = str(refused.value)
    assert what in message
    assert "ledger_base_game" in message
    assert "copycat" in message


class Gadget(Event, tag="gadgets:wound-up", frozen=True, kw_only=True):
    turns: int = 1


class Gadgets:
    @staticmethod
    @hookimpl
    def register_event_types() -> list[type[Event]]:
        return [Gadget]


def test_a_warning_registry_asks_the_base_game_for_its_event_types_when_first_used() -> None:
    """Same types, same order as a strict registry, which asks every plugin at once; a read
    at a snapshot never needs them (tests/cli/test_lazy_cli.py)."""
    pm = get_plugin_manager()
    pm.register(Gadgets, name="gadgets")
    strict = Registry(pm)
    warning = Registry(pm, strict=False)
    assert "event_types" not in vars(warning)  # not yet asked
    assert [*warning.event_types.items()] == [*strict.event_types.items()]
    assert [*warning.event_types][-1] == "gadgets:wound-up"  # loaded after the base game
    assert warning.problems == strict.problems == []


def test_every_base_game_tag_is_in_its_reserved_namespace() -> None:
    """Why its event types may be asked for later than another plugin's: none of them can
    clash with one of theirs (ledger.hosting._registry, ASKED_WHEN_USED)."""
    registry = Registry(get_plugin_manager())
    base = [tag for tag, (_, plugin) in registry.event_types.items() if plugin != "ledger"]
    assert base
    assert all(tag.startswith("base:") for tag in base)


def test_a_catalogue_only_the_base_game_fills_is_gathered_when_first_read() -> None:
    """A warning registry gathers it when read, with what a strict one gathers at once; one
    another plugin adds to is gathered at once, so a clash is warned of on every command."""
    pm = get_plugin_manager()
    pm.register(Copycat, name="copycat")  # a Hero the base game has
    strict_pm = get_plugin_manager()
    warning = Registry(pm, strict=False)
    assert any("Torrax" in problem for problem in warning.problems)  # heroes: at once
    assert warning.items._later is not None  # the base game's alone: not yet
    strict = Registry(strict_pm)
    for kind in ("conditions", "items", "classes", "professions", "talents", "injuries"):
        mine, theirs = getattr(warning, kind), getattr(strict, kind)
        assert [*zip(mine.names(), map(mine.owner, mine.names()), strict=True)] == [
            *zip(theirs.names(), map(theirs.owner, theirs.names()), strict=True)
        ]
    assert warning.items._later is None
