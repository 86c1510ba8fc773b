"""Everything the loaded plugins registered, collected once, duplicates refused."""

import hashlib
from collections.abc import Callable, Iterable
from functools import cached_property
from typing import Any, Generic, TypeVar

import msgspec
import pluggy

import ledger
from ledger.content import ConditionSpec, HeroSpec, ItemSpec
from ledger.errors import NotFound, PluginError
from ledger.event import LEDGER_EVENT_TYPES, Event
from ledger.plugins import get_plugin_manager, plugin_version
from ledger.state import CampaignState
from ledger.text import name_key, quoted

T = TypeVar("T")
CORE = "ledger"


class Catalogue(Generic[T]):
    """Named things from plugins, looked up by name regardless of case or apostrophe style."""

    def __init__(self, kind: str, name_of: Callable[[T], str]) -> None:
        self.kind = kind
        self._name_of = name_of
        self._entries: dict[str, tuple[T, str]] = {}

    def add(self, entry: T, plugin: str) -> None:
        key = name_key(self._name_of(entry))
        if key in self._entries:
            other = self._entries[key][1]
            raise PluginError(
                f"{self.kind} {self._name_of(entry)!r} is registered by both "
                f"plugin {other!r} and plugin {plugin!r}"
            )
        self._entries[key] = (entry, plugin)

    def find(self, name: str) -> T | None:
        found = self._entries.get(name_key(name))
        return found[0] if found else None

    def get(self, name: str) -> T:
        found = self.find(name)
        if found is None:
            known = ", ".join(self.names()) or "none are loaded"
            raise NotFound(f"unknown {self.kind} {quoted(name)} (known: {known})")
        return found

    def names(self) -> list[str]:
        return [self._name_of(entry) for entry, _ in self._entries.values()]

    def __len__(self) -> int:
        return len(self._entries)


class Registry:
    def __init__(self, pm: pluggy.PluginManager) -> None:
        self.pm = pm
        self.versions = {CORE: ledger.__version__}
        for name, _ in pm.list_name_plugin():
            self.versions[name] = plugin_version(pm, name)
        self.event_types: dict[str, tuple[type[Event], str]] = {}
        for event_type in LEDGER_EVENT_TYPES:
            self._add_event_type(event_type, CORE)
        for event_type, plugin in self._collect(pm.hook.register_event_types):
            self._add_event_type(event_type, plugin)
        self.heroes: Catalogue[HeroSpec] = Catalogue("Hero", lambda h: h.name)
        self.conditions: Catalogue[ConditionSpec] = Catalogue("condition", lambda c: c.name)
        self.items: Catalogue[ItemSpec] = Catalogue("item", lambda i: i.name)
        for catalogue, hook in (
            (self.heroes, pm.hook.register_heroes),
            (self.conditions, pm.hook.register_conditions),
            (self.items, pm.hook.register_items),
        ):
            for entry, plugin in self._collect(hook):
                catalogue.add(entry, plugin)
        types = tuple(event_type for event_type, _ in self.event_types.values())
        self.decoder: msgspec.json.Decoder[Any] = msgspec.json.Decoder(_union(types))

    @staticmethod
    def _collect(hook: Any) -> Iterable[tuple[Any, str]]:
        """Call each implementation on its own, so every answer is attributed to its plugin
        and a plugin that raises is named instead of crashing the host."""
        for impl in hook.get_hookimpls():
            try:
                answers = list(impl.function() or ())
            except Exception as error:
                raise PluginError(
                    f"plugin {impl.plugin_name!r} failed in {hook.name}: {error!r}"
                ) from error
            for entry in answers:
                yield entry, impl.plugin_name

    def _add_event_type(self, event_type: type[Event], plugin: str) -> None:
        if not (isinstance(event_type, type) and issubclass(event_type, Event)):
            raise PluginError(f"plugin {plugin!r} registered {event_type!r}, not an Event type")
        tag = event_type.__struct_config__.tag
        if not isinstance(tag, str) or ":" not in tag:
            raise PluginError(
                f"plugin {plugin!r}: event type {event_type.__name__} needs a namespaced "
                f"string tag such as 'expansion:thing-happened'"
            )
        if tag in self.event_types:
            other = self.event_types[tag][1]
            raise PluginError(
                f"event type {tag!r} is registered by both plugin {other!r} and plugin {plugin!r}"
            )
        self.event_types[tag] = (event_type, plugin)

    def origin(self, event: Event) -> tuple[str, str]:
        """The plugin (and its version) that defines this event's type."""
        tag = event.tag()
        if tag not in self.event_types or self.event_types[tag][0] is not type(event):
            raise PluginError(f"event type {tag!r} is not registered by any loaded plugin")
        plugin = self.event_types[tag][1]
        return plugin, self.versions[plugin]

    @cached_property
    def fingerprint(self) -> str:
        """Identifies the code that folds events and the shape of the state it folds into;
        snapshots made by other code are ignored."""
        text = ";".join(f"{name}={version}" for name, version in sorted(self.versions.items()))
        shape = msgspec.json.encode(msgspec.json.schema(CampaignState))
        return hashlib.sha256(text.encode() + shape).hexdigest()[:16]


def _union(types: tuple[type[Event], ...]) -> Any:
    from typing import Union

    return Union[types]  # noqa: UP007 - a runtime union of registered types


def default_registry() -> Registry:
    return Registry(get_plugin_manager())
