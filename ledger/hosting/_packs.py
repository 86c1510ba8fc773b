"""The plugins' content with the table's own cards laid over it: what a campaign's content
packs (``content add``) fill in or add, read from its state, so every action, check and face
that asks the Registry for a Hero or an item sees the table's cards too."""

from typing import TYPE_CHECKING, Any

import msgspec

from ledger.errors import PluginError
from ledger.model import (
    CampaignState,
    ClassSpec,
    ConditionSpec,
    FactionSpec,
    HeroSpec,
    InjurySpec,
    ItemSpec,
    ProfessionSpec,
    ScenarioSpec,
    ServiceSpec,
    TableCard,
    TalentSpec,
)

if TYPE_CHECKING:
    from ledger.hosting._catalogue import Catalogue
    from ledger.hosting._registry import Registry

# A pack's tables, as the base game's data files name them, and the catalogue each fills.
PACK_KINDS: dict[str, tuple[str, type[msgspec.Struct]]] = {
    "hero": ("heroes", HeroSpec),
    "item": ("items", ItemSpec),
    "class": ("classes", ClassSpec),
    "profession": ("professions", ProfessionSpec),
    "talent": ("talents", TalentSpec),
    "condition": ("conditions", ConditionSpec),
    "scenario": ("scenarios", ScenarioSpec),
    "faction": ("factions", FactionSpec),
    "service": ("services", ServiceSpec),
    "injury": ("injuries", InjurySpec),
}


def pack_owner(card: TableCard) -> str:
    """Who gave a card, as catalogues name an entry's plugin."""
    return f"the table's pack {card.pack!r}"


def catalogue_of(registry: "Registry", kind: str) -> "Catalogue[Any]":
    """The catalogue a pack's ``[[kind]]`` tables fill (``hero``: ``registry.heroes``)."""
    return getattr(registry, PACK_KINDS[kind][0])  # type: ignore[no-any-return]


def merged(kind: str, known: object | None, fields: dict[str, Any]) -> Any:
    """The card as the campaign knows it: what a plugin knows of it (``known``), with the
    pack's ``fields`` laid over."""
    spec = PACK_KINDS[kind][1]
    base = msgspec.to_builtins(known) if known is not None else {}
    return msgspec.convert({**base, **fields}, spec)


def with_cards(registry: "Registry", content: dict[str, TableCard]) -> "Registry":
    """A Registry whose catalogues hold the table's cards over the plugins' entries; the
    plugin manager, event types and everything else are ``registry``'s own."""
    import copy  # a campaign with content packs only (1.3 M instructions of start-up)

    layer = copy.copy(registry)
    by_kind: dict[str, list[TableCard]] = {}
    for card in content.values():
        by_kind.setdefault(card.kind, []).append(card)
    for kind, cards in by_kind.items():
        if kind not in PACK_KINDS:  # a kind a later version added: this one cannot read it
            continue
        catalogue = catalogue_of(registry, kind)
        entries = []
        for card in cards:
            try:
                entries.append((merged(kind, catalogue.find(card.name), card.fields), card))
            except msgspec.ValidationError as error:  # a plugin changed under the card
                raise PluginError(
                    f"{kind} {card.name!r} of {pack_owner(card)} no longer fits what the "
                    f"plugins know of it: {error}"
                ) from None
        layered = catalogue.layered([(entry, pack_owner(card)) for entry, card in entries])
        setattr(layer, PACK_KINDS[kind][0], layered)
    return layer


def registry_for(registry: "Registry", state: CampaignState) -> "Registry":
    """``registry`` with ``state``'s cards, made once per content (states share the dict)."""
    if not state.content:
        return registry
    cached = registry.layers.get(id(state.content))
    if cached is not None and cached[0] is state.content:
        return cached[1]
    layer = with_cards(registry, state.content)
    registry.layers.clear()  # the newest content only: older points are rarely asked twice
    registry.layers[id(state.content)] = (state.content, layer)
    return layer
