"""The party sheet beyond the Heroes as JSON: the Stock, the Archive, Scenario cards,
outcomes, reputation and the City step being played."""

from collections import Counter
from typing import Any

import msgspec

from ledger.hosting import Registry
from ledger.model import CampaignState, Item
from ledger.rules import factions


def counted(items: tuple[Item, ...]) -> dict[str, int]:
    """How many copies of each item ``items`` holds, by name."""
    return dict(Counter(item.name for item in items))


def supply_json(state: CampaignState) -> dict[str, Any]:
    """The Stock, the Archive and the Scenario cards as JSON."""
    return {
        "stock": counted(state.stock),
        "archive": counted(state.archive),
        "scenario_cards": [msgspec.to_builtins(card) for card in state.scenario_cards],
    }


def reputation_json(state: CampaignState, registry: Registry | None) -> list[dict[str, Any]]:
    """Every faction the plugins know or the party has reputation with; rank None if unknown."""
    names = list(registry.factions.names()) if registry else []
    names += [n for n in state.reputation if n not in names]
    rows = []
    for name in names:
        spec = registry.factions.find(name) if registry else None
        points = factions.reputation(state, name)
        ranks = spec.ranks if spec else ()
        rows.append({"faction": name, "reputation": points, "rank": factions.rank(ranks, points)})
    return rows


def city_json(state: CampaignState) -> dict[str, Any] | None:
    """The City step being played as JSON, or None outside one."""
    if state.city is None:
        return None
    return {
        "event_resolved": state.city.event_resolved,
        "after_arena": state.city.after_arena,
        "heroes": {
            h.name: {"city_points": h.city_points, "sleeps": h.sleeps}
            for h in state.heroes.values()
        },
    }


def party_extra_json(state: CampaignState, registry: Registry | None) -> dict[str, Any]:
    """What the party sheet shows beyond the Heroes, as JSON."""
    return {
        **supply_json(state),
        "outcomes": [msgspec.to_builtins(o) for o in state.outcomes],
        "reputation": reputation_json(state, registry),
        "city": city_json(state),
    }
