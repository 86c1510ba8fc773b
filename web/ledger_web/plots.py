"""Line plots drawn on the server as SVG: no JavaScript, no network, readable on a phone (they
scale to the screen's width), printable, and testable as text. The campaign's series are
short (one point per event of a kind), so a chart library would add weight and buy nothing.

Every piece of text is escaped here: a Hero's name is user text. Colours are the stylesheet's
(``tone-N`` classes over app.css's ``--tone-N`` variables), so a plot follows the theme; a
series' tone is given by who it is (each Hero keeps one in every plot), not by its place."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from markupsafe import Markup, escape

from ledger_web.i18n import gettext

# The tones app.css defines (Okabe-Ito, told apart with most colour-vision deficiencies).
TONES = 7
WIDTH, HEIGHT = 360, 220
LEFT, RIGHT, TOP, BOTTOM = 50, 10, 12, 38


@dataclass(frozen=True)
class Series:
    name: str
    points: Sequence[tuple[float, float]]
    dashed: bool = False
    tone: int | None = None  # None: by its place in the plot
    worded: bool = False  # the name is the page's words (translated), not a Hero's name
    steps: bool = False  # a value that holds until the next point (a state over time)


@dataclass(frozen=True)
class Plot:
    """A plot's data as it is downloaded: one row per point."""

    key: str
    title: str
    x_label: str
    y_label: str
    series: list[Series] = field(default_factory=list)
    # The data behind the series, if richer: made when downloaded (a page draws the series).
    rows_of: Callable[[], list[dict[str, object]]] | None = None

    def rows(self) -> list[dict[str, object]]:
        if self.rows_of is not None:
            return self.rows_of()
        return [
            {"series": s.name, self.x_label: x, self.y_label: y}
            for s in self.series
            for x, y in s.points
        ]


def _ticks(low: float, high: float, whole: bool, count: int = 4) -> list[float]:
    if high <= low:
        return [low]
    raw = max((high - low) / count, 1.0) if whole else (high - low) / count
    magnitude = 10 ** len(str(int(raw))) / 10 if raw >= 1 else 0.1
    steps = (1, 2, 5, 10) if whole else (1, 2, 2.5, 5, 10)
    step = next(m * magnitude for m in steps if m * magnitude >= raw)
    first = int(low / step) * step
    ticks, value = [], first
    while value <= high + 1e-9:
        if value >= low - 1e-9:
            ticks.append(round(value, 6))
        value += step
    return ticks


def _number(value: float) -> str:
    return f"{value:g}"


def _name(series: Series) -> str:
    return gettext(series.name) if series.worded else series.name


def _tone(series: Series, index: int) -> int:
    return (index if series.tone is None else series.tone) % TONES


def line_chart(plot: Plot) -> Markup:
    """The plot as an inline SVG with a legend; an empty plot says there is nothing yet."""
    title = escape(gettext(plot.title))
    points = [p for s in plot.series for p in s.points]
    if not points:
        nothing = escape(gettext("nothing recorded yet"))
        return Markup(
            f'<svg class="plot" viewBox="0 0 {WIDTH} 60" role="img" aria-label="{title}">'
            f'<text x="{WIDTH / 2}" y="34" text-anchor="middle">{nothing}</text></svg>'
        )
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    x0, x1 = min(xs), max(xs)
    y0, y1 = min(0.0, min(ys)), max(0.0, max(ys))
    whole_x = all(float(x).is_integer() for x in xs)
    whole_y = all(float(y).is_integer() for y in ys)
    if x1 == x0:
        x1 = x0 + 1
    if y1 == y0:
        y1 = y0 + 1
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def sx(x: float) -> float:
        return round(LEFT + (x - x0) / (x1 - x0) * inner_w, 1)

    def sy(y: float) -> float:
        return round(TOP + (1 - (y - y0) / (y1 - y0)) * inner_h, 1)

    parts = [
        f'<svg class="plot" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{title}">',
        f"<title>{title}</title>",
    ]
    for tick in _ticks(y0, y1, whole_y):
        y = sy(tick)
        parts.append(
            f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y}" y2="{y}"/>'
            f'<text class="tick" x="{LEFT - 4}" y="{y + 4}" text-anchor="end">'
            f"{_number(tick)}</text>"
        )
    for tick in _ticks(x0, x1, whole_x):
        x = sx(tick)
        parts.append(
            f'<text class="tick" x="{x}" y="{HEIGHT - BOTTOM + 14}" text-anchor="middle">'
            f"{_number(tick)}</text>"
        )
    parts.append(
        f'<text class="axis" x="{LEFT + inner_w / 2}" y="{HEIGHT - 4}" text-anchor="middle">'
        f"{escape(gettext(plot.x_label))}</text>"
        f'<text class="axis" x="10" y="{TOP + inner_h / 2}" text-anchor="middle" '
        f'transform="rotate(-90 10 {TOP + inner_h / 2})">{escape(gettext(plot.y_label))}</text>'
    )
    for index, series in enumerate(plot.series):
        tone = _tone(series, index)
        drawn = list(series.points)
        if series.steps:
            drawn = [
                corner
                for (x, y), (x2, _) in zip(drawn, [*drawn[1:], drawn[-1]], strict=True)
                for corner in ((x, y), (x2, y))
            ]
        path = " ".join(f"{sx(x)},{sy(y)}" for x, y in drawn)
        dash = ' stroke-dasharray="5 4"' if series.dashed else ""
        parts.append(
            f'<polyline class="line tone-{tone}" fill="none" stroke-width="2"{dash} '
            f'points="{path}"><title>{escape(_name(series))}</title></polyline>'
        )
        if len(series.points) == 1:
            x, y = series.points[0]
            parts.append(f'<circle class="dot tone-{tone}" cx="{sx(x)}" cy="{sy(y)}" r="3"/>')
    parts.append("</svg>")
    legend = "".join(
        f'<li><span class="swatch tone-{_tone(s, i)}{" dashed" if s.dashed else ""}">'
        f"</span>{escape(_name(s))}</li>"
        for i, s in enumerate(plot.series)
    )
    return Markup("".join(parts) + f'<ul class="legend">{legend}</ul>')
