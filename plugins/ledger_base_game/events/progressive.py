"""The base game's events for progressive checks (§5.1): opened with a target, and a new
round in which every Hero may attempt it again; each attempt is a ``CheckMade``. Tags never
change once released."""

from msgspec.structs import replace

from ledger.errors import RuleViolation
from ledger.model import CampaignState, Event, ProgressiveCheck
from ledger.rules import turns
from ledger.text import check_name
from ledger_base_game.rules.checks import Ability, check_ability
from ledger_base_game.rules.ranges import MAX_TARGET


class ProgressiveCheckOpened(Event, tag="base:progressive-check-opened", frozen=True, kw_only=True):
    """A progressive check opens: successes build up towards ``target`` (§5.1)."""

    name: str
    ability: Ability
    target: int
    formula: str = ""  # as printed, e.g. "2xHC+4"

    def apply(self, state: CampaignState) -> CampaignState:
        name = check_name(self.name, "progressive check name")
        check_ability(self.ability)
        if name in state.progressive_checks and not state.progressive_checks[name].complete:
            raise RuleViolation(f"a progressive check named {name!r} is already open")
        if not 1 <= self.target <= MAX_TARGET:
            raise RuleViolation(f"a target is from 1 to {MAX_TARGET}, not {self.target}")
        check = ProgressiveCheck(name=name, ability=self.ability, target=self.target)
        return replace(state, progressive_checks={**state.progressive_checks, name: check})

    def describe(self) -> str:
        formula = f" ({self.formula})" if self.formula else ""
        return f"Progressive {self.ability.title()} check {self.name!r}: {self.target}{formula}"


class ProgressiveRound(Event, tag="base:progressive-check-round", frozen=True, kw_only=True):
    """A new round: every Hero may attempt the progressive check again."""

    name: str

    def apply(self, state: CampaignState) -> CampaignState:
        check = state.progressive_checks.get(self.name)
        if check is None or check.complete:
            raise RuleViolation(f"no progressive check named {self.name!r} is open")
        updated = replace(check, turn=check.turn + 1, attempted=())
        return replace(state, progressive_checks={**state.progressive_checks, self.name: updated})

    def describe(self) -> str:
        return f"A new round for the progressive check {self.name!r}"


class RoundStarted(Event, tag="base:round-started", frozen=True, kw_only=True):
    """The next round of the scenario: every check may be attempted again, each progressive
    check included (§5.1: once per turn per Ally)."""

    def apply(self, state: CampaignState) -> CampaignState:
        return turns.new_round(state)

    def describe(self) -> str:
        return "A new round: every check may be attempted again"
