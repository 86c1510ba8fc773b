"""Campaigns recorded through the API for the store and verify tests: a fixed one of two
cycles (``play_two_cycles``) and random ones, legal or not (``random_history``)."""

import contextlib
import random
from collections.abc import Callable

from ledger.campaign import Campaign, Ledger
from ledger.errors import LedgerError
from ledger.model import SessionEnded, SessionStarted
from ledger_base_game.events import (
    DamageHealed,
    DamageTaken,
    HeroJoined,
    ScenarioEnded,
    StaminaRestored,
    StaminaSpent,
    StarsGained,
    StarsSpent,
    StepStarted,
)
from tests.helpers.party import ZUVA

# The idempotency key of the second cycle's scenario end.
TWO_CYCLES_KEY = "evening-2"


def _joined(name: str) -> HeroJoined:
    return HeroJoined(hero=name, might=2, agility=3, will=4, taunt=3, chips=8, wounded_chips=4)


def play_two_cycles(campaign: Campaign) -> None:
    """Two cycles with scenario 4 twice, sessions, a multi-event command, an idempotency
    key, a step start undone and recorded again, and a redo; filler makes it several pages."""
    record = campaign.record
    record([_joined("Ava")])
    record([_joined("Bram")])
    record([SessionStarted()])
    for cycle in (1, 2):
        record([StepStarted(kind="city")])
        record([DamageTaken(hero="Ava", amount=1), DamageTaken(hero="Bram", amount=1)])
        record([StepStarted(kind="journey", city_end=True)])
        if cycle == 2:
            campaign.undo(1)  # the Journey step's start, then again
            record([StepStarted(kind="journey", city_end=True)])
        record([StaminaSpent(hero="Bram", amount=1)])
        record([StepStarted(kind="scenario", scenario=4)])
        for _ in range(20):
            record([StaminaSpent(hero="Ava", amount=1)])
            record([StaminaRestored(hero="Ava", amount=1)])
        record(
            [ScenarioEnded(outcome="F1")], idempotency_key=TWO_CYCLES_KEY if cycle == 2 else None
        )
        if cycle == 1:
            record([SessionEnded()])
            record([SessionStarted()])
    record([StepStarted(kind="city")])
    campaign.undo(1)
    campaign.redo(1)
    record([StepStarted(kind="journey", city_end=True)])


def random_history(ledger: Ledger, name: str, rng: random.Random) -> int:
    """A campaign of random commands, legal or not (a refused one writes nothing)."""
    campaign = ledger.create_campaign(name)
    stats = {"might": 1, "agility": 1, "will": 1, "taunt": 1}
    heroes = [ZUVA, "Torrax"]
    for hero in heroes:
        campaign.record([HeroJoined(hero=hero, chips=6, wounded_chips=3, **stats)])
    moves: list[Callable[[], object]] = [
        lambda: campaign.record([DamageTaken(hero=rng.choice(heroes), amount=rng.randint(1, 4))]),
        lambda: campaign.record([DamageHealed(hero=rng.choice(heroes), amount=rng.randint(1, 3))]),
        lambda: campaign.record([StaminaSpent(hero=rng.choice(heroes), amount=rng.randint(1, 3))]),
        lambda: campaign.record([StaminaRestored(hero=rng.choice(heroes), amount=2)]),
        lambda: campaign.record([StarsGained(hero=rng.choice(heroes), amount=rng.randint(1, 5))]),
        lambda: campaign.record([StarsSpent(hero=rng.choice(heroes), amount=rng.randint(1, 3))]),
        lambda: campaign.record([StepStarted(kind=rng.choice(["city", "journey"]))]),
        lambda: campaign.record([StepStarted(kind="scenario", scenario=rng.randint(1, 3))]),
        lambda: campaign.record([ScenarioEnded()]),
        lambda: campaign.undo(rng.randint(1, 2)),
        lambda: campaign.redo(),
    ]
    for _ in range(rng.randint(2, 9)):
        with contextlib.suppress(LedgerError):  # refused: nothing written, verify must agree
            rng.choice(moves)()
    return campaign.head().seq
