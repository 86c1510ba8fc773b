"""Everything the loaded plugins registered, collected once, duplicates refused."""

import functools
import inspect
from collections.abc import Callable
from functools import cached_property
from typing import Any

import msgspec
import pluggy

import ledger
from ledger.dice import DiceSet, check_dice, choose_default
from ledger.errors import LedgerError, PluginError
from ledger.hosting._catalogue import (
    FILLING,
    Catalogue,
    ContentMissing,
    LeftOut,
    clash,
    each_entry,
)
from ledger.hosting._hooks import answer_of
from ledger.hosting._manager import get_plugin_manager, plugin_version, report
from ledger.hosting._namespaced import Namespaced
from ledger.hosting._sha256 import sha256
from ledger.hosting._tracing import tracing
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
    InjurySpec,
    Item,
    ModifierType,
    PluginState,
    ProfessionSpec,
    ScenarioSpec,
    ServiceSpec,
    TalentSpec,
    typed_parts,
)

CORE = "ledger"
# Tag namespaces no expansion may use: the ledger's own and the base game's.
RESERVED_TAGS = {"ledger": (CORE,), "base": ("ledger_base_game", CORE)}
# Plugins whose event types a registry that warns (not strict) asks for only when first used,
# and each catalogue no other plugin adds to: the base game's tags are all in its reserved
# namespace, so no other plugin's can clash with them, whichever is asked first, and its
# answers are the same every time. Most commands read few of them (`hero show` from a
# snapshot none).
ASKED_WHEN_USED = ("ledger_base_game",)


class Registry:
    """Everything the loaded plugins register, each entry with the plugin it came from: event
    types (``event_types``), content catalogues (``heroes``, ``items``, ``conditions``,
    ``injuries``, ...), modifier types, dice, upcasters and plugin versions."""

    def __init__(
        self, pm: pluggy.PluginManager, *, content: bool = True, strict: bool = True
    ) -> None:
        """Everything the plugins register. ``content=False`` leaves the catalogues of
        Heroes, items, scenarios, die definitions and the rest empty (their hooks are not
        called): enough to fold stored events, which carry their content (verify; 10 ms
        less to start).

        ``strict`` (the default, and what authors' tests use): a plugin raising, registering
        something malformed or something another plugin registered raises PluginError naming
        it. Else (the CLI, the web app) only what failed is left out: one entry that is
        malformed or taken (named, with both plugins), or a hook's whole answer when the hook
        itself failed. The reason is in ``problems`` (and reported to the manager), and a
        lookup that would need what is missing is refused naming it (``ContentMissing``)."""
        self.pm = pm
        self.strict = strict
        self.problems: list[str] = []
        self.versions = {CORE: ledger.__version__}
        for name, _ in pm.list_name_plugin():
            self.versions[name] = plugin_version(pm, name)
        self.hero_parts: dict[str, type[HeroPart]] = {}
        self.campaign_parts: dict[str, type[CampaignPart]] = {}
        self._part_plugins: dict[tuple[type[PluginState], str], tuple[str, type[PluginState]]] = {}
        self.missing_types: dict[str, list[str]] = {}  # plugin: why its event types are missing
        self.parts_left_out: dict[type, str] = {}  # a state type left out: why
        self._gather(pm.hook.register_state, self._add_parts)
        self._types: dict[str, tuple[type[Event], str]] = {}
        for event_type in LEDGER_EVENT_TYPES:
            self._add_event_type(event_type, CORE)
        types_hook = pm.hook.register_event_types
        # Shared with the copies content packs lay over this registry (``for_state``): one
        # of them completing the event types completes them for all.
        self._later: list[pluggy.HookImpl] = []
        if not strict and not tracing():  # a trace shows every hook call as it happens
            self._later += [i for i in types_hook.get_hookimpls() if _asked_when_used(i)]
        self._gather(types_hook, self._add_event_types, self._types_missing, skip=self._later)
        self.heroes = Catalogue("Hero", lambda h: h.name, of=HeroSpec)
        self.conditions = Catalogue(
            "condition", lambda c: c.name, of=ConditionSpec, unique=("number", _number)
        )
        # a plain Item is an ItemSpec with every check-only datum at its default
        self.items: Catalogue[Item] = Catalogue("item", lambda i: i.name, of=Item)
        self.classes = Catalogue("Class", lambda c: c.name, of=ClassSpec)
        self.professions = Catalogue("Profession", lambda p: p.name, of=ProfessionSpec)
        self.talents = Catalogue("Talent", lambda t: t.name, of=TalentSpec)
        self.scenarios = Catalogue("scenario", lambda s: str(s.number), of=ScenarioSpec)
        self.factions = Catalogue("faction", lambda f: f.name, of=FactionSpec)
        self.services = Catalogue("City service", lambda s: s.name, of=ServiceSpec)
        self.injuries = Catalogue("Injury card", lambda i: i.name, of=InjurySpec)
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
            (self.injuries, pm.hook.register_injuries),
        )
        later = not strict and not tracing()  # a trace shows every hook call as it happens
        check_professions = content  # now, once the Talents are gathered too
        for catalogue, hook in catalogues if content else ():
            fill: Callable[[], None] = functools.partial(
                self._gather, hook, catalogue.add_all, catalogue.missing
            )
            if later and _asked_when_used(hook):
                if catalogue is self.professions:  # when first read
                    fill = _then(fill, self._drop_professions_without_talents)
                    check_professions = False
                catalogue.fill_later(fill)
            else:
                fill()
        if check_professions:
            self._drop_professions_without_talents()
        if pm.hook.register_upcasters.get_hookimpls():  # each names the event type it reads
            self._complete_types()
        self.upcasters = Upcasters(self._types)
        self._gather(pm.hook.register_upcasters, self._whole(self.upcasters.add_all))
        self.dice: Catalogue[DiceSet] = Catalogue("die definition", lambda d: d.name)
        self.modifier_types: Namespaced[ModifierType] = Namespaced(
            "modifier type", lambda m: m.name
        )
        if content:
            self._gather(pm.hook.register_dice, self._add_dice, self.dice.missing)
        self._gather(pm.hook.register_modifier_types, self._add_modifier_types)
        self._base = self
        self.layers: dict[int, tuple[object, Registry]] = {}  # content packs laid over, by state

    def _gather(
        self,
        hook: Any,
        add: Callable[[list[Any], str, LeftOut | None], None],
        missing: Callable[[str, str], None] | None = None,
        *,
        skip: list[pluggy.HookImpl] = [],  # noqa: B006 - never changed
        only: list[pluggy.HookImpl] | None = None,
    ) -> None:
        """Call each implementation on its own, so every answer is attributed to its plugin,
        and hand ``add`` its answer with how to leave out one entry (None: strict, raise). A
        hook that fails itself is raised (``strict``) or its whole answer left out, and
        ``missing`` told (a lookup of that kind then names the plugin). ``skip``: those
        implementations not now; ``only``: these alone."""
        for impl in hook.get_hookimpls() if only is None else only:
            if impl in skip:
                continue
            plugin = impl.plugin_name
            try:
                answer = answer_of(impl, hook.name)
            except LedgerError as error:
                if self.strict:
                    raise
                if missing is not None:
                    missing(plugin, str(error))
                self._left_out(plugin, hook.name, str(error))
                continue

            def left_out(why: str, plugin: str = plugin) -> None:
                self._left_out(plugin, hook.name, why, entry=True)

            add(answer, plugin, None if self.strict else left_out)

    @staticmethod
    def _whole(
        add_all: Callable[[list[Any], str], None],
    ) -> Callable[[list[Any], str, LeftOut | None], None]:
        """An adder that takes a plugin's answer whole or not at all (upcasters: a chain)."""

        def add(answer: list[Any], plugin: str, left_out: LeftOut | None) -> None:
            try:
                add_all(answer, plugin)
            except PluginError as error:
                if left_out is None:
                    raise
                left_out(f"{error}; all of plugin {plugin!r}'s upcasters are left out")

        return add

    def _left_out(self, plugin: str, hook: str, why: str, *, entry: bool = False) -> None:
        if entry:  # one entry of the answer: the message says which, and what is left out
            problem = why if "left out" in why else f"{why}; that entry is left out"
        else:
            named = f"hook {hook}" in why  # "plugin 'x' failed in hook register_items: ..."
            problem = f"{why}; {'its answer' if named else f'plugin {plugin!r}'} is left out"
            if not named:
                problem += f" of {hook}"
        self.problems.append(problem)
        report(self.pm, plugin, problem)

    def _add_event_types(
        self, event_types: list[Any], plugin: str, left_out: LeftOut | None
    ) -> None:
        def add(event_type: Any) -> None:
            try:
                self._add_event_type(event_type, plugin)
            except PluginError as error:
                self._types_missing(plugin, str(error))
                raise

        each_entry(event_types, add, left_out)

    def _types_missing(self, plugin: str, why: str) -> None:
        self.missing_types.setdefault(plugin, []).append(why)

    def _add_dice(self, dice: list[Any], plugin: str, left_out: LeftOut | None) -> None:
        each_entry(dice, lambda each: self.dice.add(_checked_dice(each, plugin), plugin), left_out)

    def _add_modifier_types(self, kinds: list[Any], plugin: str, left_out: LeftOut | None) -> None:
        def add(kind: Any) -> None:
            if not isinstance(kind, ModifierType):
                raise PluginError(f"plugin {plugin!r} registered {kind!r}, not a ModifierType")
            self.modifier_types.add(kind, plugin)

        each_entry(kinds, add, left_out)

    def _drop_professions_without_talents(self) -> None:
        """A Profession whose Talents a plugin failed to give is left out too: it could
        otherwise be learned with a Talent nobody knows."""
        for spec in self.professions.entries():
            for talent in (*spec.talents, *([spec.master] if spec.master else [])):
                try:
                    self.talents.find(talent)
                except ContentMissing as error:
                    owner = self.professions.owner(spec.name) or "?"
                    why = f"its Talent {talent!r} is missing, as {error.why}"
                    self.professions.discard(spec.name, error.plugin, why)
                    problem = f"plugin {owner!r}: Profession {spec.name!r} is left out: {why}"
                    if self.strict:
                        raise PluginError(problem) from None
                    self._left_out(owner, "register_professions", problem, entry=True)
                    break

    def _add_event_type(self, event_type: type[Event], plugin: str) -> None:
        if not (isinstance(event_type, type) and issubclass(event_type, Event)):
            raise PluginError(f"plugin {plugin!r} registered {event_type!r}, not an Event type")
        tag = event_type.__struct_config__.tag
        if not isinstance(tag, str) or ":" not in tag:
            raise PluginError(
                f"plugin {plugin!r}: event type {event_type.__name__} needs a namespaced "
                f"string tag such as 'expansion:thing-happened'"
            )
        reserved = RESERVED_TAGS.get(tag.partition(":")[0])
        if reserved is not None and plugin not in reserved:
            raise PluginError(
                f"plugin {plugin!r}: event type {event_type.__name__} has the tag {tag!r}, in "
                f"the namespace {tag.partition(':')[0]!r} reserved for {reserved[0]!r}; tag it "
                f"'{plugin}:{tag.partition(':')[2]}' (a plugin's tags are under its own name)"
            )
        namespace = tag.partition(":")[0]
        if namespace != plugin and reserved is None and self.pm.has_plugin(namespace):
            raise PluginError(
                f"plugin {plugin!r}: event type {event_type.__name__} has the tag {tag!r}, in "
                f"plugin {namespace!r}'s namespace; tag it '{plugin}:{tag.partition(':')[2]}'"
            )
        if tag in self._types:
            other = self._types[tag][1]
            raise PluginError(clash("event type", tag, other, plugin))
        self._types[tag] = (event_type, plugin)

    @cached_property
    def event_types(self) -> dict[str, tuple[type[Event], str]]:
        """Every registered event type by tag, with the plugin that registered it: the
        ledger's own, then each plugin's in loading order."""
        self._complete_types()
        return self._types

    def _complete_types(self) -> None:
        """Ask the plugins whose event types were left for their first use
        (``ASKED_WHEN_USED``), and put their types where loading order puts them."""
        if not self._later:
            return
        with FILLING:  # another thread reading them waits until they are complete
            if not self._later:
                return
            hook = self.pm.hook.register_event_types
            self._gather(hook, self._add_event_types, self._types_missing, only=self._later)
            rank = {CORE: 0} | {i.plugin_name: n for n, i in enumerate(hook.get_hookimpls(), 1)}
            ordered = sorted(self._types.items(), key=lambda item: rank.get(item[1][1], len(rank)))
            self._types.clear()
            self._types.update(ordered)
            self._later.clear()  # last: seen empty, the types are complete

    def _add_parts(self, kinds: list[Any], plugin: str, left_out: LeftOut | None) -> None:
        """Each of ``plugin``'s state types; one left out is remembered, and an event that
        would write it is refused (``part_problems``)."""

        def add(kind: Any) -> None:
            try:
                self._add_part(kind, plugin)
            except PluginError as error:
                if isinstance(kind, type):
                    self.parts_left_out[kind] = str(error)
                raise

        each_entry(kinds, add, left_out)

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
            other, other_kind = self._part_plugins[scope, namespace]
            if other == plugin:
                raise PluginError(
                    f"plugin {plugin!r} registers two {scope.__name__} types under the "
                    f"namespace {namespace!r} ({other_kind.__name__} and {kind.__name__}), "
                    f"which would overwrite each other: give {kind.__name__} a namespace of "
                    f"its own (namespace = '{namespace}.{kind.__name__.lower()}')"
                )
            raise PluginError(
                f"{scope.__name__} namespace {namespace!r} is registered by both plugin "
                f"{other!r} ({other_kind.__name__}) and plugin {plugin!r} ({kind.__name__})"
            )
        try:
            kind()
        except (TypeError, msgspec.ValidationError) as error:
            raise PluginError(
                f"plugin {plugin!r}: state {kind.__name__} needs a default for every field "
                f"(its initial value): {error}"
            ) from None
        parts[namespace] = kind
        self._part_plugins[scope, namespace] = (plugin, kind)

    def part_problems(self, event: Event, state: CampaignState) -> list[str]:
        """Why ``state``, just made by ``event``, must not be recorded: a plugin's state of a
        type no plugin registers under that namespace (a part left out would overwrite
        another's). Only a plugin's events can write plugin state, so only theirs are read."""
        plugin = self.event_types.get(event.tag(), (None, CORE))[1]
        if plugin in (CORE, "ledger_base_game"):
            return []
        found: list[tuple[str, Any, dict[str, Any]]] = [
            (namespace, value, self.hero_parts)
            for hero in state.heroes.values()
            for namespace, value in hero.plugins.items()
        ]
        found += [(ns, value, self.campaign_parts) for ns, value in state.plugins.items()]
        problems = []
        for namespace, value, kinds in found:
            if not isinstance(value, msgspec.Struct) or isinstance(value, kinds.get(namespace, ())):
                continue
            why = self.parts_left_out.get(type(value), "no loaded plugin registers it")
            problems.append(
                f"plugin {plugin!r}: event {event.tag()!r} writes the state "
                f"{type(value).__name__} under namespace {namespace!r}, which is left out: {why}"
            )
        return problems

    @property
    def plugins_only(self) -> "Registry":
        """The plugins' content alone, without any campaign's content packs."""
        return self._base

    def for_state(self, state: CampaignState) -> "Registry":
        """The content as ``state`` knows it: the plugins' with the campaign's content packs
        (``content add``) laid over. What actions decide and faces offer from."""
        if not state.content:  # no pack: nothing to import (twice a batch line)
            return self._base
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
            raise PluginError(self.why_unknown(tag))
        plugin = self.event_types[tag][1]
        return plugin, self.versions[plugin]

    def why_unknown(self, tag: str) -> str:
        """Why no loaded plugin defines the event type ``tag``: its plugin's types were left
        out (and why), or no plugin registers it."""
        namespace = tag.partition(":")[0]
        for plugin, whys in self.missing_types.items():
            if plugin == namespace or any(tag in why for why in whys):
                return (
                    f"event type {tag!r} is not available: plugin {plugin!r}: "
                    f"{'; '.join(whys)}; nothing was recorded: fix that plugin"
                )
        return f"event type {tag!r} is not registered by any loaded plugin"

    @cached_property
    def decoder(self) -> msgspec.json.Decoder[Any]:
        """Decodes a stored payload as the registered event type its tag names. Built when
        first used: a read answered from a snapshot decodes no event (msgspec reads every
        event type's annotations to build it, a twentieth of a command's start-up)."""
        types = tuple(event_type for event_type, _ in self.event_types.values())
        return msgspec.json.Decoder(_union(types))

    @cached_property
    def fingerprint(self) -> str:
        """Identifies the code that folds events and the shape of the state it folds into;
        snapshots made by other code are ignored."""
        text = ";".join(f"{name}={version}" for name, version in sorted(self.versions.items()))
        parts = [*self.hero_parts.values(), *self.campaign_parts.values()]
        from ledger.hosting._shape import state_shape  # run as a script to write its file

        shape = state_shape()  # msgspec.json.schema(CampaignState), as kept (_shape)
        if parts:  # the plugins' state types are part of the shape
            shape += msgspec.json.encode(msgspec.json.schema_components(parts)[1])
        return str(sha256(text.encode() + shape).hexdigest())[:16]

    @cached_property
    def actions(self) -> Namespaced[Callable[..., Any]]:
        """The actions and queries plugins offer (``register_actions``), by function name
        (``PLUGIN:NAME`` when two plugins offer one name); collected when first asked for
        (importing every action costs a command start-up). Each signature is checked here:
        the campaign first (``game: Game``), then keyword-only, typed parameters."""
        found: Namespaced[Callable[..., Any]] = Namespaced("action", _action_name)
        hook = self.pm.hook.register_actions
        for impl in hook.get_hookimpls():  # a hook raising stops `serve`, naming it
            plugin = impl.plugin_name
            for action in answer_of(impl, hook.name):
                try:
                    found.add(_checked_action(action, plugin), plugin)
                except PluginError as error:
                    if self.strict:
                        raise
                    self._left_out(plugin, hook.name, str(error), entry=True)
                    found.leave_out(str(getattr(action, "__name__", "")), plugin, str(error))
        return found

    def default_dice(self) -> DiceSet:
        """The plugins' die definition, used unless the campaign or the command sets one."""
        return choose_default(self.dice.get(name) for name in self.dice.names())


def _asked_when_used(hook_or_impl: Any) -> bool:
    """Whether a hook implementation, or every implementation of a hook (and there is one),
    comes from a plugin whose answers may wait for their first use (``ASKED_WHEN_USED``):
    no other plugin's answer can then clash with one of them, whichever comes first."""
    if isinstance(hook_or_impl, pluggy.HookImpl):
        return hook_or_impl.plugin_name in ASKED_WHEN_USED
    impls = hook_or_impl.get_hookimpls()
    return bool(impls) and all(impl.plugin_name in ASKED_WHEN_USED for impl in impls)


def _then(first: Callable[[], None], second: Callable[[], None]) -> Callable[[], None]:
    def both() -> None:
        first()
        second()

    return both


def _action_name(action: Callable[..., Any]) -> str:
    return str(action.__name__)


CAMPAIGN = ("Game", "object", "Any")  # what an action's first parameter may be annotated as


def _checked_action(action: object, plugin: str) -> Callable[..., Any]:
    """``action`` if a face can call it: ``action(game, **intent)``; else PluginError naming
    the plugin, the function and the fix."""
    if not callable(action) or not isinstance(getattr(action, "__name__", None), str):
        raise PluginError(f"plugin {plugin!r} registered {action!r}, not a function")
    name = str(getattr(action, "__name__", ""))
    try:
        parameters = list(inspect.signature(action).parameters.values())
    except (TypeError, ValueError):
        raise PluginError(f"plugin {plugin!r}: action {name} has no signature to read") from None
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    fix = f"write it as def {name}(game: Game, *, ...) and read the state as game.state"
    if len(positional) != 1 or any(p.kind is p.VAR_POSITIONAL for p in parameters):
        raise PluginError(
            f"plugin {plugin!r}: action {name} must take the campaign as its one positional "
            f"parameter and everything else by keyword; {fix}; it is left out"
        )
    first = positional[0].annotation
    shown = first if isinstance(first, str) else getattr(first, "__name__", "")
    if first is not inspect.Parameter.empty and shown.rpartition(".")[2] not in CAMPAIGN:
        raise PluginError(
            f"plugin {plugin!r}: action {name}'s first parameter is a {shown or first!r}, "
            f"but faces call it with the campaign (a Game); {fix}; it is left out"
        )
    untyped = [p.name for p in parameters if p.kind is p.KEYWORD_ONLY and p.annotation is p.empty]
    if untyped:
        raise PluginError(
            f"plugin {plugin!r}: action {name}'s parameters {', '.join(untyped)} have no type; "
            "the web builds its forms from the types: annotate them; it is left out"
        )
    return action


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
