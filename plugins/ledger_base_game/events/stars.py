"""The base game's events for Stars, the currency: every Star belongs to one Hero. Tags
never change once released."""

from ledger.errors import RuleViolation
from ledger.model import CampaignState
from ledger.rules import stars
from ledger.rules.stars import MAX_STARS
from ledger_base_game.events._amount import Amount


class StarsGained(Amount, tag="base:stars-gained", frozen=True, kw_only=True):
    """The Hero gains ``amount`` Stars."""

    what = "Stars"
    maximum = MAX_STARS

    def apply(self, state: CampaignState) -> CampaignState:
        return state.with_hero(stars.gain(state.hero(self.hero), self.checked()))

    def describe(self) -> str:
        return f"{self.hero} gains {self.amount} Stars"


class StarsSpent(Amount, tag="base:stars-spent", frozen=True, kw_only=True):
    """The Hero spends ``amount`` Stars they have."""

    what = "Stars"
    maximum = MAX_STARS

    def apply(self, state: CampaignState) -> CampaignState:
        return state.with_hero(stars.spend(state.hero(self.hero), self.checked()))

    def describe(self) -> str:
        return f"{self.hero} spends {self.amount} Stars"


class StarsGiven(Amount, tag="base:stars-given", frozen=True, kw_only=True):
    """``hero`` gives ``amount`` Stars to ``to``."""

    to: str
    what = "Stars"
    maximum = MAX_STARS

    def apply(self, state: CampaignState) -> CampaignState:
        giver, receiver = state.hero(self.hero), state.hero(self.to)
        if giver.name == receiver.name:
            raise RuleViolation(f"{giver.name} cannot give Stars to themselves")
        amount = self.checked()
        state = state.with_hero(stars.spend(giver, amount))
        return state.with_hero(stars.gain(state.hero(receiver.name), amount))

    def describe(self) -> str:
        return f"{self.hero} gives {self.amount} Stars to {self.to}"
