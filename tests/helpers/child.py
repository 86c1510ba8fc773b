"""A child process for the reliability tests, run by path with the test's Python.

``child.py cli ARGS...`` is ``campaign-ledger ARGS...``, and writes to stderr, at exit, how
many conflicts the CLI ran again. ``child.py api DATABASE CAMPAIGN HERO COUNT KEY [whole]`` records
COUNT commands for HERO through the Python API, which does not retry: one Star each, or with
``whole`` four events each. It prints ``ok KEY-N SEQ`` for each recorded command and
``conflict`` for each ConflictError, and tries again; any other error ends it with a
traceback (and a non-zero exit).
"""

import atexit
import sys
from collections.abc import Sequence

from ledger.campaign import Ledger
from ledger.errors import ConflictError
from ledger.model import Event
from ledger.storage import EventStore, Row, Snapshot
from ledger_base_game.events import DamageHealed, DamageTaken, StarsGained, StarsSpent

conflicts = 0


_append = EventStore.append


def _counted_append(
    self: EventStore, rows: Sequence[Row], snapshots: Sequence[Snapshot] = ()
) -> None:
    global conflicts
    try:
        _append(self, rows, snapshots)
    except ConflictError:
        conflicts += 1
        raise


def cli(args: list[str]) -> None:
    from ledger_cli.app import main

    EventStore.append = _counted_append  # type: ignore[method-assign]
    atexit.register(lambda: sys.stderr.write(f"conflicts retried or refused: {conflicts}\n"))
    sys.argv = ["campaign-ledger", *args]
    main()


def api(database: str, name: str, hero: str, count: int, key: str, whole: bool) -> None:
    with Ledger.open(database, create=False) as ledger:
        campaign = ledger.campaign(name)
        done = 0
        while done < count:
            events: list[Event] = [StarsGained(hero=hero, amount=1)]
            if whole:  # a command of four events that leaves the Hero as it was
                events += [
                    DamageTaken(hero=hero, amount=1),
                    DamageHealed(hero=hero, amount=1),
                    StarsSpent(hero=hero, amount=1),
                ]
            try:
                recorded = campaign.record(events, idempotency_key=f"{key}-{done}")
            except ConflictError:
                print("conflict", flush=True)
                continue
            print(f"ok {key}-{done} {recorded.rows[0].seq}", flush=True)
            done += 1


if __name__ == "__main__":
    if sys.argv[1] == "cli":
        cli(sys.argv[2:])
    else:
        database, name, hero, count, key, *whole = sys.argv[2:]
        api(database, name, hero, int(count), key, whole == ["whole"])
