"""The plugin manager finds a module's hooks by its own names (``ledger.hosting._manager``):
exactly the hookimpls and hookspecs pluggy's static lookup finds, without looking up every
name of the module through ``inspect.getattr_static`` (pluggy still binds each hook found)."""

import inspect
import types
from typing import Any

import pluggy
import pytest

import ledger_base_game
from ledger.hosting import LedgerPluginManager, hookimpl
from ledger.hosting import _hookspecs as hookspecs

HOOK_PREFIXES = ("register_", "interpret_", "validate_")


class Holder:
    @staticmethod
    @hookimpl
    def register_items() -> list[Any]:
        return []

    @hookimpl
    def register_heroes(self) -> list[Any]:
        return []


@hookimpl
def register_dice() -> list[Any]:
    return []


def register_factions() -> list[Any]:  # no marker: not a hook implementation
    return []


def _plugin_module() -> types.ModuleType:
    """A module holding every kind of value a plugin module may hold under a hook's name."""
    module = types.ModuleType("oddities")
    module.register_dice = register_dice  # type: ignore[attr-defined]
    module.register_factions = register_factions  # type: ignore[attr-defined]
    module.register_items = Holder.__dict__["register_items"]  # type: ignore[attr-defined]
    module.register_heroes = Holder().register_heroes  # type: ignore[attr-defined]
    module.register_talents = classmethod(register_dice)  # type: ignore[attr-defined]
    module.register_classes = Holder  # type: ignore[attr-defined]
    module.register_scenarios = 3  # type: ignore[attr-defined]
    module.__annotations__ = {"register_state": int}
    return module


@pytest.mark.parametrize(
    "module", [ledger_base_game, hookspecs, _plugin_module()], ids=lambda m: m.__name__
)
def test_each_name_reads_as_pluggy_reads_it(module: types.ModuleType) -> None:
    ours = LedgerPluginManager()
    plain = pluggy.PluginManager("campaign_ledger")
    for name in dir(module):
        assert ours.parse_hookimpl_opts(module, name) == plain.parse_hookimpl_opts(module, name)
        assert ours.parse_hookspec_opts(module, name) == plain.parse_hookspec_opts(module, name)


def test_a_module_registers_without_a_static_lookup_per_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    looked_up: list[str] = []
    static = inspect.getattr_static

    def counted(obj: object, name: str, *default: object) -> object:
        looked_up.append(name)
        return static(obj, name, *default)

    monkeypatch.setattr(inspect, "getattr_static", counted)
    pm = LedgerPluginManager()
    pm.add_hookspecs(hookspecs)
    pm.register(ledger_base_game, name="ledger_base_game")
    implemented = {name for name in dir(ledger_base_game) if name.startswith(HOOK_PREFIXES)}
    assert set(looked_up) == implemented  # not imports, constants, helpers or the specs
    assert pm.hook.register_heroes.get_hookimpls()[0].plugin_name == "ledger_base_game"
    assert len(pm.hook.register_event_types.get_hookimpls()) == 1
