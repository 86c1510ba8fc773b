"""The plots' data, read from the campaign: the Heroes' vitality, Stars and items over time
(the state after commands, at most SAMPLES points), and the dice's luck and the checks
against their odds, which the plugins answer with their queries (``dice_luck``,
``check_chances``: the computation is the game's, not the page's). Each plot downloads as CSV
and JSON."""

import csv
import functools
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
from ledger_web.i18n import N_
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


def _tones(states: list[tuple[int, Values]]) -> dict[str, int]:
    """Each Hero's tone in every plot: by the order the Heroes joined the campaign."""
    names = dict.fromkeys(name for _, heroes in states for name in heroes)
    return {name: index for index, name in enumerate(names)}


def _per_hero(states: list[tuple[int, Values]], value: int, tones: dict[str, int]) -> list[Series]:
    series = []
    for name, tone in tones.items():
        points = [(seq, heroes[name][value]) for seq, heroes in states if name in heroes]
        series.append(Series(name, points, steps=True, tone=tone))
    return series


@dataclass
class _Answers:
    """A query's answer kept for the server's readers: the items (each with its ``seq``) as
    of ``head`` under the history ``revision``, and the lines a plot draws of them, each
    value running on from the one before (``_draw``)."""

    revision: int
    head: tuple[int, str]
    items: list[Any]
    lines: dict[str, list[float]] = field(default_factory=dict)
    totals: dict[str, tuple[float, float]] = field(default_factory=dict)  # luck, per Hero


_answers: dict[tuple[str, str, str], _Answers] = {}


def _query(service: Service, name: str) -> _Answers | None:
    """The query's answer now. Kept for the server: after a new command only the events
    after the kept head are asked for (``after``), after an undo or redo those from the
    first command it touched; items before stay as they were (they depend on nothing later)."""
    catalogue = service.registry.actions
    if name not in catalogue.names():
        return None
    with _lock:
        return _ask(service, catalogue.get(name), name)


def _ask(service: Service, query: Callable[..., Any], name: str) -> _Answers | None:
    campaign = service.campaign()
    game = campaign.game()
    history = campaign.history_now()
    head_row = campaign.head()
    head = (head_row.seq, head_row.hash)
    key = (str(service.path), campaign.name, name)
    kept = _answers.get(key)
    try:
        if (
            kept is None
            or not _takes_after(query)
            or kept.head[0] > head[0]
            or not _still_there(campaign, kept.head)
        ):
            answer = _draw(name, _Answers(history.revision, head, []), list(query(game)))
        else:
            cut = kept.head[0] + 1
            if kept.revision != history.revision:
                cut = min(cut, history.earliest_touched_after(kept.revision) or cut)
            new = list(query(game, after=cut - 1)) if cut <= head[0] else []
            if cut <= kept.head[0]:  # an undo or redo changed kept items: drawn again
                items = [item for item in kept.items if item.seq < cut]
                kept = _draw(name, _Answers(history.revision, head, []), items, running=True)
            answer = _draw(name, kept, new)
            answer.revision, answer.head = history.revision, head
    except LedgerError:
        return None
    _answers[key] = answer
    return answer


def _draw(name: str, answer: _Answers, new: list[Any], *, running: bool = False) -> _Answers:
    """``answer`` with the ``new`` items added and drawn: for the luck plot each Hero's
    successes above expectation (the totals running on from the kept ones: ``dice_luck``
    asked ``after`` a seq counts them from there, unless ``running`` already), for the
    checks the successes and the expected successes so far."""
    lines = answer.lines
    if name == LUCK_QUERY:
        totals = answer.totals
        for point in new:
            if not running:
                rolled, expected = totals.get(point.hero, (0.0, 0.0))
                rolled, expected = rolled + point.rolled, expected + point.expected
                point = msgspec.structs.replace(point, hero_rolled=rolled, hero_expected=expected)
            totals[point.hero] = (point.hero_rolled, point.hero_expected)
            lines.setdefault(point.hero, []).append(point.hero_rolled - point.hero_expected)
            answer.items.append(point)
    else:
        won, odds = lines.setdefault("successes", []), lines.setdefault("expected", [])
        for chance in new:
            won.append((won[-1] if won else 0) + int(chance.success))
            odds.append((odds[-1] if odds else 0.0) + chance.probability)
            answer.items.append(chance)
    return answer


@functools.cache
def _takes_after(query: Callable[..., Any]) -> bool:
    """Whether a query answers only the events after a seq (``after``): then it is asked
    for what is new, not everything again."""
    return "after" in inspect.signature(query).parameters


def _thin(values: Sequence[float], first: float | None = None) -> list[tuple[float, float]]:
    """A line's points (1, 2, ...: its values in order, after ``first`` at 0): at most about
    SAMPLES of them, evenly spread, the last kept (what a phone's screen can show; the
    downloads keep every one). Rounded to 3 places as drawn."""
    count = len(values)
    picked = range(count)
    if count > SAMPLES:
        step = count / SAMPLES
        picked = [*(int(i * step) for i in range(SAMPLES)), count - 1]  # type: ignore[assignment]
    points = [(0.0, first)] if first is not None else []
    return points + [(index + 1, round(values[index], 3)) for index in picked]


def luck_plot(service: Service, tones: dict[str, int]) -> Plot | None:
    answer = _query(service, LUCK_QUERY)
    if answer is None:
        return None
    points = answer.items
    series = [
        Series(name, _thin(line, 0.0), tone=tones.get(name, len(tones) + index))
        for index, (name, line) in enumerate(answer.lines.items())
    ]
    return Plot(
        "luck",
        N_("Dice luck: successes rolled above the exact expectation, cumulative"),
        N_("rolls"),
        N_("successes above expectation"),
        series,
        rows_of=lambda: [msgspec.to_builtins(p) for p in points],
    )


def chances_plot(service: Service) -> Plot | None:
    answer = _query(service, CHANCES_QUERY)
    if answer is None:
        return None
    chances = answer.items
    return Plot(
        "checks",
        N_("Checks: successes against the odds shown before each roll"),
        N_("check"),
        N_("successes"),
        [
            Series(N_("successes"), _thin(answer.lines.get("successes", [])), worded=True),
            Series(
                N_("expected from the odds"),
                _thin(answer.lines.get("expected", [])),
                dashed=True,
                worded=True,
            ),
        ],
        rows_of=lambda: [msgspec.to_builtins(c) for c in chances],
    )


_built: dict[tuple[str, str], tuple[str, int, list[Plot]]] = {}


def all_plots(service: Service) -> list[Plot]:
    """Every plot now: built once per head (by its hash) and history for all the server's
    readers, and after a new command from what was kept (``_sampled``, ``_query``)."""
    campaign = service.campaign()
    key = (str(service.path), campaign.name)
    head, revision = campaign.head().hash, campaign.history_now().revision
    with _lock:
        found = _built.get(key)
    if found is not None and found[:2] == (head, revision):
        return found[2]
    plots = _all_plots(service)
    with _lock:
        _built[key] = (head, revision, plots)
    return plots


def _all_plots(service: Service) -> list[Plot]:
    states = _sampled(service)
    tones = _tones(states)
    plots = [
        Plot(
            "stamina",
            N_("Unspent stamina per Hero"),
            N_("event"),
            N_("unspent stamina"),
            _per_hero(states, 0, tones),
        ),
        Plot(
            "wounds",
            N_("Wounds per Hero"),
            N_("event"),
            N_("wound chips"),
            _per_hero(states, 1, tones),
        ),
        Plot("stars", N_("Stars per Hero"), N_("event"), N_("Stars"), _per_hero(states, 2, tones)),
        Plot(
            "items",
            N_("Items carried per Hero"),
            N_("event"),
            N_("items"),
            _per_hero(states, 3, tones),
        ),
    ]
    plots += [
        plot for plot in (luck_plot(service, tones), chances_plot(service)) if plot is not None
    ]
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
