"""Names that belong to a plugin (modifier types, actions): each is ``PLUGIN:NAME``, and the
short ``NAME`` works while one plugin alone registers it. Two plugins using one short name
never knock each other out: the short name is then refused naming both, the full ones work,
whatever the order the plugins were installed in."""

from collections.abc import Callable
from typing import Generic, TypeVar

from ledger.errors import NotFound, PluginError
from ledger.text import did_you_mean, name_key, quoted

T = TypeVar("T")
ALIASES = {"base": "ledger_base_game"}  # the base game's tag namespace names it too


class Ambiguous(PluginError):
    """A short name two plugins register: the full names are given."""


class Namespaced(Generic[T]):
    """Entries by ``PLUGIN:NAME``, found by their short name while it is unambiguous; the
    lookups (``find``, ``get``, ``owner``, ``names``, ``entries``) are a Catalogue's."""

    def __init__(self, kind: str, name_of: Callable[[T], str]) -> None:
        self.kind = kind
        self._name_of = name_of
        self._entries: dict[tuple[str, str], T] = {}  # (plugin, name key): entry
        self._short: dict[str, list[str]] = {}  # name key: the plugins registering it
        self._left_out: dict[str, tuple[str, str]] = {}  # name key: (plugin, why)

    def leave_out(self, name: str, plugin: str, why: str) -> None:
        """``name`` was refused (``why``): asking for it names the plugin and the reason."""
        self._left_out.setdefault(name_key(name), (plugin, why))

    def add(self, entry: T, plugin: str) -> None:
        """Add ``entry`` as ``plugin:NAME``; the same plugin registering a name twice raises."""
        key = name_key(self._name_of(entry))
        if (plugin, key) in self._entries:
            raise PluginError(
                f"plugin {plugin!r} registers {self.kind} {self._name_of(entry)!r} twice; "
                "the second is left out"
            )
        self._entries[plugin, key] = entry
        self._short.setdefault(key, []).append(plugin)

    def _split(self, name: str) -> tuple[str | None, str]:
        plugin, colon, short = name.partition(":")
        if not colon:
            return None, name
        return ALIASES.get(plugin.strip(), plugin.strip()), short

    def _locate(self, name: str) -> tuple[str, str] | None:
        plugin, short = self._split(name)
        key = name_key(short)
        if plugin is not None:
            return (plugin, key) if (plugin, key) in self._entries else None
        owners = self._short.get(key, [])
        if len(owners) > 1:
            full = " or ".join(f"{owner}:{short.strip()}" for owner in owners)
            raise Ambiguous(
                f"{self.kind} {quoted(short)} is registered by both plugin {owners[0]!r} and "
                f"plugin {owners[1]!r}"
                + (f" (and {', '.join(map(repr, owners[2:]))})" if owners[2:] else "")
                + f": write {full}"
            )
        return (owners[0], key) if owners else None

    def find(self, name: str) -> T | None:
        """The entry ``NAME`` or ``PLUGIN:NAME``; None if none; Ambiguous if two plugins
        register the short name."""
        found = self._locate(name)
        if found is None:
            left_out = self._left_out.get(name_key(self._split(name)[1]))
            if left_out is not None:
                raise PluginError(f"{self.kind} {quoted(name)} is not available: {left_out[1]}")
            return None
        return self._entries[found]

    def owner(self, name: str) -> str | None:
        found = self._locate(name)
        return found[0] if found else None

    def get(self, name: str) -> T:
        found = self.find(name)
        if found is None:
            known = ", ".join(self.names()) or "none are loaded"
            hint = did_you_mean(name, self.names())
            raise NotFound(f"unknown {self.kind} {quoted(name)} (known: {known}).{hint}")
        return found

    def name_of(self, plugin: str, entry: T) -> str:
        """The name to show for ``entry``: short while unambiguous, else ``plugin:NAME``."""
        name = self._name_of(entry)
        return name if len(self._short.get(name_key(name), ())) == 1 else f"{plugin}:{name}"

    def names(self) -> list[str]:
        """Every name a caller may use: short ones while unambiguous, else the full ones."""
        return [self.name_of(plugin, entry) for (plugin, _), entry in self._entries.items()]

    def entries(self) -> list[T]:
        return list(self._entries.values())

    def items(self) -> list[tuple[str, T]]:
        """(name to show, entry) for each entry."""
        return [
            (self.name_of(plugin, entry), entry) for (plugin, _), entry in self._entries.items()
        ]

    def __len__(self) -> int:
        return len(self._entries)
