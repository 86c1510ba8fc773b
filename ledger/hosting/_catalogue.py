"""Named things from plugins, looked up by name regardless of case or apostrophe style.

A plugin's answer is taken entry by entry: a malformed entry or one another plugin already
registered is left out alone, named with both plugins. What a plugin failed to give is
remembered (a *gap*), so that a lookup of a name the catalogue does not know is refused with
the plugin and the reason instead of being answered "unknown" (and recorded from a guess)."""

import threading
from collections.abc import Callable, Iterable
from typing import Any, Generic, TypeVar

import msgspec

from ledger.errors import NotFound, PluginError
from ledger.text import did_you_mean, name_key, quoted

T = TypeVar("T")
LeftOut = Callable[[str], None]  # told each entry left out, with why; None: raise instead
# Held while what was left for its first use is asked for (``Catalogue.fill_later``, the
# Registry's event types): a thread asking meanwhile waits, never reads it half filled (the
# web app answers requests on several threads).
FILLING = threading.RLock()


class ContentMissing(PluginError):
    """A name the catalogue does not know while a plugin failed to give some of that kind:
    it is refused, never answered from a guess. ``plugin``: the one that failed; ``why``."""

    def __init__(self, message: str, *, plugin: str, why: str) -> None:
        super().__init__(message)
        self.plugin = plugin
        self.why = why


class Catalogue(Generic[T]):
    """``of``: the type every entry must be (checked, with its fields' types, as it is added);
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
        self.gaps: dict[str, list[str]] = {}  # plugin: what of this kind it failed to give
        self._gap_names: dict[str, tuple[str, str]] = {}  # name key: (plugin, why)
        self._later: Callable[[], None] | None = None  # fills it, before its first use
        self._filling = False

    def fill_later(self, fill: Callable[[], None]) -> None:
        """Have ``fill`` add the entries when the catalogue is first read, not now."""
        self._later = fill

    def _filled(self) -> None:
        """Run what ``fill_later`` left, once; a read by ``fill`` itself (a check of what it
        added) sees what is added so far."""
        with FILLING:
            fill = self._later
            if fill is None or self._filling:
                return
            self._filling = True
            try:
                fill()
            finally:
                self._filling = False
                self._later = None

    def add(self, entry: T, plugin: str) -> None:
        self.add_all([entry], plugin)

    def add_all(
        self, entries: Iterable[object], plugin: str, left_out: LeftOut | None = None
    ) -> None:
        """Add each of ``plugin``'s entries. One that is malformed or taken raises PluginError
        naming it (``left_out`` None, as authors' tests want), or is left out alone: ``left_out``
        is told why, and the rest are added."""
        if self._later is not None:
            self._filled()
        each_entry(entries, lambda entry: self._add(entry, plugin), left_out)

    def _add(self, raw: object, plugin: str) -> None:
        entry = self._checked(raw, plugin)
        key = name_key(self._name_of(entry))
        other = self._entries.get(key)
        if other is not None:
            raise PluginError(clash(self.kind, self._name_of(entry), other[1], plugin))
        value: object = None
        if self._unique is not None:
            field, value_of = self._unique
            value = value_of(entry)
            taken = self._by_unique.get(value)
            if taken is not None:
                raise PluginError(
                    f"{self.kind} {field} {value!r} is registered by both plugin "
                    f"{taken[1]!r} ({self._name_of(taken[0])}) and plugin {plugin!r} "
                    f"({self._name_of(entry)}); {self._name_of(entry)} of plugin {plugin!r} "
                    f"is left out: give it another {field}"
                )
            self._by_unique[value] = (entry, plugin)
        self._entries[key] = (entry, plugin)

    def _checked(self, entry: object, plugin: str) -> T:
        if self._of is None:
            return entry  # type: ignore[return-value]
        name = getattr(entry, "name", None)
        if not isinstance(entry, self._of):
            why = f"plugin {plugin!r} registered {entry!r}, not a {self._of.__name__}"
            self._gap(plugin, why, name)
            raise PluginError(why)
        if isinstance(entry, msgspec.Struct):  # built in Python, so its fields are unchecked
            try:
                msgspec.convert(msgspec.to_builtins(entry), type(entry))
            except (msgspec.ValidationError, TypeError) as error:
                why = (
                    f"plugin {plugin!r} registered a malformed {self._of.__name__} "
                    f"{name or ''!r}: {error}"
                )
                self._gap(plugin, why, name)
                raise PluginError(why) from None
        return entry

    def _gap(self, plugin: str, why: str, name: object = None) -> None:
        if isinstance(name, str):
            self._gap_names[name_key(name)] = (plugin, why)
        else:
            self.missing(plugin, why)

    def missing(self, plugin: str, why: str) -> None:
        """``plugin`` failed to give some entries of this kind, which ones unknown (``why``
        names the plugin): every name the catalogue does not know is then refused with it."""
        self.gaps.setdefault(plugin, []).append(why)

    def layered(self, entries: Iterable[tuple[T, str]]) -> "Catalogue[T]":
        """A copy with ``entries`` (each with who gave it) in place of same-named ones: how a
        campaign's content packs lie over the plugins' content (a card the table gives is no
        longer missing)."""
        if self._later is not None:
            self._filled()
        layer: Catalogue[T] = Catalogue(self.kind, self._name_of, of=self._of, unique=self._unique)
        layer._entries = dict(self._entries)
        layer._by_unique = dict(self._by_unique)
        layer.gaps = self.gaps
        layer._gap_names = dict(self._gap_names)
        for entry, owner in entries:
            key = name_key(self._name_of(entry))
            layer._entries[key] = (entry, owner)
            layer._gap_names.pop(key, None)
            if self._unique is not None:
                layer._by_unique[self._unique[1](entry)] = (entry, owner)
        return layer

    def name_of(self, entry: T) -> str:
        return self._name_of(entry)

    def find(self, name: str) -> T | None:
        """The entry named, or None when no plugin registered it; ContentMissing when a
        plugin failed to give it (or failed to give entries of this kind at all)."""
        if self._later is not None:
            self._filled()
        found = self._entries.get(name_key(name))
        if found is not None:
            return found[0]
        self._refuse_gap(name)
        return None

    def _refuse_gap(self, name: str) -> None:
        named = self._gap_names.get(name_key(name))
        if named is not None:
            plugin, why = named
            raise ContentMissing(
                f"{self.kind} {quoted(name)} is not available: {why}; nothing was recorded: "
                f"fix or update plugin {plugin!r}",
                plugin=plugin,
                why=why,
            )
        if self.gaps:
            plugin, whys = next(iter(self.gaps.items()))
            why = "; ".join(whys)
            raise ContentMissing(
                f"unknown {self.kind} {quoted(name)}, which may be one of plugin {plugin!r}'s: "
                f"{why}; nothing was recorded: fix or update plugin {plugin!r}",
                plugin=plugin,
                why=why,
            )

    def owner(self, name: str) -> str | None:
        """The plugin that registered ``name``."""
        if self._later is not None:
            self._filled()
        found = self._entries.get(name_key(name))
        return found[1] if found else None

    def get(self, name: str) -> T:
        found = self.find(name)
        if found is None:
            known = ", ".join(self.names()) or "none are loaded"
            hint = did_you_mean(name, self.names())
            raise NotFound(f"unknown {self.kind} {quoted(name)} (known: {known}).{hint}")
        return found

    def discard(self, name: str, plugin: str, why: str) -> None:
        """Take ``name`` out again (it depends on content that is missing), remembered as a gap."""
        if self._later is not None:
            self._filled()
        self._entries.pop(name_key(name), None)
        self._gap_names[name_key(name)] = (plugin, why)

    def names(self) -> list[str]:
        if self._later is not None:
            self._filled()
        return [self._name_of(entry) for entry, _ in self._entries.values()]

    def entries(self) -> list[T]:
        if self._later is not None:
            self._filled()
        return [entry for entry, _ in self._entries.values()]

    def __len__(self) -> int:
        if self._later is not None:
            self._filled()
        return len(self._entries)


def each_entry(
    entries: Iterable[Any], add: Callable[[Any], None], left_out: LeftOut | None
) -> None:
    """``add`` each entry; one raising PluginError is raised (``left_out`` None: strict) or
    left out alone, ``left_out`` told why, and the rest are added."""
    for entry in entries:
        try:
            add(entry)
        except PluginError as error:
            if left_out is None:
                raise
            left_out(str(error))


def clash(kind: str, name: str, first: str, second: str) -> str:
    """The warning for one name registered twice: who holds it and what is left out."""
    if first == second:
        return f"plugin {first!r} registers {kind} {name!r} twice; the second is left out"
    return (
        f"{kind} {name!r} is registered by both plugin {first!r} and plugin {second!r}; "
        f"the one of plugin {second!r} is left out (rename it in one of them)"
    )
