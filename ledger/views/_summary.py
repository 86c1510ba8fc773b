"""An evening's summary: per Hero (and Ally) what a play session did to them, read from that
session's events alone (their seq range through the session marks' index, the state before
its first event from a snapshot), never the whole campaign folded.

What is counted comes from three places, so an expansion's events count as the base game's:

- each event's ``tallies(before, after)`` (damage taken and healed, stamina spent and lost,
  checks rolled and succeeded, or a plugin's own counters);
- the states around each event: Stars, items and conditions gained and lost;
- the plugins' luck queries (``dice_luck``: successes against the exact expectation of the
  same dice; ``check_chances``: the odds each check had), asked only for the session's range.

Undo and redo events inside the session are corrections, not play: a command undone later
counts for nothing, and the undo or redo itself adds nothing."""

import inspect
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

import msgspec

from ledger.campaign import Campaign, Moment, session_bounds, session_moments
from ledger.errors import LedgerError, NotFound
from ledger.hosting import Registry
from ledger.model import META_TYPES, CampaignState, SessionEnded

LUCK_QUERY = "dice_luck"
CHANCES_QUERY = "check_chances"
COUNTERS = (  # the summary's own counters, in the order shown; a plugin's follow them
    "damage taken",
    "damage healed",
    "stamina spent",
    "stamina lost",
    "checks rolled",
    "checks succeeded",
)
ALLY_COUNTERS = ("damage taken", "damage healed", "checks rolled", "checks succeeded")


class Luck(msgspec.Struct, frozen=True, kw_only=True):
    """A Hero's rolls in the session: successes shown against the exact expectation."""

    rolls: int = 0
    rolled: float = 0.0
    expected: float = 0.0


class Tally(msgspec.Struct, kw_only=True):
    """What the session did to one Hero or Ally."""

    name: str
    ally: bool = False
    counts: dict[str, int] = msgspec.field(default_factory=dict)
    stars_gained: int = 0
    stars_lost: int = 0
    items_gained: list[str] = msgspec.field(default_factory=list)
    items_lost: list[str] = msgspec.field(default_factory=list)
    conditions_gained: list[str] = msgspec.field(default_factory=list)
    conditions_lost: list[str] = msgspec.field(default_factory=list)
    luck: Luck | None = None
    check_odds: float | None = None  # successes the checks' exact odds expected


class Summary(msgspec.Struct, frozen=True, kw_only=True):
    """Session ``number``: its events ``first`` to ``last`` and what they did to each one."""

    number: int
    first: int
    last: int
    events: int
    ended: bool
    heroes: list[Tally]
    allies: list[Tally]


def last_session(campaign: Campaign) -> int:
    """The number of the session being played, else of the last one played (0: none yet)."""
    return campaign.state(campaign.head().seq).sessions


def session_summary(campaign: Campaign, number: int | None, registry: Registry) -> Summary:
    """Session ``number``'s summary (None: the current or last one); NotFound names how many
    sessions there are."""
    if number is None:
        number = last_session(campaign)
        if number == 0:
            raise NotFound(f"campaign {campaign.name!r} has no session yet (session start)")
    first, last = session_bounds(campaign, number)
    heroes: dict[str, Tally] = {}
    allies: dict[str, Tally] = {}
    events, ended, after = 0, False, None
    for moment in session_moments(campaign, number):
        events += 1
        ended = moment.row.type == SessionEnded.tag()
        after = moment.after
        if moment.reverted or moment.row.type in META_TYPES:
            continue
        _count(moment, heroes, allies)
    if after is not None:
        for name in after.heroes:
            heroes.setdefault(name, Tally(name=name))
        for name in after.allies:
            allies.setdefault(name, Tally(name=name, ally=True))
    game_registry = registry.for_state(after) if after is not None else registry
    _luck(campaign, game_registry, first, last, heroes)
    return Summary(
        number=number,
        first=first,
        last=last,
        events=events,
        ended=ended,
        heroes=list(heroes.values()),
        allies=list(allies.values()),
    )


def _count(moment: Moment, heroes: dict[str, Tally], allies: dict[str, Tally]) -> None:
    before, after, event = moment.before, moment.after, moment.event
    subject = event.hero_name or getattr(event, "ally", None)
    tallies = event.tallies(before, after)
    if isinstance(subject, str) and tallies:
        book = allies if subject in after.allies or subject in before.allies else heroes
        found = after.allies.get(subject) or before.allies.get(subject)
        name = found.name if found is not None else _hero_name(after, before, subject)
        tally = book.setdefault(name, Tally(name=name, ally=book is allies))
        for counter, amount in tallies.items():
            tally.counts[counter] = tally.counts.get(counter, 0) + amount
    for name in before.heroes.keys() | after.heroes.keys():
        was, now = before.heroes.get(name), after.heroes.get(name)
        if was is None or now is None or was == now:
            continue
        tally = heroes.setdefault(name, Tally(name=name))
        stars = now.stars - was.stars
        tally.stars_gained += max(stars, 0)
        tally.stars_lost += max(-stars, 0)
        _moved(tally.items_gained, tally.items_lost, (i.name for i in was.items), now.items)
        _moved(
            tally.conditions_gained,
            tally.conditions_lost,
            (c.name for c in was.conditions),
            now.conditions,
        )
    for name in before.allies.keys() & after.allies.keys():
        was_ally, now_ally = before.allies[name], after.allies[name]
        if was_ally.conditions != now_ally.conditions:
            tally = allies.setdefault(name, Tally(name=name, ally=True))
            _moved(
                tally.conditions_gained,
                tally.conditions_lost,
                (c.name for c in was_ally.conditions),
                now_ally.conditions,
            )


def _hero_name(after: CampaignState, before: CampaignState, name: str) -> str:
    for state in (after, before):
        try:
            return state.hero(name).name
        except LedgerError:
            continue
    return name


def _moved(gained: list[str], lost: list[str], was: Iterable[str], now: Iterable[Any]) -> None:
    """Add to ``gained`` and ``lost`` the names (one per copy) ``now`` has more or fewer of."""
    before, after = Counter(was), Counter(entry.name for entry in now)
    gained.extend((after - before).elements())
    lost.extend((before - after).elements())


def _luck(
    campaign: Campaign, registry: Registry, first: int, last: int, heroes: dict[str, Tally]
) -> None:
    """Each Hero's luck and check odds in the session, from the plugins' queries (none: no
    luck shown) asked for the rolls after the session's first event's predecessor."""
    game = campaign.game()
    luck = _asked(registry, LUCK_QUERY, game, first, last)
    rolls: dict[str, Luck] = {}
    for point in luck or ():
        was = rolls.get(point.hero, Luck())
        rolls[point.hero] = Luck(
            rolls=was.rolls + 1,
            rolled=was.rolled + point.rolled,
            expected=was.expected + point.expected,
        )
    odds: dict[str, float] = {}
    for chance in _asked(registry, CHANCES_QUERY, game, first, last) or ():
        odds[chance.hero] = odds.get(chance.hero, 0.0) + chance.probability
    for name, tally in heroes.items():
        tally.luck = rolls.get(name, Luck()) if luck is not None else None
        tally.check_odds = odds.get(name)
    for name in rolls.keys() - heroes.keys():  # a Hero who rolled, then left the party
        heroes[name] = Tally(name=name, luck=rolls[name], check_odds=odds.get(name))


def _asked(registry: Registry, name: str, game: Any, first: int, last: int) -> list[Any] | None:
    """The query's items from seq ``first`` to ``last`` (None: no plugin offers it), asked
    for that range alone when the query takes ``after`` and ``upto``."""
    catalogue = registry.actions
    if name not in catalogue.names():
        return None
    query: Callable[..., Any] = catalogue.get(name)
    parameters = inspect.signature(query).parameters
    bounds = {"after": first - 1, "upto": last}
    answer = query(game, **{k: v for k, v in bounds.items() if k in parameters})
    return [item for item in answer if first <= item.seq <= last]


def summary_json(summary: Summary) -> dict[str, Any]:
    """The summary as ``session summary --json`` prints it; each Hero's ``counts`` holds the
    summary's own counters (0 when nothing happened) and any a plugin added."""
    return {
        "session": summary.number,
        "first": summary.first,
        "last": summary.last,
        "events": summary.events,
        "ended": summary.ended,
        "heroes": [_tally_json(t) for t in summary.heroes],
        "allies": [_tally_json(t) for t in summary.allies],
    }


def counts(tally: Tally) -> dict[str, int]:
    """The tally's counters in order: the summary's own (0 when nothing happened; an Ally has
    no stamina) and then any a plugin added."""
    own = ALLY_COUNTERS if tally.ally else COUNTERS
    return {
        **{counter: tally.counts.get(counter, 0) for counter in own},
        **{k: v for k, v in tally.counts.items() if k not in COUNTERS},
    }


def _tally_json(tally: Tally) -> dict[str, Any]:
    shown: dict[str, Any] = msgspec.to_builtins(tally)
    shown["counts"] = counts(tally)
    if tally.luck is not None:
        luck = tally.luck
        shown["luck"] = {
            "rolls": luck.rolls,
            "rolled": round(luck.rolled, 4),
            "expected": round(luck.expected, 4),
            "above_expectation": round(luck.rolled - luck.expected, 4),
        }
    if tally.check_odds is not None:
        shown["check_odds"] = round(tally.check_odds, 4)
    if tally.ally:  # an Ally has no Stars, items or dice luck of its own here
        for field in ("stars_gained", "stars_lost", "items_gained", "items_lost", "luck"):
            shown.pop(field, None)
        shown.pop("check_odds")
    shown.pop("ally")
    return shown
