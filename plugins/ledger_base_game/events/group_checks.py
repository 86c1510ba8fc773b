"""The base game's events for group ability checks (§5.3, seed: City and Journey steps)
played step by step. Every step is an event; ``apply`` enforces the order of play. Tags never
change once released."""

from msgspec.structs import replace

from ledger.dice import STAMINA, action_successes, stamina_successes
from ledger.errors import RuleViolation
from ledger.model import (
    CampaignState,
    Event,
    GroupCheck,
    HeroEvent,
    Modifier,
    parse_modifier,
)
from ledger.rules import gems
from ledger.rules.stamina import require_affectable
from ledger.text import check_name, name_key
from ledger_base_game.events import _tallies
from ledger_base_game.rules.checks import (
    Ability,
    check_ability,
    check_discards,
    check_gems,
    checked_roll,
    modifier_total,
)
from ledger_base_game.rules.group_checks import taunt_order, threshold_target
from ledger_base_game.rules.ranges import MAX_TARGET

STAMINA_NOTE = " (stamina faces count +2 outside a scenario)"


NOT_OPEN = "no group check is open; open one with {open_group_check}"


def _open(state: CampaignState) -> GroupCheck:
    if state.group_check is None:
        raise RuleViolation(NOT_OPEN, fields=["open_group_check"])
    return state.group_check


class GroupCheckOpened(Event, tag="base:group-check-opened", frozen=True, kw_only=True):
    """Fields after ``modifiers`` came later; their defaults are what older rows meant."""

    ability: Ability
    target: int | None  # None: a "?" check (the players read the entry from the total)
    thresholds: tuple[int, ...] = ()  # as printed, for 2, 3, 4 Heroes
    order: tuple[str, ...]
    agreed: bool = False  # False: the order is by Taunt, highest first
    success_entry: str | None = None
    failure_entry: str | None = None
    modifiers: tuple[str, ...] = ()  # as printed; each Hero's roll records how it was judged
    heroes: int | None = None  # the Hero count the thresholds were read for (ruling §12.8)
    left_out: tuple[str, ...] = ()  # exhausted Heroes left out of the order by Taunt

    def apply(self, state: CampaignState) -> CampaignState:
        for text in self.modifiers:
            parse_modifier(text)
        if state.in_scenario:
            raise RuleViolation("group ability checks are made only outside scenarios (§5.3)")
        if state.group_check is not None:
            raise RuleViolation("a group check is already open; close it first")
        check_ability(self.ability)
        if self.target is not None and not 0 <= self.target <= MAX_TARGET:
            raise RuleViolation(f"a target is from 0 to {MAX_TARGET}, not {self.target}")
        if self.target is None and (self.thresholds or self.success_entry or self.failure_entry):
            raise RuleViolation('a "?" check has no thresholds and no success or failure entry')
        self._check_count()
        self._check_left_out(state)
        order = tuple(state.hero(name).name for name in self.order)
        if not order or len({name_key(n) for n in order}) != len(order):
            raise RuleViolation("a group check names each Hero once, and at least one")
        if not self.agreed and order != taunt_order(state, order):
            raise RuleViolation(
                f"by Taunt, highest first, the order is {taunt_order(state, order)}"
            )
        for entry in (self.success_entry, self.failure_entry):
            if entry is not None:
                check_name(entry, "story entry")
        group = GroupCheck(
            ability=self.ability,
            target=self.target,
            order=order,
            success_entry=self.success_entry,
            failure_entry=self.failure_entry,
            modifiers=self.modifiers,
        )
        return replace(state, group_check=group)

    def _check_count(self) -> None:
        if self.heroes is None:
            return
        target = threshold_target(self.thresholds, self.heroes)
        if target is None:
            raise RuleViolation(f"the thresholds give no target for {self.heroes} Heroes")
        if target != self.target:
            raise RuleViolation(
                f"for {self.heroes} Heroes the target is {target}, not {self.target}"
            )

    def _check_left_out(self, state: CampaignState) -> None:
        for name in self.left_out:
            hero = state.hero(name)
            if self.agreed or hero.status != "exhausted" or hero.name in self.order:
                raise RuleViolation(
                    f"only an exhausted Hero is left out of the order by Taunt, not {hero.name}"
                )

    def describe(self) -> str:
        how = "order agreed" if self.agreed else "order by Taunt"
        needed = "? (the entry is read from the total)" if self.target is None else self.target
        count = f" (for {self.heroes} Heroes)" if self.heroes is not None else ""
        return (
            f"Group {self.ability.title()} check opened: {needed} needed{count}; "
            f"{', '.join(self.order)} ({how})"
        )

    def notes(self, before: CampaignState, after: CampaignState) -> list[str]:
        return [
            f"{name} is exhausted and cannot act: left out of the group check (ruling §12.8)"
            for name in self.left_out
        ]


class GroupCheckRolled(HeroEvent, tag="base:group-check-rolled", frozen=True, kw_only=True):
    """One Hero's roll: optional effects (discards, an Inspiration gem) declared before it;
    stamina faces count +2 outside a scenario, so none is spent."""

    dice: int
    die: tuple[str, ...]
    faces: tuple[str, ...]
    seed: int | None = None
    inspiration: bool = False
    discard: tuple[str, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    successes: int

    def apply(self, state: CampaignState) -> CampaignState:
        group = _open(state)
        hero = state.hero(self.hero)
        require_affectable(hero)
        if group.next_to_roll() != hero.name:
            if hero.name in group.rolled:
                raise RuleViolation(f"{hero.name} has already rolled for this group check")
            raise RuleViolation(f"it is {group.next_to_roll()}'s turn to roll, not {hero.name}'s")
        checked_roll(
            state, hero, group.ability, self.inspiration, "action", self.die, self.dice, self.faces
        )
        check_gems(hero, self.inspiration, False)
        check_discards(hero, self.discard)
        successes = action_successes(self.faces) + stamina_successes(self.faces, "flat", 0)
        successes += modifier_total(self.modifiers, self.discard)
        if successes != self.successes:
            raise RuleViolation(f"{hero.name}'s roll totals {successes}, not {self.successes}")
        rolled = {**group.rolled, hero.name: successes}
        return replace(state, group_check=replace(group, rolled=rolled))

    def tallies(self, before: CampaignState, after: CampaignState) -> dict[str, int]:
        return {_tallies.ROLLED: 1}

    def describe(self) -> str:
        seeded = f" (ledger-rolled, seed {self.seed})" if self.seed is not None else ""
        judged = [
            f"{m.text()} {'applies' if m.applied else 'does not apply'}: {m.why}"
            for m in self.modifiers
        ]
        mods = f"; {'; '.join(judged)}" if judged else ""
        insp = "; Inspiration gem: +2 dice" if self.inspiration else ""
        return (
            f"{self.hero} rolls {' '.join(self.faces) or 'no dice'}{seeded}{insp}{mods}: "
            f"{self.successes}{STAMINA_NOTE if STAMINA in self.faces else ''}"
        )


class GroupCheckGem(HeroEvent, tag="base:group-check-gem", frozen=True, kw_only=True):
    """An Achievement gem on a group check: only once every Hero has rolled; one per Hero."""

    def apply(self, state: CampaignState) -> CampaignState:
        group = _open(state)
        hero = state.hero(self.hero)
        waiting = group.next_to_roll()
        if waiting is not None:
            raise RuleViolation(
                f"gem decisions wait until every Hero has rolled; {waiting} has not (§5.3)"
            )
        if hero.name not in group.order:
            raise RuleViolation(f"{hero.name} is not part of this group check")
        if hero.name in group.gems:
            raise RuleViolation(
                f"{hero.name} has already spent a gem on this check (one per check)"
            )
        state = state.with_hero(gems.spend(hero, "achievement", 1))
        return replace(state, group_check=replace(group, gems=(*group.gems, hero.name)))

    def describe(self) -> str:
        return f"{self.hero} spends an Achievement gem on the group check (+1)"


class GroupCheckClosed(Event, tag="base:group-check-closed", frozen=True, kw_only=True):
    """The open group check's total and result: its success or failure entry, or the outcome
    the players read for a "?" check."""

    total: int
    success: bool | None  # None: a "?" check, whose ``outcome`` the players read
    outcome: str | None = None

    def apply(self, state: CampaignState) -> CampaignState:
        group = _open(state)
        waiting = group.next_to_roll()
        if waiting is not None:
            raise RuleViolation(f"{waiting} has not rolled yet")
        if group.target is None:
            if self.total != group.total or self.success is not None:
                raise RuleViolation(f'the "?" group check totals {group.total}')
            if self.outcome is not None:
                check_name(self.outcome, "outcome")
            return replace(state, group_check=None)
        success = group.total >= group.target
        outcome = group.success_entry if success else group.failure_entry
        if (self.total, self.success, self.outcome) != (group.total, success, outcome):
            raise RuleViolation(
                f"the group check totals {group.total} against {group.target} "
                f"({'success' if success else 'failure'}, outcome {outcome})"
            )
        return replace(state, group_check=None)

    def describe(self) -> str:
        result = {True: "success", False: "failure", None: "recorded"}[self.success]
        outcome = f" → {self.outcome}" if self.outcome else ""
        return f"Group check closed: total {self.total}, {result}{outcome}"
