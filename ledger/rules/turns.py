"""Once per turn and once per scenario (§5.1, seed): in a scenario each particular active
check may be attempted once per turn per Ally unless told otherwise, and an effect used
"once per scenario" is used up until the scenario ends. A round (``scenario round``) starts
the next turn for every check; a step starting or a scenario ending clears both."""

from msgspec.structs import replace

from ledger.errors import RuleViolation
from ledger.model import CampaignState
from ledger.text import check_name, name_key


def _key(hero: str, what: str) -> str:
    return f"{name_key(hero)}|{name_key(what)}"


def attempt(state: CampaignState, hero: str, check: str) -> CampaignState:
    """``hero`` attempts ``check`` this turn; refused the second time in the same round."""
    if not state.in_scenario:
        raise RuleViolation("turns are taken in a scenario; outside one a check has no turn")
    key = _key(hero, check_name(check, "check"))
    if key in state.checks_this_turn:
        raise RuleViolation(
            f"{hero} has attempted the check {check} this turn; each check once per turn per "
            "Ally unless it says otherwise (§5.1): record {new_round} when the next round "
            "begins, or {repeatable} if the check allows it",
            fields=["new_round", "repeatable"],
        )
    return replace(state, checks_this_turn=(*state.checks_this_turn, key))


def use_once(state: CampaignState, hero: str, effect: str) -> CampaignState:
    """``hero`` uses ``effect``, usable once per scenario; refused the second time."""
    if not state.in_scenario:
        raise RuleViolation("a once-per-scenario effect is used in a scenario")
    key = _key(hero, check_name(effect, "once-per-scenario effect"))
    if key in state.used_this_scenario:
        raise RuleViolation(
            f"{hero} has used {effect} in this scenario; it is usable once per scenario (seed)"
        )
    return replace(state, used_this_scenario=(*state.used_this_scenario, key))


def new_round(state: CampaignState) -> CampaignState:
    """The next round of the scenario: every check may be attempted again, progressive
    checks included."""
    if not state.in_scenario:
        raise RuleViolation("rounds are played in a scenario")
    progressive = {
        name: replace(check, turn=check.turn + 1, attempted=())
        for name, check in state.progressive_checks.items()
    }
    return replace(state, checks_this_turn=(), progressive_checks=progressive)
