"""Faction reputation and ranks (§8.6). Track lengths and rank thresholds are not known: the
thresholds are content data, and a track without them counts reputation and reports no rank."""

from msgspec.structs import replace

from ledger.errors import RuleViolation
from ledger.model import CampaignState
from ledger.text import check_name, name_key

MAX_REPUTATION = 999


def reputation(state: CampaignState, faction: str) -> int:
    """The party's reputation with ``faction`` (any spelling), 0 when none yet."""
    return next((v for k, v in state.reputation.items() if name_key(k) == name_key(faction)), 0)


def gain(state: CampaignState, faction: str, amount: int) -> CampaignState:
    """The campaign with ``amount`` more reputation with ``faction``, up to the track's end."""
    faction = check_name(faction, "faction")
    known = next((k for k in state.reputation if name_key(k) == name_key(faction)), faction)
    total = reputation(state, known) + amount
    if total > MAX_REPUTATION:
        raise RuleViolation(f"{known} reputation would exceed {MAX_REPUTATION}")
    return replace(state, reputation={**state.reputation, known: total})


def rank(ranks: tuple[int, ...], points: int) -> int | None:
    """The rank reached: how many thresholds the reputation meets; None when unknown."""
    if not ranks:
        return None
    return sum(1 for needed in ranks if points >= needed)


def new_ranks(
    thresholds: dict[str, tuple[int, ...]], since: CampaignState, now: CampaignState
) -> list[tuple[str, int]]:
    """Factions whose rank rose between two points, with the rank now (§8.1: read the entry
    on the track at the start of the next City step). Tracks without thresholds never do."""
    risen = []
    for faction, ranks in thresholds.items():
        old = rank(ranks, reputation(since, faction))
        new = rank(ranks, reputation(now, faction))
        if old is not None and new is not None and new > old:
            risen.append((faction, new))
    return risen
