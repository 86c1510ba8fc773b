"""What a group check's events and actions share (§5.3): the order by Taunt, and the target a
check printed as thresholds by Hero count (8/13/17) gives for the Heroes it is read for."""

from collections.abc import Sequence

from ledger.model import CampaignState

FIRST_COUNT = 2  # "8/13/17" are the targets for 2, 3 and 4 Heroes (seed example)


def taunt_order(state: CampaignState, heroes: tuple[str, ...]) -> tuple[str, ...]:
    """Highest Taunt first; equal Taunts keep the order the Heroes joined (a ruling: the
    rules do not break ties)."""
    return tuple(sorted(heroes, key=lambda name: -state.hero(name).taunt))


def threshold_target(thresholds: Sequence[int], heroes: int) -> int | None:
    """The target ``thresholds`` (as printed, for 2, 3, 4... Heroes) give for ``heroes``
    Heroes, or None when they give none."""
    index = heroes - FIRST_COUNT
    return thresholds[index] if 0 <= index < len(thresholds) else None


def threshold_counts(thresholds: Sequence[int]) -> str:
    """The Hero counts ``thresholds`` give targets for, as printed: ``2/3/4``."""
    return "/".join(str(FIRST_COUNT + i) for i in range(len(thresholds)))
