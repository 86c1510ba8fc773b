"""What learning costs in the base game (§9.3, from the Chinese guide's audit: SECONDARY).
The CLI takes these as defaults; `--points` and `--stars` record what the table paid."""

from typing import NamedTuple


class Price(NamedTuple):
    points: int  # City Activity points
    stars: int


TALENT = Price(points=1, stars=0)  # each basic Talent after the first


def profession(level: int) -> Price:
    return Price(points=1, stars=5 if level <= 3 else 6)


def master(level: int) -> Price:
    return Price(points=1, stars=5 if level <= 3 else 6)
