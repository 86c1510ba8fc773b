"""The plots' data, read from the campaign: the Heroes' vitality, Stars and items over time
(the state after commands, at most SAMPLES points), and the dice's luck and the checks
against their odds, which the plugins answer with their queries (``dice_luck``,
``check_chances``: the computation is the game's, not the page's). Each plot downloads as CSV
and JSON."""

import csv
import io
from collections.abc import Callable
from typing import Any

import msgspec

from ledger.errors import LedgerError
from ledger.model import META_TYPES, CampaignState
from ledger.service import Service
from ledger_web.plots import Plot, Series

SAMPLES = 200  # states read for the plots over time; a long campaign is sampled evenly
LUCK_QUERY = "dice_luck"
CHANCES_QUERY = "check_chances"


def _sampled(service: Service) -> list[tuple[int, CampaignState]]:
    """The state after each command in effect (evenly sampled beyond SAMPLES)."""
    campaign = service.campaign()
    reverted = campaign.history().reverted()
    ends: list[int] = []
    for row in campaign.store.rows(campaign.name):  # nothing decoded: the rows say enough
        if row.type in META_TYPES or row.command in reverted:
            continue
        if ends and ends[-1] >= row.command:
            ends[-1] = row.seq
        else:
            ends.append(row.seq)
    if len(ends) > SAMPLES:
        step = len(ends) / SAMPLES
        ends = [ends[int(i * step)] for i in range(SAMPLES)] + [ends[-1]]
    return [(seq, campaign.state(seq)) for seq in ends]


def _per_hero(
    states: list[tuple[int, CampaignState]], value: Callable[[Any], float], label: str
) -> list[Series]:
    names = list(dict.fromkeys(name for _, state in states for name in state.heroes))
    series = []
    for name in names:
        points = [(seq, value(s.heroes[name])) for seq, s in states if name in s.heroes]
        series.append(Series(f"{name} {label}".strip(), points, steps=True))
    return series


def _query(service: Service, name: str) -> list[Any] | None:
    catalogue = service.registry.actions
    if name not in catalogue.names():
        return None
    try:
        answer = catalogue.get(name)(service.campaign().game())
    except LedgerError:
        return None
    return list(answer)


def luck_plot(service: Service) -> Plot | None:
    points = _query(service, LUCK_QUERY)
    if points is None:
        return None
    names = list(dict.fromkeys(p.hero for p in points))
    series = []
    for name in names:
        mine = [p for p in points if p.hero == name]
        above = [round(p.hero_rolled - p.hero_expected, 3) for p in mine]
        series.append(Series(name, [(0, 0.0), *enumerate(above, start=1)]))
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
        [Series("successes", rolled), Series("expected from the odds", odds, dashed=True)],
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
            _per_hero(states, lambda h: h.stamina.unspent, ""),
        ),
        Plot(
            "wounds",
            "Wounds per Hero",
            "event",
            "wound chips",
            _per_hero(states, lambda h: h.stamina.wound, ""),
        ),
        Plot("stars", "Stars per Hero", "event", "Stars", _per_hero(states, lambda h: h.stars, "")),
        Plot(
            "items",
            "Items carried per Hero",
            "event",
            "items",
            _per_hero(states, lambda h: len(h.items), ""),
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
