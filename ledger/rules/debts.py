"""What a command still owes: an event may announce consequences that later events of the same
command must record (a check's gem, stamina and discarded items; a reaction's damage). The
ledger refuses a command that ends owing anything, so a check cannot claim a gem it never spent."""

from msgspec.structs import replace

from ledger.model import CampaignState, Debt
from ledger.text import name_key


def owe(state: CampaignState, *debts: Debt) -> CampaignState:
    """The state owing ``debts``: consequences the same command must still record."""
    return replace(state, owed=(*state.owed, *debts)) if debts else state


def settle(state: CampaignState, kind: str, hero: str, what: str = "") -> CampaignState:
    """Remove the first matching debt, if any: the event pays what an earlier one announced."""
    if not state.owed:  # between checks, always: spare the loop
        return state
    for index, debt in enumerate(state.owed):
        if debt.kind == kind and debt.hero == hero and name_key(debt.what) == name_key(what):
            return replace(state, owed=state.owed[:index] + state.owed[index + 1 :])
    return state


def describe(owed: tuple[Debt, ...]) -> str:
    """The debts in words, for a refusal that says what is still owed."""
    return "; ".join(f"{debt.hero}: {debt.kind} {debt.what}".rstrip() for debt in owed)
