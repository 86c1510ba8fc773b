"""Achievement and Inspiration gems (§6, rulings §12.4)."""

from typing import Literal

from msgspec.structs import replace

from ledger.errors import RuleViolation
from ledger.state import Gems, Hero

GemKind = Literal["achievement", "inspiration"]
MAX_ACHIEVEMENT = 15
MAX_INSPIRATION = 5


def gain(hero: Hero, kind: GemKind, count: int) -> tuple[Hero, Gems]:
    """The Hero with the gems gained, and what was lost to the caps: a 6th Inspiration gem is
    an Achievement gem instead; an Achievement gem beyond the 15th is lost (§12.4)."""
    gems, lost = hero.gems, Gems()
    for _ in range(count):
        if kind == "inspiration" and gems.inspiration < MAX_INSPIRATION:
            gems = replace(gems, inspiration=gems.inspiration + 1)
        elif gems.achievement < MAX_ACHIEVEMENT:
            gems = replace(gems, achievement=gems.achievement + 1)
        else:
            lost = replace(lost, **{kind: getattr(lost, kind) + 1})
    return replace(hero, gems=gems), lost


def spend(hero: Hero, kind: GemKind, count: int) -> Hero:
    have = getattr(hero.gems, kind)
    if count > have:
        raise RuleViolation(
            f"{hero.name} has {have} {kind.title()} gem{'' if have == 1 else 's'}, "
            f"not the {count} to spend"
        )
    return replace(hero, gems=replace(hero.gems, **{kind: have - count}))
