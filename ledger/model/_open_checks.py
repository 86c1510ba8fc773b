"""Checks the table has open across several events: a group check played step by step
(§5.3) and progressive checks that build up over attempts and Heroes (§5.1)."""

import msgspec


class GroupCheck(msgspec.Struct, frozen=True, kw_only=True):
    """A group ability check between opening and closing: who rolls, in which order, and
    what each has so far."""

    ability: str
    target: int | None  # None: a "?" check, whose entry the players read from the total
    order: tuple[str, ...]
    rolled: dict[str, int] = {}  # Hero -> successes rolled (modifiers included)
    gems: tuple[str, ...] = ()  # Heroes who spent an Achievement gem on it
    modifiers: tuple[str, ...] = ()  # as printed (AMOUNT:TYPE=VALUE), judged for each Hero
    success_entry: str | None = None
    failure_entry: str | None = None

    @property
    def total(self) -> int:
        return sum(self.rolled.values()) + len(self.gems)

    def next_to_roll(self) -> str | None:
        return next((hero for hero in self.order if hero not in self.rolled), None)


class ProgressiveCheck(msgspec.Struct, frozen=True, kw_only=True):
    """Successes accumulated towards a target such as 2×HC+4; one attempt per Hero per turn."""

    name: str
    ability: str
    target: int
    progress: int = 0
    turn: int = 1
    attempted: tuple[str, ...] = ()  # Heroes who have attempted it this turn

    @property
    def complete(self) -> bool:
        return self.progress >= self.target

    @property
    def remaining(self) -> int:
        """Successes still needed (0 once complete)."""
        return max(self.target - self.progress, 0)
