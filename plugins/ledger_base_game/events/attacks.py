"""The base game's events for attacks. Attacks roll Action dice too (§4.1): stamina faces are
paid for like on a check, and the Cursed condition (#7) flips every stamina spent in the
attack, its cost included, to wound. Tags never change once released."""

from msgspec.structs import replace

from ledger.dice import (
    ACTION_VALUES,
    ACTION_WORDS,
    action_successes,
    check_die,
    check_faces,
    stamina_successes,
)
from ledger.errors import RuleViolation
from ledger.model import CampaignState, Debt, Hero, HeroEvent
from ledger.rules import debts
from ledger.rules.stamina import MAX_AMOUNT, require_affectable
from ledger.text import check_amount
from ledger_base_game.events import _tallies
from ledger_base_game.rules.checks import in_force, with_condition_dice
from ledger_base_game.rules.ranges import MAX_ATTACK_DICE


def attack_dice(state: CampaignState, hero: Hero, dice: int) -> int:
    """The action's dice and what the conditions in force add or remove: +1 Blessed, -1
    Weakened (§3)."""
    return with_condition_dice(dice, state, hero, None)


class AttackMade(HeroEvent, tag="base:attack-made", frozen=True, kw_only=True):
    """An attack action's roll: the dice the action gives, its stamina cost, and the stamina
    spent on stamina faces; the chips move in the events that follow."""

    dice: int  # as the action gives them, before Blessed and Weakened
    die: tuple[str, ...]
    faces: tuple[str, ...]
    seed: int | None = None
    cost: int = 0
    stamina_spent: int = 0
    successes: int
    achievement: bool = False  # an Achievement gem: +1 success (§6); absent in older rows

    def apply(self, state: CampaignState) -> CampaignState:
        hero = state.hero(self.hero)
        require_affectable(hero)
        if not state.in_scenario:
            raise RuleViolation("attacks are made in a scenario")
        if not 0 <= self.dice <= MAX_ATTACK_DICE:
            raise RuleViolation(f"an attack rolls 0 to {MAX_ATTACK_DICE} dice, not {self.dice}")
        if not 0 <= self.cost <= MAX_AMOUNT:
            raise RuleViolation(f"an action costs 0 to {MAX_AMOUNT} stamina, not {self.cost}")
        check_die(self.die, "Action", ACTION_VALUES, ACTION_WORDS)
        check_faces(self.faces, self.die, attack_dice(state, hero, self.dice), "action")
        successes = action_successes(self.faces)
        successes += stamina_successes(self.faces, "spend", self.stamina_spent)
        successes += int(self.achievement)
        if self.achievement and hero.gems.achievement < 1:
            raise RuleViolation(f"{hero.name} has no Achievement gem to spend")
        if self.achievement:
            state = debts.owe(state, Debt(kind="gem", hero=hero.name, what="achievement"))
        if successes != self.successes:
            raise RuleViolation(f"the roll gives {successes} successes, not {self.successes}")
        if self.cost + self.stamina_spent > hero.stamina.unspent:
            raise RuleViolation(
                f"{hero.name} has only {hero.stamina.unspent} unspent stamina; the attack "
                f"needs {self.cost + self.stamina_spent}"
            )
        paid = self.cost + self.stamina_spent  # spent by the same command (Cursed or not)
        if not paid:
            return state
        return debts.owe(state, Debt(kind="stamina", hero=hero.name, what=str(paid)))

    def describe(self) -> str:
        seeded = f" (ledger-rolled, seed {self.seed})" if self.seed is not None else ""
        cost = f"; cost {self.cost} stamina" if self.cost else ""
        spent = f"; {self.stamina_spent} stamina on stamina faces" if self.stamina_spent else ""
        gem = "; Achievement gem: +1" if self.achievement else ""
        return (
            f"{self.hero} attacks — rolled {' '.join(self.faces) or 'no dice'}{seeded}{cost}"
            f"{spent}{gem}; {self.successes} successes"
        )


class StaminaSpentCursed(HeroEvent, tag="base:stamina-spent-cursed", frozen=True, kw_only=True):
    """Cursed: stamina spent in the attack goes from the disk straight to wound (§3, #7)."""

    amount: int

    def apply(self, state: CampaignState) -> CampaignState:
        hero = state.hero(self.hero)
        amount = check_amount(self.amount, "stamina to spend", MAX_AMOUNT)
        if not in_force(state, hero, "cursed"):
            raise RuleViolation(f"{hero.name} is not Cursed in a scenario; spend stamina instead")
        s = hero.stamina
        if amount > s.unspent:
            raise RuleViolation(
                f"{hero.name} has only {s.unspent} unspent stamina; spending {amount} "
                "is not allowed"
            )
        stamina = replace(s, unspent=s.unspent - amount, wound=s.wound + amount)
        state = debts.settle(state, "stamina", self.hero, str(amount))
        return state.with_hero(replace(hero, stamina=stamina))

    def tallies(self, before: CampaignState, after: CampaignState) -> dict[str, int]:
        return {_tallies.SPENT: self.amount}

    def describe(self) -> str:
        return f"{self.hero} spends {self.amount} stamina while Cursed: the chips flip to wound"
