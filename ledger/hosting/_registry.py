"""Everything the loaded plugins registered, collected once, duplicates refused."""

import hashlib
from collections.abc import Callable, Iterable
from functools import cached_property
from typing import Any, Generic, TypeVar

import msgspec
import pluggy

import ledger
from ledger.dice import DiceSet, check_dice, choose_default
from ledger.errors import LedgerError, NotFound, PluginError
from ledger.hosting._hooks import answer_of, collect_from
from ledger.hosting._manager import get_plugin_manager, plugin_version, report
from ledger.hosting._upcasting import Upcasters
from ledger.model import (
    LEDGER_EVENT_TYPES,
    CampaignPart,
    CampaignState,
    ClassSpec,
    ConditionSpec,
    Event,
    FactionSpec,
    HeroPart,
    HeroSpec,
    ItemSpec,
    ModifierType,
    PluginState,
    ProfessionSpec,
    ScenarioSpec,
    ServiceSpec,
    TalentSpec,
    typed_parts,
)
from ledger.text import did_you_mean, name_key, quoted

T = TypeVar("T")
CORE = "ledger"


class Catalogue(Generic[T]):
    """Named things from plugins, looked up by name regardless of case or apostrophe style.

    ``of``: the type every entry must be (checked, with its fields' types, as it is added);
    ``unique``: another key no two entries may share (a condition's number)."""

    def __init__(
        self,
        kind: str,
        name_of: Callable[[T], str],
        *,
        of: type[T] | None = None,
        unique: tuple[str, Callable[[T], object]] | None = None,
    ) -> None:
        self.kind = kind
        self._name_of = name_of
        self._of = of
        self._unique = unique
        self._entries: dict[str, tuple[T, str]] = {}
        self._by_unique: dict[object, tuple[T, str]] = {}

    def add(self, entry: T, plugin: str) -> None:
        self.add_all([entry], plugin)

    def add_all(self, entries: Iterable[object], plugin: str) -> None:
        """Add all of ``plugin``'s entries, or none: a PluginError names what is wrong."""
        checked = [self._checked(entry, plugin) for entry in entries]
        names: dict[str, tuple[T, str]] = {}
        uniques: dict[object, tuple[T, str]] = {}
        for entry in checked:
            key = name_key(self._name_of(entry))
            other = self._entries.get(key) or names.get(key)
            if other is not None:
                raise PluginError(
                    f"{self.kind} {self._name_of(entry)!r} is registered by both "
                    f"plugin {other[1]!r} and plugin {plugin!r}"
                )
            names[key] = (entry, plugin)
            if self._unique is not None:
                field, value_of = self._unique
                value = value_of(entry)
                taken = self._by_unique.get(value) or uniques.get(value)
                if taken is not None:
                    raise PluginError(
                        f"{self.kind} {field} {value!r} is registered by both plugin "
                        f"{taken[1]!r} ({self._name_of(taken[0])}) and plugin {plugin!r} "
                        f"({self._name_of(entry)})"
                    )
                uniques[value] = (entry, plugin)
        self._entries.update(names)
        self._by_unique.update(uniques)

    def _checked(self, entry: object, plugin: str) -> T:
        if self._of is None:
            return entry  # type: ignore[return-value]
        if not isinstance(entry, self._of):
            raise PluginError(f"plugin {plugin!r} registered {entry!r}, not a {self._of.__name__}")
        if isinstance(entry, msgspec.Struct):  # built in Python, so its fields are unchecked
            try:
                msgspec.convert(msgspec.to_builtins(entry), type(entry))
            except (msgspec.ValidationError, TypeError) as error:
                raise PluginError(
                    f"plugin {plugin!r} registered a malformed {self._of.__name__} "
                    f"{getattr(entry, 'name', '')!r}: {error}"
                ) from None
        return entry

    def layered(self, entries: Iterable[tuple[T, str]]) -> "Catalogue[T]":
        """A copy with ``entries`` (each with who gave it) in place of same-named ones: how a
        campaign's content packs lie over the plugins' content."""
        layer: Catalogue[T] = Catalogue(self.kind, self._name_of, of=self._of, unique=self._unique)
        layer._entries = dict(self._entries)
        layer._by_unique = dict(self._by_unique)
        for entry, owner in entries:
            layer._entries[name_key(self._name_of(entry))] = (entry, owner)
            if self._unique is not None:
                layer._by_unique[self._unique[1](entry)] = (entry, owner)
        return layer

    def name_of(self, entry: T) -> str:
        return self._name_of(entry)

    def find(self, name: str) -> T | None:
        found = self._entries.get(name_key(name))
        return found[0] if found else None

    def owner(self, name: str) -> str | None:
        """The plugin that registered ``name``."""
        found = self._entries.get(name_key(name))
        return found[1] if found else None

    def get(self, name: str) -> T:
        found = self.find(name)
        if found is None:
            known = ", ".join(self.names()) or "none are loaded"
            hint = did_you_mean(name, self.names())
            raise NotFound(f"unknown {self.kind} {quoted(name)} (known: {known}).{hint}")
        return found

    def names(self) -> list[str]:
        return [self._name_of(entry) for entry, _ in self._entries.values()]

    def entries(self) -> list[T]:
        return [entry for entry, _ in self._entries.values()]

    def __len__(self) -> int:
        return len(self._entries)


class Registry:
    """Everything the loaded plugins register, each entry with the plugin it came from: event
    types (``event_types``), content catalogues (``heroes``, ``items``, ``conditions``, ...),
    modifier types, dice, upcasters and plugin versions."""

    def __init__(
        self, pm: pluggy.PluginManager, *, content: bool = True, strict: bool = True
    ) -> None:
        """Everything the plugins register. ``content=False`` leaves the catalogues of
        Heroes, items, scenarios, die definitions and the rest empty (their hooks are not
        called): enough to fold stored events, which carry their content (verify; 10 ms
        less to start).

        Each plugin's answer to a hook is taken whole or not at all. ``strict`` (the default,
        and what authors' tests use): a plugin raising, registering something malformed or
        something another plugin registered raises PluginError naming it. Else (the CLI) that
        answer is left out, the reason is in ``problems`` (and reported to the manager), and
        everything else loads."""
        self.pm = pm
        self.strict = strict
        self.problems: list[str] = []
        self.versions = {CORE: ledger.__version__}
        for name, _ in pm.list_name_plugin():
            self.versions[name] = plugin_version(pm, name)
        self.event_types: dict[str, tuple[type[Event], str]] = {}
        for event_type in LEDGER_EVENT_TYPES:
            self._add_event_type(event_type, CORE)
        self._gather(pm.hook.register_event_types, self._add_event_types)
        self.heroes = Catalogue("Hero", lambda h: h.name, of=HeroSpec)
        self.conditions = Catalogue(
            "condition", lambda c: c.name, of=ConditionSpec, unique=("number", _number)
        )
        self.items = Catalogue("item", lambda i: i.name, of=ItemSpec)
        self.classes = Catalogue("Class", lambda c: c.name, of=ClassSpec)
        self.professions = Catalogue("Profession", lambda p: p.name, of=ProfessionSpec)
        self.talents = Catalogue("Talent", lambda t: t.name, of=TalentSpec)
        self.scenarios = Catalogue("scenario", lambda s: str(s.number), of=ScenarioSpec)
        self.factions = Catalogue("faction", lambda f: f.name, of=FactionSpec)
        self.services = Catalogue("City service", lambda s: s.name, of=ServiceSpec)
        catalogues: tuple[tuple[Catalogue[Any], Any], ...] = (
            (self.heroes, pm.hook.register_heroes),
            (self.conditions, pm.hook.register_conditions),
            (self.items, pm.hook.register_items),
            (self.classes, pm.hook.register_classes),
            (self.professions, pm.hook.register_professions),
            (self.talents, pm.hook.register_talents),
            (self.scenarios, pm.hook.register_scenarios),
            (self.factions, pm.hook.register_factions),
            (self.services, pm.hook.register_services),
        )
        for catalogue, hook in catalogues if content else ():
            self._gather(hook, catalogue.add_all)
        self.upcasters = Upcasters(self.event_types)
        self._gather(pm.hook.register_upcasters, self.upcasters.add_all)
        self.dice: Catalogue[DiceSet] = Catalogue("die definition", lambda d: d.name)
        self.modifier_types: Catalogue[ModifierType] = Catalogue(
            "modifier type", lambda m: m.name, of=ModifierType
        )
        if content:
            self._gather(pm.hook.register_dice, self._add_dice)
        self._gather(pm.hook.register_modifier_types, self.modifier_types.add_all)
        self.hero_parts: dict[str, type[HeroPart]] = {}
        self.campaign_parts: dict[str, type[CampaignPart]] = {}
        self._part_plugins: dict[tuple[type[PluginState], str], str] = {}
        self._gather(pm.hook.register_state, self._add_parts)
        self._base = self
        self.layers: dict[int, tuple[object, Registry]] = {}  # content packs laid over, by state
        types = tuple(event_type for event_type, _ in self.event_types.values())
        self.decoder: msgspec.json.Decoder[Any] = msgspec.json.Decoder(_union(types))

    def _gather(self, hook: Any, add: Callable[[list[Any], str], None]) -> None:
        """Call each implementation on its own, so every answer is attributed to its plugin,
        and hand ``add`` its whole answer; a failure is raised or left out (``strict``)."""
        for impl in hook.get_hookimpls():
            try:
                add(answer_of(impl, hook.name), impl.plugin_name)
            except LedgerError as error:
                if self.strict:
                    raise
                self._left_out(impl.plugin_name, hook.name, str(error))

    def _left_out(self, plugin: str, hook: str, why: str) -> None:
        named = f"hook {hook}" in why  # "plugin 'x' failed in hook register_items: ..."
        problem = f"{why}; {'its answer' if named else f'plugin {plugin!r}'} is left out"
        if not named:
            problem += f" of {hook}"
        self.problems.append(problem)
        report(self.pm, plugin, problem)

    def _add_event_types(self, event_types: list[Any], plugin: str) -> None:
        """All of ``plugin``'s event types, or none."""
        before = dict(self.event_types)
        try:
            for event_type in event_types:
                self._add_event_type(event_type, plugin)
        except PluginError:
            self.event_types = before
            raise

    def _add_dice(self, dice: list[Any], plugin: str) -> None:
        self.dice.add_all([_checked_dice(each, plugin) for each in dice], plugin)

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

    def _add_parts(self, kinds: list[Any], plugin: str) -> None:
        """All of ``plugin``'s state types, or none."""
        before = (dict(self.hero_parts), dict(self.campaign_parts), dict(self._part_plugins))
        try:
            for kind in kinds:
                self._add_part(kind, plugin)
        except PluginError:
            self.hero_parts, self.campaign_parts, self._part_plugins = before
            raise

    def _add_part(self, kind: object, plugin: str) -> None:
        """A plugin's state type: a HeroPart or CampaignPart with a namespace of its own and
        an initial value (every field has a default)."""
        if not (isinstance(kind, type) and issubclass(kind, HeroPart | CampaignPart)):
            raise PluginError(
                f"plugin {plugin!r} registered {kind!r} as state, not a HeroPart or CampaignPart"
            )
        scope = HeroPart if issubclass(kind, HeroPart) else CampaignPart
        namespace = kind.namespace
        if not isinstance(namespace, str) or not namespace:
            raise PluginError(f"plugin {plugin!r}: state {kind.__name__} needs a namespace")
        parts: dict[str, Any] = self.hero_parts if scope is HeroPart else self.campaign_parts
        if namespace in parts:
            other = self._part_plugins[scope, namespace]
            raise PluginError(
                f"{scope.__name__} namespace {namespace!r} is registered by both plugin "
                f"{other!r} and plugin {plugin!r}"
            )
        try:
            kind()
        except (TypeError, msgspec.ValidationError) as error:
            raise PluginError(
                f"plugin {plugin!r}: state {kind.__name__} needs a default for every field "
                f"(its initial value): {error}"
            ) from None
        parts[namespace] = kind
        self._part_plugins[scope, namespace] = plugin

    @property
    def plugins_only(self) -> "Registry":
        """The plugins' content alone, without any campaign's content packs."""
        return self._base

    def for_state(self, state: CampaignState) -> "Registry":
        """The content as ``state`` knows it: the plugins' with the campaign's content packs
        (``content add``) laid over. What actions decide and faces offer from."""
        from ledger.hosting._packs import registry_for

        return registry_for(self._base, state)

    def typed_state(self, state: CampaignState) -> CampaignState:
        """``state`` as read back from JSON (a snapshot) with the plugins' parts as their
        registered types instead of plain dicts."""
        if not state.plugins and not any(hero.plugins for hero in state.heroes.values()):
            return state
        heroes = {
            name: msgspec.structs.replace(hero, plugins=typed_parts(hero.plugins, self.hero_parts))
            if hero.plugins
            else hero
            for name, hero in state.heroes.items()
        }
        return msgspec.structs.replace(
            state, heroes=heroes, plugins=typed_parts(state.plugins, self.campaign_parts)
        )

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
        parts = [*self.hero_parts.values(), *self.campaign_parts.values()]
        shape = msgspec.json.encode(msgspec.json.schema(CampaignState))
        if parts:  # the plugins' state types are part of the shape
            shape += msgspec.json.encode(msgspec.json.schema_components(parts)[1])
        return hashlib.sha256(text.encode() + shape).hexdigest()[:16]

    @cached_property
    def actions(self) -> Catalogue[Callable[..., Any]]:
        """The actions and queries plugins offer (``register_actions``), by function name;
        collected when first asked for (importing every action costs a command start-up)."""
        found: Catalogue[Callable[..., Any]] = Catalogue("action", _action_name)
        for action, plugin in collect_from(self.pm.hook.register_actions):  # serve: strict
            if not callable(action) or not isinstance(getattr(action, "__name__", None), str):
                raise PluginError(f"plugin {plugin!r} registered {action!r}, not a function")
            found.add(action, plugin)
        return found

    def default_dice(self) -> DiceSet:
        """The plugins' die definition, used unless the campaign or the command sets one."""
        return choose_default(self.dice.get(name) for name in self.dice.names())


def _action_name(action: Callable[..., Any]) -> str:
    return str(action.__name__)


def _checked_dice(dice: object, plugin: str) -> DiceSet:
    if not isinstance(dice, DiceSet):
        raise PluginError(f"plugin {plugin!r} registered {dice!r}, not a DiceSet")
    try:
        return check_dice(dice)
    except LedgerError as error:
        raise PluginError(f"plugin {plugin!r}: die definition {dice.name!r}: {error}") from None


def _number(condition: ConditionSpec) -> object:
    return condition.number


def _union(types: tuple[type[Event], ...]) -> Any:
    from typing import Union

    return Union[types]  # noqa: UP007 - a runtime union of registered types


def default_registry() -> Registry:
    """The Registry of every installed plugin (``get_plugin_manager()``)."""
    return Registry(get_plugin_manager())
