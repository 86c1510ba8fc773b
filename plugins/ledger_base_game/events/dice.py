"""The base game's event for the dice in force (ruling §12.1). Tags never change once
released."""

from msgspec.structs import replace

from ledger.dice import DiceSet, check_dice
from ledger.model import CampaignState, Event


class DiceSetChosen(Event, tag="base:dice-set", frozen=True, kw_only=True):
    """The campaign's die definition from now on (ruling §12.1)."""

    dice: DiceSet

    def apply(self, state: CampaignState) -> CampaignState:
        return replace(state, dice=check_dice(self.dice))

    def describe(self) -> str:
        return (
            f"Dice set to {self.dice.label()}: Action {' '.join(self.dice.action)}, "
            f"Reaction {' '.join(self.dice.reaction)}"
        )
