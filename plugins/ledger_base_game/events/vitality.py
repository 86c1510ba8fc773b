"""The base game's events for the Vitality disk (§2): stamina spent, lost, restored, locked;
damage, healing, status. Tags never change once released."""

from typing import Literal

from ledger.model import CampaignState, HeroEvent
from ledger.rules import debts, stamina
from ledger.text import check_name
from ledger_base_game.events import _tallies
from ledger_base_game.events._amount import Amount


class StaminaSpent(Amount, tag="base:stamina-spent", frozen=True, kw_only=True):
    """The Hero spends ``amount`` unspent Stamina chips (a cost)."""

    what = "stamina to spend"

    def apply(self, state: CampaignState) -> CampaignState:
        if state.owed:  # only while a check awaits its consequences
            state = debts.settle(state, "stamina", self.hero, str(self.amount))
        return state.with_hero(stamina.spend(state.hero(self.hero), self.checked()))

    def tallies(self, before: CampaignState, after: CampaignState) -> dict[str, int]:
        return {_tallies.SPENT: self.amount}

    def describe(self) -> str:
        return f"{self.hero} spends {self.amount} stamina"


class StaminaLost(Amount, tag="base:stamina-lost", frozen=True, kw_only=True):
    """The Hero loses ``amount`` stamina; a shortfall becomes damage."""

    what = "stamina to lose"

    def apply(self, state: CampaignState) -> CampaignState:
        if state.owed:  # only while a check awaits its consequences
            state = debts.settle(state, "stamina loss", self.hero, str(self.amount))
        return state.with_hero(stamina.lose(state.hero(self.hero), self.checked()))

    def tallies(self, before: CampaignState, after: CampaignState) -> dict[str, int]:
        return {_tallies.LOST: self.amount, **_tallies.disk_change(before, after, self.hero)}

    def describe(self) -> str:
        return f"{self.hero} loses {self.amount} stamina"


class StaminaRestored(Amount, tag="base:stamina-restored", frozen=True, kw_only=True):
    """``amount`` spent Stamina chips return to the unspent side."""

    what = "stamina to restore"

    def apply(self, state: CampaignState) -> CampaignState:
        return state.with_hero(stamina.restore(state.hero(self.hero), self.checked()))

    def describe(self) -> str:
        return f"{self.hero} restores {self.amount} stamina"


class StaminaLocked(Amount, tag="base:stamina-locked", frozen=True, kw_only=True):
    """The Hero locks ``amount`` chips on ``source`` (a passive action or an item)."""

    source: str = "passive"
    what = "stamina to lock"

    def apply(self, state: CampaignState) -> CampaignState:
        source = check_name(self.source, "lock source")
        return self.update(state, lambda hero: stamina.lock(hero, self.checked(), source))

    def describe(self) -> str:
        return f"{self.hero} locks {self.amount} stamina on {self.source}"


class StaminaUnlocked(HeroEvent, tag="base:stamina-unlocked", frozen=True, kw_only=True):
    """The Hero ends ``source``; the chips locked on it become spent."""

    source: str = "passive"

    def apply(self, state: CampaignState) -> CampaignState:
        return self.update(state, lambda hero: stamina.unlock(hero, self.source))

    def describe(self) -> str:
        return f"{self.hero} ends {self.source}; its locked stamina becomes spent"


class DamageTaken(Amount, tag="base:damage-taken", frozen=True, kw_only=True):
    """The Hero takes ``amount`` damage: disk, then spent, then locked chips (§2.2)."""

    what = "damage"

    def apply(self, state: CampaignState) -> CampaignState:
        if state.owed:  # only while a check awaits its consequences
            state = debts.settle(state, "damage", self.hero, str(self.amount))
        return state.with_hero(stamina.take_damage(state.hero(self.hero), self.checked()))

    def tallies(self, before: CampaignState, after: CampaignState) -> dict[str, int]:
        return _tallies.disk_change(before, after, self.hero)

    def describe(self) -> str:
        return f"{self.hero} takes {self.amount} damage"


class DamageHealed(Amount, tag="base:damage-healed", frozen=True, kw_only=True):
    """The Hero heals ``amount`` damage: wound chips return to the disk."""

    what = "damage to heal"

    def apply(self, state: CampaignState) -> CampaignState:
        return state.with_hero(stamina.heal(state.hero(self.hero), self.checked()))

    def tallies(self, before: CampaignState, after: CampaignState) -> dict[str, int]:
        return _tallies.disk_change(before, after, self.hero)

    def describe(self) -> str:
        return f"{self.hero} heals {self.amount} damage"


class StatusRemoved(HeroEvent, tag="base:status-removed", frozen=True, kw_only=True):
    """The Hero is no longer wounded, or no longer exhausted."""

    status: Literal["wounded", "exhausted"]

    def apply(self, state: CampaignState) -> CampaignState:
        remove = stamina.remove_wounded if self.status == "wounded" else stamina.remove_exhausted
        return self.update(state, remove)

    def describe(self) -> str:
        return f"{self.hero} is no longer {self.status}"
