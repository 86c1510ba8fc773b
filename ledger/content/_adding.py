"""``content add``: the table's cards recorded in the campaign, checked against what the
plugins know. A pack fills in what they leave unknown and adds new cards; a value that
contradicts one a plugin gives is refused naming it and its source, unless the entry says
``override = true``. Adding a pack again records only what changed in it."""

from pathlib import PurePath
from typing import Any

import msgspec

from ledger.actions import Game
from ledger.content._files import PackEntry, PackFile, read_pack
from ledger.errors import BadInput, LedgerError
from ledger.hosting import PACK_KINDS, Registry, catalogue_of, merged, vetoes
from ledger.model import ContentAdded, Event, TableCard, card_key
from ledger.rules.injuries import check_effect
from ledger.rules.items import check_item
from ledger.text import quoted


def add_content(game: Game, *, pack: str, data: bytes) -> list[Event]:
    """Record the content pack ``pack`` (a file name) holding ``data`` (its TOML): the cards
    that are new or changed, and those an earlier version of the pack gave and it no longer
    holds. Refused, with the line and field, when a card is malformed or contradicts a
    plugin without ``override = true``; refused when nothing changed."""
    name = PurePath(pack).name
    read = read_pack(name, data)
    cards = [_card(game, read, entry) for entry in read.entries]
    changed = [card for card in cards if not _known_as(game, card, name)]
    given = {card_key(card.kind, card.name) for card in cards}
    removed = tuple(
        key for key, held in game.state.content.items() if held.pack == name and key not in given
    )
    if not changed and not removed:
        raise BadInput(f"the campaign already knows every card of {name} as it is; nothing to add")
    return [ContentAdded(pack=name, sha256=read.sha256, cards=tuple(changed), removed=removed)]


def _card(game: Game, read: PackFile, entry: PackEntry) -> TableCard:
    plugins = game.registry.plugins_only
    catalogue = catalogue_of(plugins, entry.kind)
    where = f"{read.name} line {entry.line}"
    label = entry.fields.get("name", entry.fields.get("number"))
    known = catalogue.find(str(label))
    try:
        spec = merged(entry.kind, known, entry.fields)
    except msgspec.ValidationError as error:
        raise BadInput(f"{where}: {entry.kind} {quoted(str(label))}: {error}") from None
    try:
        _check_rules(entry.kind, spec)
    except LedgerError as error:
        at = f"{read.name} line {entry.at('effects')}" if entry.kind == "injury" else where
        raise BadInput(f"{at}: {entry.kind} {quoted(str(label))}: {error}") from None
    fields = {field: _plain(getattr(spec, field)) for field in entry.fields}
    card_name = catalogue.name_of(spec)
    fields.update(_name_fields(entry.kind, spec))
    replaced = _contradicted(plugins, entry, known, spec, read.name) if known is not None else {}
    card = TableCard(
        kind=entry.kind,
        name=card_name,
        fields=fields,
        override=entry.override,
        replaced=replaced,
    )
    _refuse_clash(game.registry, entry, card, spec, where)
    probe = ContentAdded(pack=read.name, sha256=read.sha256, cards=(card,))
    reasons = vetoes(game.registry, game.state, probe)
    if reasons:
        raise BadInput(f"{where}: {'; '.join(reasons)}")
    return card


def _check_rules(kind: str, spec: Any) -> None:
    """The checks a card gets where the rules use it: an item's when gained by name, an
    Injury card's effects when drawn (an ability is might, agility or will...)."""
    if kind == "item":
        check_item(spec)
    elif kind == "injury":
        for effect in spec.effects:
            check_effect(effect)


def _name_fields(kind: str, spec: Any) -> dict[str, Any]:
    """The card's name as the catalogue spells it (a known card keeps the plugin's spelling)."""
    return {"number": spec.number} if kind == "scenario" else {"name": spec.name}


def _contradicted(
    plugins: Registry, entry: PackEntry, known: Any, spec: Any, pack: str
) -> dict[str, Any]:
    """The plugin's values that the entry changes: refused unless it says ``override``."""
    replaced = {}
    for field in entry.fields:
        if field in ("name", "number", "source"):
            continue
        before, after = getattr(known, field), getattr(spec, field)
        if before == after or before == _default(entry.kind, field):
            continue  # a value the plugin leaves unknown is the pack's to fill in
        replaced[field] = _plain(before)
    if replaced and not entry.override:
        field = next(iter(replaced))
        owner = catalogue_of(plugins, entry.kind).owner(str(known.name)) or "a plugin"
        source = getattr(known, "source", "")
        raise BadInput(
            f"{pack} line {entry.at(field)}: {known.name}'s {field} is {replaced[field]!r} "
            f"from plugin {owner!r}"
            f"{f' ({source})' if source else ''}, and the pack says "
            f"{_plain(getattr(spec, field))!r}; write `override = true` in this "
            f"[[{entry.kind}]] to use the pack's value"
        )
    return replaced


def _plain(value: Any) -> Any:
    """``value`` as the event will hold it once stored (JSON: lists, not tuples)."""
    return msgspec.json.decode(msgspec.json.encode(value))


def _default(kind: str, field: str) -> Any:
    spec = PACK_KINDS[kind][1]
    found = next(f for f in msgspec.structs.fields(spec) if f.encode_name == field)
    if found.default is not msgspec.NODEFAULT:
        return found.default
    if found.default_factory is not msgspec.NODEFAULT:
        return found.default_factory()
    return msgspec.NODEFAULT


def _refuse_clash(
    registry: Registry, entry: PackEntry, card: TableCard, spec: Any, where: str
) -> None:
    """A condition's number is its own (a third condition discards the lowest)."""
    if entry.kind != "condition":
        return
    conditions = registry.conditions
    for other in conditions.entries():
        if other.number == spec.number and other.name != spec.name:
            owner = conditions.owner(other.name) or ""
            given = owner if owner.startswith("the table") else f"plugin {owner!r}"
            raise BadInput(
                f"{where}: condition number {spec.number} is {other.name!r}'s, from {given}; "
                f"give {card.name!r} a number of its own"
            )


def _known_as(game: Game, card: TableCard, pack: str) -> bool:
    """The campaign already holds ``card`` exactly so, from this pack."""
    held = game.state.content.get(card_key(card.kind, card.name))
    return (
        held is not None
        and held.pack == pack
        and held.fields == card.fields
        and held.override == card.override
    )
