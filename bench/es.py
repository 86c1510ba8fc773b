"""The eventsourcing library, as its documentation uses it, as a baseline: an aggregate whose
methods trigger the same kinds of events as the ledger's commands, saved per command in its
SQLite persistence with the same durability (WAL, synchronous=FULL, same SQLite library).

Run in a child process (``python -m bench.es record|rebuild DB N``), because it must see the
ledger's SQLite (pysqlite3) under the name ``sqlite3`` before it is imported. Prints JSON.
"""

import sys
import time
from typing import Any

try:  # the same SQLite library as the ledger
    from pysqlite3 import dbapi2
except ImportError:  # pragma: no cover - off Linux the ledger uses the stdlib module too
    pass
else:
    sys.modules["sqlite3"] = dbapi2

import msgspec
from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event
from eventsourcing.sqlite import SQLiteConnectionPool

from bench.workload import HEROES

_connect = SQLiteConnectionPool._create_connection


def _durable(pool: SQLiteConnectionPool) -> Any:
    connection = _connect(pool)
    connection._sqlite_conn.execute("PRAGMA synchronous = FULL")
    return connection


SQLiteConnectionPool._create_connection = _durable  # type: ignore[method-assign]


class Party(Aggregate):
    """The Heroes with their damage, stamina, conditions, items and Stars."""

    @event("Created")
    def __init__(self, heroes: list[str]) -> None:
        self.heroes: dict[str, dict[str, Any]] = {
            hero: {"wound": 0, "spent": 0, "stars": 0, "conditions": [], "items": []}
            for hero in heroes
        }
        self.stock: list[str] = []  # items no Hero carries (a discard puts its copy here)

    def _amount(self, amount: int) -> int:
        if amount < 1:
            raise ValueError("an amount is at least 1")
        return amount

    @event("DamageTaken")
    def take_damage(self, hero: str, amount: int) -> None:
        self.heroes[hero]["wound"] += self._amount(amount)

    @event("DamageHealed")
    def heal(self, hero: str, amount: int) -> None:
        self.heroes[hero]["wound"] -= min(self._amount(amount), self.heroes[hero]["wound"])

    @event("StaminaSpent")
    def spend_stamina(self, hero: str, amount: int) -> None:
        self.heroes[hero]["spent"] += self._amount(amount)

    @event("StaminaRestored")
    def restore_stamina(self, hero: str, amount: int) -> None:
        self.heroes[hero]["spent"] -= min(self._amount(amount), self.heroes[hero]["spent"])

    @event("ConditionGained")
    def gain_condition(
        self, hero: str, condition: str, number: int, rules: dict[str, Any] | None = None
    ) -> None:
        self.heroes[hero]["conditions"].append(condition)

    @event("ConditionRemoved")
    def remove_condition(self, hero: str, condition: str) -> None:
        self.heroes[hero]["conditions"].remove(condition)

    @event("ItemGained")
    def gain_item(self, hero: str, item: dict[str, Any], from_supply: bool = False) -> None:
        if from_supply and item["name"] in self.stock:  # the copy leaves the Stock
            self.stock.remove(item["name"])
        self.heroes[hero]["items"].append(item["name"])

    @event("ItemDiscarded")
    def discard_item(self, hero: str, item: str, to_stock: bool = False) -> None:
        self.heroes[hero]["items"].remove(item)
        if to_stock:
            self.stock.append(item)

    @event("StarsGained")
    def gain_stars(self, hero: str, amount: int) -> None:
        self.heroes[hero]["stars"] += self._amount(amount)

    @event("StarsSpent")
    def spend_stars(self, hero: str, amount: int) -> None:
        if amount > self.heroes[hero]["stars"]:
            raise ValueError("not enough Stars")
        self.heroes[hero]["stars"] -= amount

    @event("CheckMade")
    def check(self, hero: str, ability: str, target: int, faces: list[str], total: int) -> None:
        """The same arithmetic as the ledger's check: 1 and 1+ count 1, 2 counts 2, a
        stamina face +2 outside a scenario."""
        counted = sum({"1": 1, "1+": 1, "2": 2, "S": 2}.get(face, 0) for face in faces)
        if counted != total:
            raise ValueError(f"the roll totals {counted}, not {total}")
        self.heroes[hero]["checks"] = self.heroes[hero].get("checks", 0) + 1


METHODS = {
    "base:damage-taken": "take_damage",
    "base:damage-healed": "heal",
    "base:stamina-spent": "spend_stamina",
    "base:stamina-restored": "restore_stamina",
    "base:condition-gained": "gain_condition",
    "base:condition-removed": "remove_condition",
    "base:item-gained": "gain_item",
    "base:item-discarded": "discard_item",
    "base:stars-gained": "gain_stars",
    "base:stars-spent": "spend_stars",
    "base:check-made": "check",
}
# Only the fields an eventsourcing method takes; the ledger's event records more.
FIELDS = {"check": ("hero", "ability", "target", "faces", "total")}


def _calls(count: int) -> list[tuple[str, dict[str, Any]]]:
    """The ledger workload's events as (method, keyword arguments)."""
    from bench.workload import commands
    from ledger.hosting import default_registry

    registry = default_registry()
    calls = []
    for hero, command in commands(count):
        for ledger_event in command.events(registry, hero):
            fields = msgspec.to_builtins(ledger_event)
            method = METHODS[fields.pop("type")]
            if method in FIELDS:
                fields = {name: fields[name] for name in FIELDS[method]}
            calls.append((method, fields))
    return calls


def _app(path: str) -> Application:
    return Application(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": path})


def record(path: str, count: int) -> dict[str, float]:
    """Seconds to run ``count`` commands, each saved (one transaction) on its own."""
    calls = _calls(count)
    app = _app(path)
    party = Party(list(HEROES))
    app.save(party)
    start = time.perf_counter()
    for method, kwargs in calls:
        getattr(party, method)(**kwargs)
        app.save(party)
    return {"seconds": time.perf_counter() - start, "events": len(calls)}


def rebuild(path: str, count: int, repeats: int) -> dict[str, Any]:
    """Seconds to get an aggregate of ``count`` events back from the store (no snapshots)."""
    calls = _calls(count)
    app = _app(path)
    party = Party(list(HEROES))
    for n, (method, kwargs) in enumerate(calls, 1):
        getattr(party, method)(**kwargs)
        if n % 5_000 == 0:
            app.save(party)  # set-up: many events per save
    app.save(party)
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        again = app.repository.get(party.id)
        times.append(time.perf_counter() - start)
        if again.heroes != party.heroes:
            raise AssertionError("eventsourcing rebuilt another state")
    return {"seconds": times, "events": len(calls) + 1}


if __name__ == "__main__":
    action, db, size = sys.argv[1], sys.argv[2], int(sys.argv[3])
    result = record(db, size) if action == "record" else rebuild(db, size, int(sys.argv[4]))
    print(msgspec.json.encode(result).decode())
