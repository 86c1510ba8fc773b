"""The ranges the base game's events and actions check, in one place: an event refuses a
value out of range when it is applied, and an action refuses it before, with the same limit.
Most are typo guards, wider than any card prints."""

from ledger.errors import OutOfRange

MAX_ABILITY = 9  # a Hero's Might, Agility or Will
MAX_TAUNT = 99
MAX_CHIPS = 30  # Stamina chips on a Vitality disk
MAX_HEALTH = 99  # a Non-Hero Ally's Health Counter die, and damage or healing at once
MAX_CONDITION_NUMBER = 99
MAX_CONDITION_CHANGE = 9  # dice or modifier a condition's rules may add or take away
MAX_TARGET = 999  # successes a check may need
MAX_HEROES = 99  # the Hero count a group check's thresholds are read for
MAX_HERO_COUNT = 9  # HC in a progressive check's formula
MAX_HOURGLASS = 2  # successes each hourglass gives through an effect
MAX_ATTACK_DICE = 20
MAX_POINTS = 9  # City Activity points in one price
MAX_GEMS = 20  # in one event: more than the caps hold (15 + 5)


def check_range(value: int, what: str, low: int, high: int) -> int:
    """``value`` if it is a number from ``low`` to ``high``; OutOfRange naming ``what``
    otherwise (True and False are not numbers here)."""
    if isinstance(value, bool) or not low <= value <= high:
        raise OutOfRange(f"{what} must be from {low} to {high}, not {value}")
    return value
