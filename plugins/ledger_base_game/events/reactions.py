"""The base game's events for reactive ability checks (§5.2): blue dice against damage or
stamina loss, or against any other effect a card names. Tags never change once released."""

from ledger.dice import reaction_successes
from ledger.errors import RuleViolation
from ledger.model import CampaignState, Debt, HeroEvent
from ledger.rules import debts
from ledger.rules.stamina import require_affectable
from ledger_base_game.events import _tallies
from ledger_base_game.events.checks import gem_debts
from ledger_base_game.rules.checks import Ability, check_gems, checked_roll
from ledger_base_game.rules.ranges import MAX_HOURGLASS, MAX_TARGET


class ReactionMade(HeroEvent, tag="base:reaction-made", frozen=True, kw_only=True):
    """A reactive check (§5.2): each success prevents 1 damage or 1 stamina loss. Blessed
    adds a die here too: it applies to a check's roll (§3)."""

    ability: Ability
    dice: int
    die: tuple[str, ...]  # the Reaction die's faces in force
    faces: tuple[str, ...]
    seed: int | None = None
    inspiration: bool = False
    achievement: bool = False
    hourglass: int = 0  # successes each hourglass gives through an effect; 0 without one
    focus: bool = False
    damage: int = 0
    stamina_loss: int = 0
    prevented: int

    @property
    def taken(self) -> int:
        """The damage or stamina loss the roll did not prevent: the Hero takes it."""
        return self.damage + self.stamina_loss - self.prevented

    def apply(self, state: CampaignState) -> CampaignState:
        successes = blue_successes(state, self)
        if (self.damage > 0) == (self.stamina_loss > 0) or min(self.damage, self.stamina_loss) < 0:
            raise RuleViolation("a reactive check is against damage or stamina loss: give one")
        prevented = min(successes, self.damage + self.stamina_loss)
        if prevented != self.prevented:
            raise RuleViolation(f"the roll prevents {prevented}, not {self.prevented}")
        owed = gem_debts(self.hero, self.inspiration, self.achievement)
        if self.taken:
            kind = "damage" if self.damage else "stamina loss"
            owed.append(Debt(kind=kind, hero=self.hero, what=str(self.taken)))
        return debts.owe(state, *owed)

    def tallies(self, before: CampaignState, after: CampaignState) -> dict[str, int]:
        return _tallies.disk_change(before, after, self.hero)

    def describe(self) -> str:
        against = f"{self.damage} damage" if self.damage else f"{self.stamina_loss} stamina loss"
        return (
            f"{self.hero}: reactive {self.ability.title()} check against {against} — "
            f"{rolled_text(self)}; {self.prevented} prevented"
        )


class EffectReacted(HeroEvent, tag="base:effect-reacted", frozen=True, kw_only=True):
    """A reactive check against a named effect other than damage or stamina loss (seed:
    "Reactive ability checks are used when an Ally is trying to react to something"): the
    effect is avoided when the successes reach ``target``. The ledger does not know what the
    effect does; what it does when not avoided is recorded by the commands for it."""

    ability: Ability
    dice: int
    die: tuple[str, ...]  # the Reaction die's faces in force
    faces: tuple[str, ...]
    seed: int | None = None
    inspiration: bool = False
    achievement: bool = False
    hourglass: int = 0  # successes each hourglass gives through an effect; 0 without one
    focus: bool = False
    against: str  # the effect, as the card names it
    target: int  # successes that avoid it
    successes: int

    @property
    def avoided(self) -> bool:
        return self.successes >= self.target

    def apply(self, state: CampaignState) -> CampaignState:
        successes = blue_successes(state, self)
        if not self.against.strip():
            raise RuleViolation("a reactive check against an effect names the effect")
        if not 1 <= self.target <= MAX_TARGET:
            raise RuleViolation(f"the successes that avoid an effect are 1 to {MAX_TARGET}")
        if successes != self.successes:
            raise RuleViolation(f"the roll gives {successes} successes, not {self.successes}")
        return debts.owe(state, *gem_debts(self.hero, self.inspiration, self.achievement))

    def tallies(self, before: CampaignState, after: CampaignState) -> dict[str, int]:
        return _tallies.disk_change(before, after, self.hero)

    def describe(self) -> str:
        outcome = (
            "avoided"
            if self.avoided
            else "not avoided (the ledger does not know what it does: record that as it says)"
        )
        return (
            f"{self.hero}: reactive {self.ability.title()} check against {self.against} "
            f"(needs {self.target}) — {rolled_text(self)}; {self.successes} successes, {outcome}"
        )


def blue_successes(state: CampaignState, reaction: ReactionMade | EffectReacted) -> int:
    """The successes of a recorded reaction's blue roll, refusing a roll, hourglass or gem
    the Hero could not have made (the Achievement gem counts 1)."""
    hero = state.hero(reaction.hero)
    require_affectable(hero)
    checked_roll(
        state,
        hero,
        reaction.ability,
        reaction.inspiration,
        "reaction",
        reaction.die,
        reaction.dice,
        reaction.faces,
        focus=reaction.focus,
    )
    if not 0 <= reaction.hourglass <= MAX_HOURGLASS:
        raise RuleViolation(f"an hourglass counts 0 to {MAX_HOURGLASS} successes")
    check_gems(hero, reaction.inspiration, reaction.achievement)
    return reaction_successes(reaction.faces, reaction.hourglass) + int(reaction.achievement)


def rolled_text(reaction: ReactionMade | EffectReacted) -> str:
    """The roll and what it declared: 'rolled 2 H 0 (ledger-rolled, seed 7); Focus: +1 die'."""
    seeded = f" (ledger-rolled, seed {reaction.seed})" if reaction.seed is not None else ""
    extras = []
    if reaction.hourglass:
        extras.append(f"each hourglass counts {reaction.hourglass}")
    if reaction.inspiration:
        extras.append("Inspiration gem: +2 dice")
    if reaction.focus:
        extras.append("Focus: +1 die")
    if reaction.achievement:
        extras.append("Achievement gem: +1")
    more = "; " + "; ".join(extras) if extras else ""
    return f"rolled {' '.join(reaction.faces) or 'no dice'}{seeded}{more}"
