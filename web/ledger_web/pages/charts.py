"""The plots' data, read from the campaign: the Heroes' vitality, Stars and items over time
(the state after commands, at most SAMPLES points), and the dice's luck and the checks
against their odds, which the plugins answer with their queries (``dice_luck``,
``check_chances``: the computation is the game's, not the page's). Each plot downloads as CSV
and JSON."""

import csv
import inspect
import io
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from ledger.campaign import Campaign, settled
from ledger.errors import LedgerError
from ledger.model import CampaignState
from ledger.service import Service
from ledger_web.plots import Plot, Series

SAMPLES = 200  # states read for the plots over time; a long campaign is sampled evenly
LUCK_QUERY = "dice_luck"
CHANCES_QUERY = "check_chances"


Values = dict[str, tuple[float, ...]]  # per Hero: unspent stamina, wounds, Stars, items
VALUES: tuple[Callable[[Any], float], ...] = (
    lambda h: h.stamina.unspent,
    lambda h: h.stamina.wound,
    lambda h: h.stars,
    lambda h: len(h.items),
)


@dataclass
class _Track:
    """The plots over time of one campaign, kept by a worker between requests: the values
    at every ``width``-th seq (the state after the last command in effect ending there).
    A new head adds the points after the old one; an undo or redo drops only the points
    from the first command it touched; a longer campaign doubles ``width``, keeping every
    other point. So a page after a tap reads one or two states, not SAMPLES of them."""

    revision: int
    width: int
    head: tuple[int, str]  # the head's seq and hash when last extended
    points: dict[int, tuple[int, Values]] = field(default_factory=dict)


# Kept by the server process for all its reader threads (one lock: a page computes what is
# missing once), by file and campaign; valid while the head they saw is still in the file.
_lock = threading.Lock()
_tracks: dict[tuple[str, str], _Track] = {}


def _still_there(campaign: Campaign, head: tuple[int, str]) -> bool:
    """Whether the file still holds the history up to ``head`` (its hash chain: the same
    row there means the same rows before it)."""
    rows = campaign.store.rows(campaign.name, after=head[0] - 1, upto=head[0])
    return bool(rows) and rows[0].hash == head[1]


def _width(head: int) -> int:
    width = 1
    while head > width * SAMPLES:
        width *= 2
    return width


def _values(state: CampaignState) -> Values:
    return {name: tuple(value(hero) for value in VALUES) for name, hero in state.heroes.items()}


def _sampled(service: Service) -> list[tuple[int, Values]]:
    """The values after each command in effect, or at most about SAMPLES of them evenly
    spread (every ``width``-th seq), and the values now."""
    with _lock:
        return _sampled_now(service)


def _sampled_now(service: Service) -> list[tuple[int, Values]]:
    campaign = service.campaign()
    head_row = campaign.head()
    head = head_row.seq
    history = campaign.history_now()
    reverted = history.reverted()
    key = (str(service.path), campaign.name)
    track = _tracks.get(key)
    if track is None or track.head[0] > head or not _still_there(campaign, track.head):
        track = _tracks[key] = _Track(history.revision, _width(head), (head, head_row.hash))
    track.head = (head, head_row.hash)
    if track.revision != history.revision:
        touched = history.earliest_touched_after(track.revision)
        if touched is not None:
            track.points = {t: p for t, p in track.points.items() if t < touched}
        track.revision = history.revision
    if track.width != _width(head):
        track.width = _width(head)
        track.points = {t: p for t, p in track.points.items() if t % track.width == 0}
    for t in range(track.width, head + 1, track.width):
        if t not in track.points:
            seq = settled(campaign, t, reverted)
            track.points[t] = (seq, _values(campaign.state(seq)) if seq else {})
    found = [track.points[t] for t in sorted(track.points)]
    now = settled(campaign, head, reverted)
    if now:
        found.append((now, _values(campaign.state(now))))
    unique: dict[int, Values] = {}
    for seq, values in found:
        if seq:
            unique.setdefault(seq, values)
    return sorted(unique.items())


def _per_hero(states: list[tuple[int, Values]], value: int, label: str) -> list[Series]:
    names = list(dict.fromkeys(name for _, heroes in states for name in heroes))
    series = []
    for name in names:
        points = [(seq, heroes[name][value]) for seq, heroes in states if name in heroes]
        series.append(Series(f"{name} {label}".strip(), points, steps=True))
    return series


@dataclass
class _Answers:
    """A query's answer kept by a worker: the items (each with its ``seq``) as of ``head``
    under the history ``revision``."""

    revision: int
    head: tuple[int, str]
    items: list[Any]


_answers: dict[tuple[str, str, str], _Answers] = {}


def _query(service: Service, name: str) -> list[Any] | None:
    """The query's answer now. Kept per worker: after a new command only the events after
    the kept head are asked for (``after``), after an undo or redo those from the first
    command it touched; items before stay as they were (they depend on nothing later)."""
    catalogue = service.registry.actions
    if name not in catalogue.names():
        return None
    with _lock:
        return _ask(service, catalogue.get(name), name)


def _ask(service: Service, query: Callable[..., Any], name: str) -> list[Any] | None:
    campaign = service.campaign()
    game = campaign.game()
    history = campaign.history_now()
    head_row = campaign.head()
    head = head_row.seq
    key = (str(service.path), campaign.name, name)
    kept = _answers.get(key)
    incremental = "after" in inspect.signature(query).parameters
    try:
        if (
            kept is None
            or not incremental
            or kept.head[0] > head
            or not _still_there(campaign, kept.head)
        ):
            items = list(query(game))
        else:
            cut = kept.head[0] + 1
            if kept.revision != history.revision:
                cut = min(cut, history.earliest_touched_after(kept.revision) or cut)
            items = [item for item in kept.items if item.seq < cut]
            items += list(query(game, after=cut - 1)) if cut <= head else []
    except LedgerError:
        return None
    _answers[key] = _Answers(history.revision, (head, head_row.hash), items)
    return items


def _running(points: list[Any]) -> list[Any]:
    """Luck points with each Hero's totals running from the first (``dice_luck`` asked
    ``after`` a seq counts them from there)."""
    totals: dict[str, tuple[float, float]] = {}
    found = []
    for point in points:
        rolled, expected = totals.get(point.hero, (0.0, 0.0))
        rolled, expected = rolled + point.rolled, expected + point.expected
        totals[point.hero] = (rolled, expected)
        found.append(msgspec.structs.replace(point, hero_rolled=rolled, hero_expected=expected))
    return found


def _thin(points: Sequence[tuple[float, float]]) -> Sequence[tuple[float, float]]:
    """At most about SAMPLES points of a long series, evenly spread, the last kept: what a
    phone's screen can show (the downloads keep every one)."""
    if len(points) <= SAMPLES:
        return points
    step = len(points) / SAMPLES
    return [points[int(i * step)] for i in range(SAMPLES)] + [points[-1]]


def luck_plot(service: Service) -> Plot | None:
    points = _query(service, LUCK_QUERY)
    if points is None:
        return None
    points = _running(points)
    names = list(dict.fromkeys(p.hero for p in points))
    series = []
    for name in names:
        mine = [p for p in points if p.hero == name]
        above = [round(p.hero_rolled - p.hero_expected, 3) for p in mine]
        series.append(Series(name, _thin([(0, 0.0), *enumerate(above, start=1)])))
    return Plot(
        "luck",
        "Dice luck: successes rolled above the exact expectation, cumulative",
        "rolls",
        "successes above expectation",
        series,
        rows_of=[msgspec.to_builtins(p) for p in points],
    )


def chances_plot(service: Service) -> Plot | None:
    chances = _query(service, CHANCES_QUERY)
    if chances is None:
        return None
    won, expected = 0, 0.0
    rolled, odds = [], []
    for number, chance in enumerate(chances, start=1):
        won += int(chance.success)
        expected += chance.probability
        rolled.append((number, won))
        odds.append((number, round(expected, 3)))
    return Plot(
        "checks",
        "Checks: successes against the odds shown before each roll",
        "check",
        "successes",
        [
            Series("successes", _thin(rolled)),
            Series("expected from the odds", _thin(odds), dashed=True),
        ],
        rows_of=[msgspec.to_builtins(c) for c in chances],
    )


def all_plots(service: Service) -> list[Plot]:
    states = _sampled(service)
    plots = [
        Plot(
            "stamina",
            "Unspent stamina per Hero",
            "event",
            "unspent stamina",
            _per_hero(states, 0, ""),
        ),
        Plot(
            "wounds",
            "Wounds per Hero",
            "event",
            "wound chips",
            _per_hero(states, 1, ""),
        ),
        Plot("stars", "Stars per Hero", "event", "Stars", _per_hero(states, 2, "")),
        Plot(
            "items",
            "Items carried per Hero",
            "event",
            "items",
            _per_hero(states, 3, ""),
        ),
    ]
    plots += [plot for plot in (luck_plot(service), chances_plot(service)) if plot is not None]
    return plots


def one_plot(service: Service, key: str) -> Plot | None:
    return next((plot for plot in all_plots(service) if plot.key == key), None)


def as_json(plot: Plot) -> bytes:
    return msgspec.json.encode({"title": plot.title, "rows": plot.rows()})


def _cell(value: object) -> object:
    """Text a spreadsheet would run as a formula (a Hero named ``=HYPERLINK(...)``) is
    quoted as text."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def as_csv(plot: Plot) -> str:
    rows = [{key: _cell(value) for key, value in row.items()} for row in plot.rows()]
    out = io.StringIO()
    if rows:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    return out.getvalue()
