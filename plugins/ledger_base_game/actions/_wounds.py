"""Becoming wounded means drawing an Injury card (§2.3): an action whose events wound a Hero
records the draw as owed, and the Hero's state shows it until the card is drawn. Not an
action itself: the actions that deal damage or take stamina use it."""

from collections.abc import Sequence

from ledger.model import CampaignState, Event
from ledger.rules import injuries
from ledger_base_game.events.injuries import InjuryDrawOwed


def with_injury_draws(state: CampaignState, events: Sequence[Event]) -> list[Event]:
    """``events``, then an Injury draw owed by each Hero they wound."""
    after = state
    for event in events:
        after = event.apply(after)
    owed = [InjuryDrawOwed(hero=name) for name in injuries.newly_wounded(state, after)]
    return [*events, *owed]
