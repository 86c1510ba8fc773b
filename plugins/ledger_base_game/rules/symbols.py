"""A Scenario card's symbols (XP, replay, Arena, §8.2): from the card in the Stock, else from
what the plugins know, else from what the player says. Unknown and not said is an error
naming the argument that says it (a field: ``xp``, or ``--xp/--no-xp`` on the command line)."""

from typing import Literal

from ledger.errors import BadInput
from ledger.hosting import Registry
from ledger.model import CampaignState

Symbol = Literal["xp", "replay", "arena"]
SHOWN = {"xp": "XP", "replay": "replay", "arena": "Arena"}


def known_symbol(
    state: CampaignState | None, registry: Registry, number: int, symbol: Symbol
) -> bool | None:
    card = None
    if state is not None:
        card = next((c for c in state.scenario_cards if c.number == number), None)
    if card is not None:
        return bool(getattr(card, symbol))
    spec = registry.scenarios.find(str(number))
    return getattr(spec, symbol) if spec is not None else None


def resolve(
    state: CampaignState | None,
    registry: Registry,
    number: int,
    symbol: Symbol,
    given: bool | None,
    *,
    required: bool = True,
) -> bool:
    known = known_symbol(state, registry, number, symbol)
    if known is not None and given is not None and known != given:
        where = "its card in the Stock" if state and _in_stock(state, number) else "the base game"
        shows = "shows" if known else "does not show"
        raise BadInput(f"scenario {number} {shows} the {SHOWN[symbol]} symbol ({where})")
    if known is not None:
        return known
    if given is None and required:
        raise BadInput(
            f"the ledger does not know whether scenario {number} shows the {SHOWN[symbol]} "
            f"symbol; give {{{symbol}}}",
            fields=[symbol],
        )
    return bool(given)


def _in_stock(state: CampaignState, number: int) -> bool:
    return any(c.number == number for c in state.scenario_cards)


def scenario_level(state: CampaignState, registry: Registry, number: int) -> int | None:
    """The scenario's level: its card in the Stock, else the base game; None if unknown."""
    card = next((c for c in state.scenario_cards if c.number == number), None)
    if card is not None and card.level is not None:
        return card.level
    spec = registry.scenarios.find(str(number))
    return spec.level if spec is not None else None
