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
