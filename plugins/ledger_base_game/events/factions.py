"""The base game's event for faction reputation: the party's, with ranks where the
thresholds are known (§8.6). Tags never change once released."""

from ledger.model import CampaignState, Event
from ledger.rules import factions
from ledger.text import check_amount


class ReputationGained(Event, tag="base:reputation-gained", frozen=True, kw_only=True):
    """``ranks``: the track's thresholds as known when recorded (empty: not known)."""

    faction: str
    amount: int
    ranks: tuple[int, ...] = ()

    def apply(self, state: CampaignState) -> CampaignState:
        return factions.gain(state, self.faction, check_amount(self.amount, "reputation", 99))

    def describe(self) -> str:
        return f"The party gains {self.amount} reputation with {self.faction}"

    def notes(self, before: CampaignState, after: CampaignState) -> list[str]:
        old = factions.rank(self.ranks, factions.reputation(before, self.faction))
        new = factions.rank(self.ranks, factions.reputation(after, self.faction))
        if new is None:
            return [f"{self.faction}'s rank thresholds are not known: no rank is reported (§8.6)"]
        if old is not None and new > old:
            return [
                f"{self.faction}: new Rank {new}; read the Story entry on its track at the start "
                "of the next City step (§8.1)"
            ]
        return []
