"""The base game's events for active ability checks (§5.1), an attempt at a progressive
check among them. Each records the faces rolled and the die they came from, so a replay never
rolls again and never depends on content; ``apply`` checks the faces against the Hero and the
die and recomputes the result, so an inconsistent record is refused.

The consequences (stamina spent, items discarded, gems spent, Blessed or Weakened discarded)
are their own events in the same command, after the roll. Tags never change once released."""

from msgspec.structs import replace

from ledger.dice import (
    PER_FACE,
    STAMINA,
    StaminaRule,
    action_successes,
    stamina_faces,
    stamina_successes,
)
from ledger.errors import RuleViolation
from ledger.model import CampaignState, Debt, Hero, HeroEvent, Modifier
from ledger.rules import debts, gems, injuries, turns
from ledger.rules.gems import GemKind
from ledger.rules.stamina import require_affectable
from ledger.text import check_name
from ledger_base_game.events import _tallies
from ledger_base_game.rules.checks import (
    Ability,
    check_discards,
    check_gems,
    checked_roll,
    held_modifier,
    held_rules,
    modifier_total,
)


def gem_debts(hero: str, inspiration: bool, achievement: bool) -> list[Debt]:
    """The gems a check used, which its command must spend (``CheckGemSpent``)."""
    used = (("inspiration", inspiration), ("achievement", achievement))
    return [Debt(kind="gem", hero=hero, what=kind) for kind, spent in used if spent]


class CheckMade(HeroEvent, tag="base:check-made", frozen=True, kw_only=True):
    """An active ability check (§5.1), or one attempt at a progressive check."""

    ability: Ability
    choices: tuple[Ability, ...] = ()  # the abilities the check offered (A|B)
    target: int | None = None  # None: a "?" check or a progressive check
    dice: int
    die: tuple[str, ...]  # the Action die's faces in force
    faces: tuple[str, ...]  # in the order rolled, extra rolls included
    seed: int | None = None  # set when the ledger rolled
    inspiration: bool = False
    achievement: bool = False
    hindered: bool = False
    focus: bool = False  # the Focus action: +1 die on every check this round
    stamina_spent: int = 0
    discard: tuple[str, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    total: int
    success: bool | None = None
    outcome: str | None = None  # the entry chosen, e.g. from a "?" check's table
    progressive: str | None = None
    # Since issue 25; absent in older rows, which had no such limits:
    turn_check: str | None = None  # the check, attempted once per turn in a scenario
    once_per_scenario: tuple[str, ...] = ()  # effects used, each once per scenario

    def apply(self, state: CampaignState) -> CampaignState:
        hero = state.hero(self.hero)
        require_affectable(hero)
        if self.choices and self.ability not in self.choices:
            raise RuleViolation(f"the check offers {'|'.join(self.choices)}, not {self.ability}")
        checked_roll(
            state,
            hero,
            self.ability,
            self.inspiration,
            "action",
            self.die,
            self.dice,
            self.faces,
            focus=self.focus,
        )
        in_scenario = state.in_scenario
        rule: StaminaRule = "spend" if in_scenario else "flat"
        from_stamina = stamina_successes(self.faces, rule, self.stamina_spent)
        per_face = injuries.stamina_per_face(hero)
        if self.stamina_spent > per_face * stamina_faces(self.faces):
            raise RuleViolation(
                f"{hero.name} may spend at most {per_face} stamina on each stamina face "
                f"(an Injury card), not {self.stamina_spent} on {stamina_faces(self.faces)}"
            )
        if self.stamina_spent > hero.stamina.unspent:
            raise RuleViolation(
                f"{hero.name} has only {hero.stamina.unspent} unspent stamina; spending "
                f"{self.stamina_spent} is not allowed"
            )
        # Most checks use no gem, discard nothing and record no modifier: nothing to check.
        if self.inspiration or self.achievement:
            check_gems(hero, self.inspiration, self.achievement)
        if self.discard:
            check_discards(hero, self.discard)
        if self.hindered and not in_scenario:
            raise RuleViolation("a Hero is Hindered only in a scenario, next to enemies")
        total = action_successes(self.faces) + from_stamina
        if self.modifiers:
            total += modifier_total(self.modifiers, self.discard)
        total += int(self.achievement) - int(self.hindered)
        total += held_modifier(state, hero, self.ability)
        if total != self.total:
            raise RuleViolation(f"the roll and modifiers total {total}, not {self.total}")
        success = None if self.target is None else total >= self.target
        if self.success != success:
            raise RuleViolation(f"a total of {total} against {self.target} is not {self.success}")
        if self.outcome is not None:
            check_name(self.outcome, "outcome")
        owed = self.consequences()
        if owed:
            state = debts.owe(state, *owed)
        if self.turn_check is not None:
            state = turns.attempt(state, hero.name, self.turn_check)
        for effect in self.once_per_scenario:
            state = turns.use_once(state, hero.name, effect)
        if self.progressive is not None:
            return _progress(state, self)
        return state

    def consequences(self) -> list[Debt]:
        """What the same command must record: the gems, the stamina and the discards."""
        if not (self.inspiration or self.achievement or self.stamina_spent or self.discard):
            return []  # most checks: spare building the lists (a replay reads 1,000s)
        owed = gem_debts(self.hero, self.inspiration, self.achievement)
        if self.stamina_spent:
            owed.append(Debt(kind="stamina", hero=self.hero, what=str(self.stamina_spent)))
        owed += [Debt(kind="discard", hero=self.hero, what=item) for item in self.discard]
        return owed

    def notes(self, before: CampaignState, after: CampaignState) -> list[str]:
        notes = _stamina_note(before, self.faces) + _unspent_note(before, self)
        hero = before.hero(self.hero)
        notes += [
            f"{condition.name}: {rules.modifier:+d} to the total (condition)"
            for condition, rules in held_rules(before, hero, self.ability)
            if rules.modifier
        ]
        notes += injury_notes(hero, self.ability)
        if self.progressive is not None:
            check = after.progressive_checks[self.progressive]
            done = "complete" if check.complete else f"{check.remaining} to go"
            notes.append(f"{self.progressive!r}: {check.progress}/{check.target}, {done}")
        return notes

    def tallies(self, before: CampaignState, after: CampaignState) -> dict[str, int]:
        spent = {_tallies.SPENT: self.stamina_spent} if self.stamina_spent else {}
        return {**_tallies.check(self.success), **spent}

    def describe(self) -> str:
        what = f"progressive check {self.progressive!r}" if self.progressive else "check"
        against = "?" if self.target is None else str(self.target)
        head = (
            f"{self.hero}: {self.ability.title()} {what} {against if not self.progressive else ''}"
        )
        rolled = " ".join(self.faces) or "no dice"
        seeded = f" (ledger-rolled, seed {self.seed})" if self.seed is not None else ""
        parts = [f"{head.rstrip()} — rolled {rolled}{seeded}"]
        if self.stamina_spent:
            parts.append(f"{self.stamina_spent} stamina spent on stamina faces")
        parts += [
            f"{m.text()} {'applies' if m.applied else 'does not apply'}: {m.why}"
            for m in self.modifiers
        ]
        if self.inspiration:
            parts.append("Inspiration gem: +2 dice")
        if self.focus:
            parts.append("Focus: +1 die")
        if self.achievement:
            parts.append("Achievement gem: +1")
        if self.hindered:
            parts.append("Hindered: -1")
        parts += [f"{effect} (once per scenario)" for effect in self.once_per_scenario]
        result = {True: "success", False: "failure", None: "recorded"}[self.success]
        if self.progressive:
            result = f"adds {max(self.total, 0)}"
        outcome = f" → {self.outcome}" if self.outcome else ""
        return "; ".join(parts) + f"; total {self.total}: {result}{outcome}"


def injury_notes(hero: Hero, ability: str) -> list[str]:
    """The held Injury cards' effects on a check in ``ability``, as the check applied them."""
    notes = []
    for card, effect in injuries.effects_of(hero):
        if effect.kind == "ability" and effect.ability == ability:
            notes.append(f"{card}: {ability.title()} {effect.amount:+d} (Injury card)")
        elif effect.kind == "checks":
            notes.append(f"{card}: {effect.amount:+d} to the total (Injury card)")
        elif effect.kind == "stamina":
            notes.append(f"{card}: at most {effect.amount} stamina per stamina face (Injury card)")
    return notes


def _stamina_note(before: CampaignState, faces: tuple[str, ...]) -> list[str]:
    if before.in_scenario or STAMINA not in faces:
        return []
    return ["each stamina face counts +2 outside a scenario; no stamina is spent (seed text)"]


def _unspent_note(before: CampaignState, check: CheckMade) -> list[str]:
    """A failed check in a scenario whose stamina faces were left unspent, when spending the
    stamina the Hero had on them would have reached the target (each stamina spent on a
    stamina face is +1, up to 2 a face, fewer with an Injury card that says so)."""
    if check.success is not False or check.target is None or not before.in_scenario:
        return []
    hero = before.hero(check.hero)
    room = injuries.stamina_per_face(hero, PER_FACE) * stamina_faces(check.faces)
    room -= check.stamina_spent
    have = hero.stamina.unspent - check.stamina_spent
    short = check.target - check.total
    if short <= 0 or min(room, have) < short:
        return []
    spend = check.stamina_spent + short
    return [
        f"spending {spend} stamina on the stamina faces would have made it a success "
        f"({check.target} needed); to record that, undo the check and make it again "
        f"spending {spend} stamina"
    ]


def _progress(state: CampaignState, check: CheckMade) -> CampaignState:
    name = check.progressive or ""
    progressive = state.progressive_checks.get(name)
    if progressive is None:
        known = ", ".join(state.progressive_checks) or "none"
        raise RuleViolation(f"no progressive check named {name!r} is open (open: {known})")
    if progressive.complete:
        raise RuleViolation(f"the progressive check {name!r} is already complete")
    if check.ability != progressive.ability:
        raise RuleViolation(f"{name!r} is a {progressive.ability.title()} check")
    if check.target is not None:
        raise RuleViolation("a progressive check's target is the one it was opened with")
    if check.hero in progressive.attempted:
        raise RuleViolation(
            f"{check.hero} has already attempted {name!r} this turn; once per turn per Hero "
            "(§5.1) — record {new_progressive_round} when the next round begins",
            fields=["new_progressive_round"],
        )
    updated = replace(
        progressive,
        progress=progressive.progress + max(check.total, 0),
        attempted=(*progressive.attempted, check.hero),
    )
    return replace(state, progressive_checks={**state.progressive_checks, name: updated})


class CheckGemSpent(HeroEvent, tag="base:check-gem-spent", frozen=True, kw_only=True):
    """A gem discarded for a check: Inspiration before the roll (+2 dice), Achievement at
    any point (+1 success); one of each per check at most (§6)."""

    kind: GemKind

    def apply(self, state: CampaignState) -> CampaignState:
        state = debts.settle(state, "gem", self.hero, self.kind)
        return self.update(state, lambda hero: gems.spend(hero, self.kind, 1))

    def describe(self) -> str:
        gain = "+2 dice" if self.kind == "inspiration" else "+1 success"
        return f"{self.hero} spends an {self.kind.title()} gem on the check ({gain})"
