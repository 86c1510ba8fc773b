"""How the Stock, the Archive, Scenario cards, outcomes, the City step, Injury cards and
reputation look on the terminal (their JSON is the core's, ``ledger.views``)."""

from typing import TYPE_CHECKING, Any

from ledger.model import CampaignState, Hero, Item, ScenarioCard
from ledger.rules import loadout
from ledger.text import printable
from ledger_cli.lazy import from_views

if TYPE_CHECKING:
    from ledger.hosting import Registry
    from ledger.views import (
        city_json,
        counted,
        hero_city_json,
        party_extra_json,
        reputation_json,
        supply_json,
    )

# The JSON shapes named here are the core's, loaded when first used (as ledger_cli.output's).
_VIEWS = frozenset(
    {
        "city_json",
        "counted",
        "hero_city_json",
        "party_extra_json",
        "reputation_json",
        "supply_json",
    }
)

__getattr__ = from_views(__name__, _VIEWS)


__all__ = [
    "card_text",
    "city_json",
    "city_text",
    "counted",
    "hero_city_json",
    "hero_city_text",
    "outcomes_text",
    "party_extra_json",
    "party_extra_text",
    "payment_text",
    "reputation_json",
    "reputation_line",
    "supply_changes",
    "supply_json",
    "supply_text",
]


def payment_text(points: int, stars: int) -> str:
    """A payment in words: "1 CAP and 3 Stars"."""
    parts = [f"{points} CAP" if points else "", f"{stars} Stars" if stars else ""]
    return " and ".join(p for p in parts if p) or "nothing"


def card_text(card: ScenarioCard) -> str:
    """A Scenario card with its symbols."""
    symbols = [
        s for s, on in (("XP", card.xp), ("replay", card.replay), ("Arena", card.arena)) if on
    ]
    shown = f" [{', '.join(symbols)}]" if symbols else ""
    return f"{card.number}{' ' + card.name if card.name else ''}{shown}"


def supply_text(state: CampaignState) -> list[str]:
    """The Stock, the Archive and the Scenario cards in words."""

    from ledger.views import counted

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


def reputation_line(row: dict[str, Any]) -> str:
    """One Faction's reputation and rank in words."""
    rank = "rank not known" if row["rank"] is None else f"rank {row['rank']}"
    return f"{row['faction']:<24} {row['reputation']:>3} reputation, {rank}"


def party_extra_text(state: CampaignState, registry: "Registry | None") -> list[str]:
    """What the party sheet shows beyond the Heroes, in words."""
    from ledger.views import reputation_json

    lines = [*supply_text(state), f"Outcomes  {outcomes_text(state)}"]
    gained = [r for r in reputation_json(state, registry) if r["reputation"]]
    lines += [f"Reputation  {reputation_line(r)}" for r in gained]
    return [printable(line) for line in lines]  # whatever the file holds


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
