"""Content that plugins register: what the rules need to know about Heroes, conditions and
items. The core ships none of it; the base game is a plugin like any expansion."""

from ledger.state import Frozen, Item


class HeroSpec(Frozen, frozen=True, kw_only=True):
    """What a plugin knows of a Hero. ``None`` means unknown: it must be given on joining."""

    name: str
    might: int | None = None
    agility: int | None = None
    will: int | None = None
    taunt: int | None = None
    chips: int | None = None
    wounded_chips: int | None = None
    source: str = ""  # where the known values come from, with their confidence


class ConditionSpec(Frozen, frozen=True, kw_only=True):
    name: str
    number: int  # a third condition discards the lowest number (§3)
    positive: bool = False
    effect: str = ""


ItemSpec = Item
