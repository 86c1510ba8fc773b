"""How much a point-in-time query, an append and an undo cost as a campaign grows.

Snapshots should make all three independent of the campaign's length: each is reported as a
ratio to the same measurement on a short campaign, measured in the same run (never as an
absolute time). A full fold from scratch is the baseline that shows what snapshots save.

    .venv/bin/python bench/bench_projection.py [--events 20000]
"""

import argparse
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from ledger.campaign import Campaign, Ledger
from ledger.model import CampaignState, Event
from ledger_base_game.events import (
    DamageHealed,
    DamageTaken,
    HeroJoined,
    StaminaRestored,
    StaminaSpent,
    StarsGained,
    StarsSpent,
)

HEROES = ("Torrax", "Venia")


def build(path: Path, events: int) -> Campaign:
    ledger = Ledger.open(path)
    ledger.db.execute("PRAGMA synchronous = OFF")  # set-up only: building is not measured
    campaign = ledger.create_campaign("Bench")
    for name in HEROES:
        campaign.record(
            [HeroJoined(hero=name, might=2, agility=2, will=2, taunt=3, chips=9, wounded_chips=5)]
        )
    cycle: list[Callable[[str], Event]] = [
        lambda h: StaminaSpent(hero=h, amount=1),
        lambda h: StaminaRestored(hero=h, amount=1),
        lambda h: DamageTaken(hero=h, amount=2),
        lambda h: DamageHealed(hero=h, amount=2),
        lambda h: StarsGained(hero=h, amount=3),
        lambda h: StarsSpent(hero=h, amount=3),
    ]
    written = 3
    while written < events:
        name = HEROES[written % 2]
        campaign.record([make(name) for make in cycle])
        written += len(cycle)
    return campaign


def best_of(repeats: int, work: Callable[[], object]) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def measure(campaign: Campaign, rng: random.Random) -> dict[str, float]:
    head = campaign.head().seq
    points = [rng.randint(1, head) for _ in range(20)]

    def query() -> None:
        campaign.ledger.head_states.clear()  # measure the fold, not the cache
        for point in points:
            campaign.state(point)

    def append() -> None:
        campaign.ledger.head_states.clear()
        campaign.record([StarsGained(hero="Torrax", amount=1)])

    def undo_and_redo() -> None:
        campaign.ledger.head_states.clear()
        campaign.undo()
        campaign.redo()

    def full_fold() -> CampaignState:
        return campaign.projector.fold(campaign.projector.rows(0, campaign.head().seq), ())

    return {
        "query": best_of(5, query) / len(points),
        "append": statistics.median(best_of(1, append) for _ in range(10)),
        "undo_redo": statistics.median(best_of(1, undo_and_redo) for _ in range(10)),
        "full_fold": best_of(3, full_fold),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=20_000)
    parser.add_argument("--baseline-events", type=int, default=1_000)
    args = parser.parse_args()
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as folder:
        small = measure(build(Path(folder, "small.db"), args.baseline_events), rng)
        large = measure(build(Path(folder, "large.db"), args.events), rng)
    print(f"campaign of {args.events} events vs {args.baseline_events} (same run, ratios):")
    print(f"  query at a random point: {large['query'] / small['query']:.2f}x")
    print(f"  append one command:      {large['append'] / small['append']:.2f}x")
    print(f"  undo and redo it:        {large['undo_redo'] / small['undo_redo']:.2f}x")
    print(
        f"  full fold from scratch:  {large['full_fold'] / small['full_fold']:.2f}x "
        f"(what snapshots avoid)"
    )
    print(
        f"  one query costs {large['query'] / large['full_fold']:.4f} of a full fold "
        f"on the long campaign"
    )


if __name__ == "__main__":
    main()
