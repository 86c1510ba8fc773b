"""The base game's events for a Non-Hero Ally's checks (§4.1, §5): an active check on Action
dice, where the stamina face always counts 0 successes (seed: "For a Non-Hero Ally, this
always counts as 0 successes") and there is no stamina to spend; a reactive check on Reaction
dice against damage, stamina loss (taken as damage) or a named effect. The dice are the
Ally's level with what its condition tokens add or remove, as for a Hero (§3). Tags never
change once released."""

from ledger.dice import (
    ACTION_VALUES,
    ACTION_WORDS,
    REACTION_VALUES,
    REACTION_WORDS,
    STAMINA,
    DieKind,
    action_successes,
    check_die,
    check_faces,
    reaction_successes,
)
from ledger.errors import RuleViolation
from ledger.model import Ally, CampaignState, Debt
from ledger.rules import debts, turns
from ledger.text import check_name
from ledger_base_game.events import _tallies
from ledger_base_game.events.allies import AllyEvent, active_ally
from ledger_base_game.rules.checks import (
    Ability,
    check_ability,
    condition_dice,
    condition_modifier,
    with_condition_dice,
)
from ledger_base_game.rules.ranges import MAX_HOURGLASS, MAX_TARGET


def ally_dice(state: CampaignState, ally: Ally, ability: str, red: bool = True) -> int:
    """The Ally's level in ``ability`` with what its condition tokens in force add or remove."""
    check_ability(ability)
    return with_condition_dice(int(getattr(ally, ability)), state, ally, ability, red)


def ally_dice_reason(state: CampaignState, ally: Ally, ability: str, red: bool = True) -> str:
    """Why that many dice, for the wrong-length error."""
    parts = [f"{ally.name}'s {ability.title()} {getattr(ally, ability)}"]
    parts += [f"{n:+d} {c.name}" for c, n in condition_dice(state, ally, ability, red)]
    return " (" + ", ".join(parts) + ")"


def checked_ally_roll(
    state: CampaignState,
    ally: Ally,
    ability: str,
    kind: DieKind,
    die: tuple[str, ...],
    dice: int,
    faces: tuple[str, ...],
) -> None:
    """Refuse a recorded roll that could not have come from this Ally and this die."""
    values, words = (
        (ACTION_VALUES, ACTION_WORDS) if kind == "action" else (REACTION_VALUES, REACTION_WORDS)
    )
    check_die(die, kind.title(), values, words)
    red = kind == "action"
    expected = ally_dice(state, ally, ability, red)
    why = ally_dice_reason(state, ally, ability, red)
    if dice != expected:
        raise RuleViolation(f"{ally.name} rolls {expected} dice{why}, not {dice}")
    check_faces(faces, die, dice, kind, why)


class AllyCheckMade(AllyEvent, tag="base:ally-check-made", frozen=True, kw_only=True):
    """A Non-Hero Ally's active ability check: the successes on its faces (a stamina face
    counts 0), what its conditions in force add, -1 Hindered."""

    ability: Ability
    choices: tuple[Ability, ...] = ()  # the abilities the check offered (A|B)
    target: int | None = None  # None: a "?" check
    dice: int
    die: tuple[str, ...]  # the Action die's faces in force
    faces: tuple[str, ...]  # in the order rolled, extra rolls included
    seed: int | None = None  # set when the ledger rolled
    hindered: bool = False
    total: int
    success: bool | None = None
    outcome: str | None = None
    turn_check: str | None = None  # the check, attempted once per turn in a scenario

    def apply(self, state: CampaignState) -> CampaignState:
        ally = active_ally(state, self.ally)
        if self.choices and self.ability not in self.choices:
            raise RuleViolation(f"the check offers {'|'.join(self.choices)}, not {self.ability}")
        checked_ally_roll(state, ally, self.ability, "action", self.die, self.dice, self.faces)
        if self.hindered and not state.in_scenario:
            raise RuleViolation("an Ally is Hindered only in a scenario, next to enemies")
        if self.target is not None and not 0 <= self.target <= MAX_TARGET:
            raise RuleViolation(f"a check's target is from 0 to {MAX_TARGET}")
        total = action_successes(self.faces) - int(self.hindered)
        total += condition_modifier(state, ally, self.ability)
        if total != self.total:
            raise RuleViolation(f"the roll and modifiers total {total}, not {self.total}")
        success = None if self.target is None else total >= self.target
        if self.success != success:
            raise RuleViolation(f"a total of {total} against {self.target} is not {self.success}")
        if self.outcome is not None:
            check_name(self.outcome, "outcome")
        if self.turn_check is not None:
            state = turns.attempt(state, ally.name, self.turn_check)
        return state

    def notes(self, before: CampaignState, after: CampaignState) -> list[str]:
        if STAMINA not in self.faces:
            return []
        return ["a Non-Hero Ally's stamina face counts 0 successes (seed text)"]

    def tallies(self, before: CampaignState, after: CampaignState) -> dict[str, int]:
        return _tallies.check(self.success)

    def describe(self) -> str:
        against = "?" if self.target is None else str(self.target)
        rolled = " ".join(self.faces) or "no dice"
        seeded = f" (ledger-rolled, seed {self.seed})" if self.seed is not None else ""
        parts = [f"{self.ally}: {self.ability.title()} check {against} — rolled {rolled}{seeded}"]
        if self.hindered:
            parts.append("Hindered: -1")
        result = {True: "success", False: "failure", None: "recorded"}[self.success]
        outcome = f" → {self.outcome}" if self.outcome else ""
        return "; ".join(parts) + f"; total {self.total}: {result}{outcome}"


class AllyReacted(AllyEvent, tag="base:ally-reacted", frozen=True, kw_only=True):
    """A Non-Hero Ally's reactive check (§5.2): each success prevents 1 damage or 1 stamina
    loss; what is not prevented the same command records as damage (a Non-Hero Ally takes
    all stamina loss as damage, §2.2). With ``against`` it is a check against a named effect
    instead, avoided when the successes reach ``target``; the ledger does not apply it."""

    ability: Ability
    dice: int
    die: tuple[str, ...]  # the Reaction die's faces in force
    faces: tuple[str, ...]
    seed: int | None = None
    hourglass: int = 0  # successes each hourglass gives through an effect; 0 without one
    damage: int = 0
    stamina_loss: int = 0
    prevented: int = 0
    against: str | None = None  # the effect, as the card names it
    target: int = 0  # successes that avoid it

    @property
    def successes(self) -> int:
        return reaction_successes(self.faces, self.hourglass)

    @property
    def taken(self) -> int:
        return self.damage + self.stamina_loss - self.prevented

    @property
    def avoided(self) -> bool:
        return self.against is not None and self.successes >= self.target

    def apply(self, state: CampaignState) -> CampaignState:
        ally = active_ally(state, self.ally)
        checked_ally_roll(state, ally, self.ability, "reaction", self.die, self.dice, self.faces)
        if not 0 <= self.hourglass <= MAX_HOURGLASS:
            raise RuleViolation(f"an hourglass counts 0 to {MAX_HOURGLASS} successes")
        if self.against is not None:
            if self.damage or self.stamina_loss or self.prevented:
                raise RuleViolation("a reaction against an effect prevents no damage")
            check_name(self.against, "effect")
            if not 1 <= self.target <= MAX_TARGET:
                raise RuleViolation(f"the successes that avoid an effect are 1 to {MAX_TARGET}")
            return state
        if (self.damage > 0) == (self.stamina_loss > 0) or min(self.damage, self.stamina_loss) < 0:
            raise RuleViolation("a reactive check is against damage or stamina loss: give one")
        prevented = min(self.successes, self.damage + self.stamina_loss)
        if prevented != self.prevented:
            raise RuleViolation(f"the roll prevents {prevented}, not {self.prevented}")
        if self.taken and ally.health is not None:  # else the table moves the die
            return debts.owe(state, Debt(kind="damage", hero=ally.name, what=str(self.taken)))
        return state

    def describe(self) -> str:
        seeded = f" (ledger-rolled, seed {self.seed})" if self.seed is not None else ""
        hourglass = f"; each hourglass counts {self.hourglass}" if self.hourglass else ""
        rolled = f"rolled {' '.join(self.faces) or 'no dice'}{seeded}{hourglass}"
        head = f"{self.ally}: reactive {self.ability.title()} check against"
        if self.against is not None:
            outcome = "avoided" if self.avoided else "not avoided (record what it does)"
            return (
                f"{head} {self.against} (needs {self.target}) — {rolled}; "
                f"{self.successes} successes, {outcome}"
            )
        what = f"{self.damage} damage" if self.damage else f"{self.stamina_loss} stamina loss"
        return f"{head} {what} — {rolled}; {self.prevented} prevented"
