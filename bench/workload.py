"""The campaign the bench plays: mixed commands, as CLI lines and as the events they record.

Building a large campaign goes through the ledger's own row making, folding and snapshots
(exactly the rows ``record`` writes), but many commands per transaction with
``synchronous=OFF``: set-up is never what is measured.
"""

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ledger.campaign import Campaign, Ledger
from ledger.hosting import Registry
from ledger.model import Event, carried
from ledger.storage import Row, Snapshot
from ledger_base_game.events import (
    CheckMade,
    ConditionGained,
    ConditionRemoved,
    DamageHealed,
    DamageTaken,
    HeroJoined,
    ItemDiscarded,
    ItemGained,
    StaminaRestored,
    StaminaSpent,
    StarsGained,
    StarsSpent,
)

CAMPAIGN = "Bench"
HEROES = ("Torrax", "Venia", "Zuva'Sai")
CONDITION = "Bleeding"
ITEM = "Star Lotus token"


@dataclass(frozen=True)
class Command:
    """One player command: its CLI line (after ``campaign-ledger``) and the events it records."""

    kind: str
    line: Callable[[str], str]
    events: Callable[[Registry, str], list[Event]]


def _check(registry: Registry, hero: str) -> list[Event]:
    """A Might 2 check rolled '1 S': two red dice (Might 2), the stamina face +2 outside a
    scenario, total 3 against 2, a success; it changes nothing, as a check without
    consequences should."""
    die = registry.default_dice().action
    return [
        CheckMade(
            hero=hero,
            ability="might",
            target=2,
            dice=2,
            die=die,
            faces=("1", "S"),
            total=3,
            success=True,
        )
    ]


def _condition_gained(registry: Registry, hero: str) -> list[Event]:
    spec = registry.conditions.get(CONDITION)
    return [ConditionGained(hero=hero, condition=spec.name, number=spec.number)]


# Each Hero plays the cycle in turn; every command leaves the Hero as it found them, so the
# cycle stays legal for ever. Each line's events are exactly what the CLI records for it
# (tests/bench/test_workload.py), the discard's copy to the Stock and the gain's from it too.
CYCLE: tuple[Command, ...] = (
    Command("damage", lambda h: f'damage "{h}" 2', lambda r, h: [DamageTaken(hero=h, amount=2)]),
    Command("heal", lambda h: f'heal "{h}" 2', lambda r, h: [DamageHealed(hero=h, amount=2)]),
    Command(
        "stamina",
        lambda h: f'stamina spend "{h}" 1',
        lambda r, h: [StaminaSpent(hero=h, amount=1)],
    ),
    Command(
        "stamina",
        lambda h: f'stamina restore "{h}" 1',
        lambda r, h: [StaminaRestored(hero=h, amount=1)],
    ),
    Command("condition", lambda h: f'condition add "{h}" {CONDITION}', _condition_gained),
    Command(
        "condition",
        lambda h: f'condition remove "{h}" {CONDITION}',
        lambda r, h: [ConditionRemoved(hero=h, condition=CONDITION)],
    ),
    Command(
        "item",
        lambda h: f'item gain "{h}" "{ITEM}"',
        lambda r, h: [ItemGained(hero=h, item=carried(r.items.get(ITEM)), from_supply=True)],
    ),
    Command(
        "item",
        lambda h: f'item discard "{h}" "{ITEM}"',
        lambda r, h: [ItemDiscarded(hero=h, item=ITEM, to_stock=True)],
    ),
    Command("stars", lambda h: f'stars gain "{h}" 3', lambda r, h: [StarsGained(hero=h, amount=3)]),
    Command("stars", lambda h: f'stars spend "{h}" 3', lambda r, h: [StarsSpent(hero=h, amount=3)]),
    Command("check", lambda h: f'check "{h}" might 2 --roll "1 S"', _check),
)


def commands(count: int) -> Iterator[tuple[str, Command]]:
    """``count`` (hero, command) pairs: each Hero runs the whole cycle, then the next."""
    for n in range(count):
        cycle, position = divmod(n, len(CYCLE))
        yield HEROES[cycle % len(HEROES)], CYCLE[position]


def joined(hero: str) -> HeroJoined:
    return HeroJoined(hero=hero, might=2, agility=2, will=2, taunt=3, chips=9, wounded_chips=5)


def batch_lines(count: int) -> list[str]:
    return [command.line(hero) for hero, command in commands(count)]


class Builder:
    """Appends commands to a campaign quickly, as ``Campaign.record`` would write them."""

    def __init__(self, path: Path) -> None:
        self.ledger = Ledger.open(path)
        self.ledger.db.execute("PRAGMA synchronous = OFF")  # set-up only, never measured
        self.campaign: Campaign = self.ledger.create_campaign(CAMPAIGN)
        self.head = self.campaign.head()
        self.state = self.campaign.state()
        self.rows: list[Row] = []
        self.snapshots: list[Snapshot] = []

    def record(self, events: list[Event]) -> None:
        command = self.head.seq + 1
        recorded_at = self.ledger.clock().isoformat(timespec="microseconds")
        for seq, event in enumerate(events, start=command):
            self.state = event.apply(self.state)
            self.head = self.campaign.make_row(
                event, seq, command, self.state, self.head.hash, recorded_at
            )
            self.rows.append(self.head)
            if seq % self.ledger.snapshot_interval == 0:
                self.snapshots.append(self.campaign.projector.snapshot(seq, 0, self.state))
        if len(self.rows) >= 5_000:
            self.flush()

    def flush(self) -> None:
        self.ledger.store.append(self.rows, self.snapshots)
        self.rows, self.snapshots = [], []

    def close(self) -> None:
        self.flush()
        self.ledger.close()


def build(path: Path, events: int, *, heroes_only: bool = False) -> int:
    """A campaign of at least ``events`` events (all Heroes joined first); its head seq."""
    builder = Builder(path)
    for hero in HEROES:
        builder.record([joined(hero)])
    registry = builder.ledger.registry
    for hero, command in commands(0 if heroes_only else 2**62):
        if builder.head.seq >= events:
            break
        builder.record(command.events(registry, hero))
    head = builder.head.seq
    builder.close()
    return head


PAIRS = {  # target 8: two commands that leave the Hero as found, by what they change
    "discards": (CYCLE[6], CYCLE[7]),  # item gain, item discard (the copy to the Stock)
    "stars": (CYCLE[8], CYCLE[9]),  # stars gain, stars spend
}


def build_pairs(path: Path, pairs: int, kind: str) -> int:
    """A campaign of ``pairs`` pairs of the kind named (``PAIRS``), Torrax playing each; its
    head seq."""
    builder = Builder(path)
    builder.record([joined(HEROES[0])])
    for _ in range(pairs):
        for command in PAIRS[kind]:
            builder.record(command.events(builder.ledger.registry, HEROES[0]))
    head = builder.head.seq
    builder.close()
    return head


def record_through_api(path: Path, count: int) -> float:
    """Seconds to record ``count`` commands through ``Campaign.record``, each committed (and
    flushed) on its own: the ledger without its command line, as eventsourcing is measured."""
    build(path, 0, heroes_only=True)
    with Ledger.open(path) as ledger:
        campaign = ledger.campaign(CAMPAIGN)
        calls = [command.events(ledger.registry, hero) for hero, command in commands(count)]
        start = time.perf_counter()
        for events in calls:
            campaign.record(events)
        return time.perf_counter() - start


def build_undo_redo(path: Path, events: int, pairs: int) -> int:
    """A campaign of about ``events`` events of which ``pairs`` undo and redo pairs, each
    undoing the command just recorded and redoing it (through the ledger's own undo and
    redo: each takes its snapshot); its head seq."""
    head = build(path, events - 3 * pairs)
    with Ledger.open(path) as ledger:
        ledger.db.execute("PRAGMA synchronous = OFF")  # set-up only, never measured
        campaign = ledger.campaign(CAMPAIGN)
        calls = commands(pairs)
        with ledger.write_lock():
            for hero, command in calls:
                campaign.record(command.events(ledger.registry, hero))
                campaign.undo()
                campaign.redo()
        head = campaign.head().seq
    return head
