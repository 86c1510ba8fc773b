"""``content show``: every card the campaign knows, and where each of its values came from (a
plugin, with the source it gives, or the table's content pack)."""

from typing import Any

import msgspec

from ledger.actions import Game
from ledger.errors import BadInput
from ledger.hosting import PACK_KINDS, catalogue_of
from ledger.model import card_key
from ledger.text import did_you_mean, name_key


def kind_named(kind: str) -> str:
    """A pack's kind by its table name (``hero``) or its catalogue's (``heroes``)."""
    for table, (attribute, _) in PACK_KINDS.items():
        if name_key(kind) in (table, attribute):
            return table
    hint = did_you_mean(kind, list(PACK_KINDS))
    raise BadInput(f"no kind of card {kind!r} (kinds: {', '.join(PACK_KINDS)}).{hint}")


def known_content(game: Game, kind: str | None = None) -> list[dict[str, Any]]:
    """Every card of ``kind`` (all kinds if None) the campaign knows now, with its values:
    for each, the value and who gave it (``"from"``: a plugin's name, or the pack's file)."""
    kinds = [kind_named(kind)] if kind else list(PACK_KINDS)
    return [card for each in kinds for card in _cards(game, each)]


def _cards(game: Game, kind: str) -> list[dict[str, Any]]:
    catalogue = catalogue_of(game.registry, kind)
    plugins = catalogue_of(game.registry.plugins_only, kind)
    cards = []
    for entry in catalogue.entries():
        name = catalogue.name_of(entry)
        plugin = plugins.owner(name)
        held = game.state.content.get(card_key(kind, name))
        given = held.fields if held else {}
        values = {}
        for field, value in msgspec.structs.asdict(entry).items():
            if field in ("name", "source"):
                continue
            from_pack = held is not None and field in given
            if not from_pack and _unknown(entry, field, value):
                continue
            values[field] = {
                "value": msgspec.to_builtins(value),
                "from": held.pack if from_pack and held else plugin,
            }
        cards.append(
            {
                "kind": kind,
                "name": name,
                "plugin": plugin,
                "source": getattr(plugins.find(name), "source", "") if plugin else "",
                "pack": held.pack if held else None,
                "sha256": held.sha256 if held else None,
                "override": held.replaced if held else {},
                "values": values,
            }
        )
    return cards


def _unknown(entry: Any, field: str, value: Any) -> bool:
    """A value left at its default: nobody gave it."""
    found = next(f for f in msgspec.structs.fields(type(entry)) if f.name == field)
    if found.default is not msgspec.NODEFAULT:
        return bool(value == found.default)
    if found.default_factory is not msgspec.NODEFAULT:
        return bool(value == found.default_factory())
    return False
