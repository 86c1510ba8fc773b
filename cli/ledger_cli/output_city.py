"""How the Stock, the Archive, Scenario cards, outcomes, the City step, Injury cards and
reputation look on the terminal and in JSON."""

from collections import Counter
from typing import Any

import msgspec

from ledger.hosting import Registry
from ledger.model import CampaignState, Hero, Item, ScenarioCard
from ledger.rules import factions, loadout
from ledger.text import printable


def payment_text(points: int, stars: int) -> str:
    """A payment in words: "1 CAP and 3 Stars"."""
    parts = [f"{points} CAP" if points else "", f"{stars} Stars" if stars else ""]
    return " and ".join(p for p in parts if p) or "nothing"


def counted(items: tuple[Item, ...]) -> dict[str, int]:
    """How many copies of each item ``items`` holds, by name."""
    return dict(Counter(item.name for item in items))


def card_text(card: ScenarioCard) -> str:
    """A Scenario card with its symbols."""
    symbols = [
        s for s, on in (("XP", card.xp), ("replay", card.replay), ("Arena", card.arena)) if on
    ]
    shown = f" [{', '.join(symbols)}]" if symbols else ""
    return f"{card.number}{' ' + card.name if card.name else ''}{shown}"


def supply_json(state: CampaignState) -> dict[str, Any]:
    """The Stock, the Archive and the Scenario cards as JSON."""
    return {
        "stock": counted(state.stock),
        "archive": counted(state.archive),
        "scenario_cards": [msgspec.to_builtins(card) for card in state.scenario_cards],
    }


def supply_text(state: CampaignState) -> list[str]:
    """The Stock, the Archive and the Scenario cards in words."""

    def listed(items: tuple[Item, ...]) -> str:
        return ", ".join(f"{n} ×{c}" if c > 1 else n for n, c in counted(items).items()) or "empty"

    cards = ", ".join(card_text(c) for c in state.scenario_cards) or "none"
    return [
        f"Stock     {listed(state.stock)}",
        f"Archive   {listed(state.archive)}",
        f"Scenario cards  {cards}",
    ]


def outcomes_text(state: CampaignState) -> str:
    """The scenario outcomes as written on the Party sheet."""
    return (
        ", ".join(
            f"{o.number}: {o.outcome or '—'}{' (Arena)' if o.arena else ''}" for o in state.outcomes
        )
        or "none yet"
    )


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


def reputation_line(row: dict[str, Any]) -> str:
    """One Faction's reputation and rank in words."""
    rank = "rank not known" if row["rank"] is None else f"rank {row['rank']}"
    return f"{row['faction']:<24} {row['reputation']:>3} reputation, {rank}"


def party_extra_json(state: CampaignState, registry: Registry | None) -> dict[str, Any]:
    """What the party sheet shows beyond the Heroes, as JSON."""
    return {
        **supply_json(state),
        "outcomes": [msgspec.to_builtins(o) for o in state.outcomes],
        "reputation": reputation_json(state, registry),
        "city": city_json(state),
    }


def party_extra_text(state: CampaignState, registry: Registry | None) -> list[str]:
    """What the party sheet shows beyond the Heroes, in words."""
    lines = [*supply_text(state), f"Outcomes  {outcomes_text(state)}"]
    gained = [r for r in reputation_json(state, registry) if r["reputation"]]
    lines += [f"Reputation  {reputation_line(r)}" for r in gained]
    return [printable(line) for line in lines]  # whatever the file holds


def hero_city_json(hero: Hero) -> dict[str, Any]:
    """A Hero's City-step state as JSON: Injury cards, City Activity points, where they sleep."""
    return {
        "injuries": list(hero.injuries),
        "city_points": hero.city_points,
        "sleeps": hero.sleeps,
        "encumbrance": {"load": loadout.load(hero), "limit": loadout.limit(hero)},
    }


def hero_city_text(hero: Hero, state: CampaignState) -> list[str]:
    """Where the Hero sleeps (City step) and their loadout (scenario). Injury cards and City
    Activity points are shown with the Hero sheet's progress."""
    lines = []
    if state.city is not None:
        lines.append(f"  Sleeps at   {hero.sleeps or 'no place yet'}")
    if state.in_scenario:
        active = ", ".join(i.name for i in hero.items if i.active) or "none"
        lines.append(
            f"  Loadout     encumbrance {loadout.load(hero)}/{loadout.limit(hero)} · "
            f"active: {active}"
        )
    return lines


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


def city_text(state: CampaignState) -> list[str]:
    """The City step being played in words."""
    if state.city is None:
        return ["not in a City step"]
    if state.city.after_arena:
        event = "none after an Arena scenario"
    else:
        event = "resolved" if state.city.event_resolved else "not resolved yet (no CAP until it is)"
    lines = [f"City Event  {event}"]
    for hero in state.heroes.values():
        bed = hero.sleeps or "no place to sleep yet (loses 2 stamina at the end of the step)"
        lines.append(f"{hero.name:<12} {hero.city_points} CAP · {bed}")
    return lines


def supply_changes(before: CampaignState, after: CampaignState) -> list[str]:
    """The party-wide changes of a command: the Stock, the Archive, cards, XP, reputation."""
    lines = []
    if before.stock != after.stock or before.archive != after.archive:
        lines += supply_text(after)[:2]
    if before.scenario_cards != after.scenario_cards:
        lines.append(supply_text(after)[2])
    if before.outcomes != after.outcomes:
        lines.append(f"Outcomes  {outcomes_text(after)}")
    for name, points in after.reputation.items():
        if before.reputation.get(name, 0) != points:
            lines.append(f"{name} reputation {before.reputation.get(name, 0)} → {points}")
    if before.city != after.city and after.city is not None and after.city.event_resolved:
        lines.append("City Event resolved: City Activity points may be spent")
    return lines
