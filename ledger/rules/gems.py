"""Achievement and Inspiration gems (§6, rulings §12.4)."""

from typing import Literal, NamedTuple

from msgspec.structs import replace

from ledger.errors import RuleViolation
from ledger.model import Hero

GemKind = Literal["achievement", "inspiration"]
MAX_ACHIEVEMENT = 15
MAX_INSPIRATION = 5


class Gained(NamedTuple):
    """What gaining gems did: the Hero after, the Inspiration gems that became Achievement
    gems, and the gems lost past the 15th Achievement gem."""

    hero: Hero
    converted: int  # Inspiration gems that became Achievement gems (a 6th, §6)
    lost: int  # gems beyond the 15th Achievement gem, lost (§12.4)


def gain(hero: Hero, kind: GemKind, count: int) -> Gained:
    """The Hero with ``count`` more gems of ``kind``: a 6th Inspiration gem becomes an
    Achievement gem, and one past the 15th is lost (§6, §12.4)."""
    gems, converted, lost = hero.gems, 0, 0
    for _ in range(count):
        if kind == "inspiration" and gems.inspiration < MAX_INSPIRATION:
            gems = replace(gems, inspiration=gems.inspiration + 1)
            continue
        converted += kind == "inspiration"
        if gems.achievement < MAX_ACHIEVEMENT:
            gems = replace(gems, achievement=gems.achievement + 1)
        else:
            lost += 1
    return Gained(replace(hero, gems=gems), converted, lost)


def spend(hero: Hero, kind: GemKind, count: int) -> Hero:
    """The Hero with ``count`` gems of ``kind`` fewer; refused when they have too few."""
    have = getattr(hero.gems, kind)
    if count > have:
        raise RuleViolation(
            f"{hero.name} has {have} {kind.title()} gem{'' if have == 1 else 's'}, "
            f"not the {count} to spend"
        )
    return replace(hero, gems=replace(hero.gems, **{kind: have - count}))
