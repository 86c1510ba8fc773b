"""Check modifiers (§5.1, ruling §12.7): an amount and a requirement the Hero must meet.

A requirement has a type (Talent, Keyword, item phrase, ...) and a value. The types come from
plugins through ``register_modifier_types``; the base game registers the seed's types the same
way, so a plugin's type works exactly like a built-in one.
"""

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

import msgspec

from ledger.errors import BadInput, LedgerError, PluginError
from ledger.model._state import CampaignState, Hero
from ledger.text import check_name, quoted

if TYPE_CHECKING:
    from ledger.hosting import Registry

MAX_MODIFIER = 20


class Verdict(NamedTuple):
    """A modifier type's judgement: whether the Hero meets the requirement (``met``) and why,
    in the players' words (``why``), shown either way."""

    met: bool
    why: str  # in the players' words, whether met or not


class Situation(msgspec.Struct, frozen=True):
    """What a requirement is judged against: the state before the roll, the Hero making the
    check, the items they discard for it, and the loaded content (Talents' phrases)."""

    state: CampaignState
    hero: Hero
    discarding: tuple[str, ...]
    registry: "Registry"


class ModifierType(msgspec.Struct, frozen=True):
    """A kind of requirement: ``judge(situation, value)`` says whether the Hero meets it."""

    name: str
    judge: Callable[[Situation, str], Verdict]
    help: str = ""


class Modifier(msgspec.Struct, frozen=True, kw_only=True):
    """A modifier printed on a check, as recorded: whether it applied and why."""

    amount: int
    kind: str
    value: str
    applied: bool = False
    why: str = ""

    def text(self) -> str:
        return f"{self.amount:+d} {self.kind} {quoted(self.value)}"


def parse_modifier(text: str) -> Modifier:
    """``+2:phrase=Lock picking``, ``-1:keyword=Moonsilver``, ``+1:talent=Burglary``."""
    amount_text, sep, requirement = text.partition(":")
    kind, equals, value = requirement.partition("=")
    try:
        amount = int(amount_text.strip())
    except ValueError:
        amount = None
    if not sep or not equals or amount is None:
        raise BadInput(
            f"a modifier is written AMOUNT:TYPE=VALUE, e.g. '+2:phrase=Lock picking', "
            f"not {quoted(text)}"
        )
    return check_modifier(Modifier(amount=amount, kind=kind.strip().lower(), value=value))


def check_modifier(modifier: Modifier) -> Modifier:
    """``modifier`` if its amount and names are acceptable, else ``BadInput``."""
    if not -MAX_MODIFIER <= modifier.amount <= MAX_MODIFIER or modifier.amount == 0:
        raise BadInput(
            f"a modifier is from -{MAX_MODIFIER} to +{MAX_MODIFIER} and not 0, "
            f"not {modifier.amount}"
        )
    check_name(modifier.kind, "modifier type")
    check_name(modifier.value, f"the {modifier.kind} a modifier requires")
    return modifier


def judge(modifier: Modifier, situation: Situation) -> Modifier:
    """The modifier with its verdict, by the type a plugin registered for it."""
    kinds = situation.registry.modifier_types
    kind = kinds.get(modifier.kind)
    owner = kinds.owner(modifier.kind)
    try:
        met, why = kind.judge(situation, modifier.value.strip())
    except LedgerError:
        raise
    except Exception as error:
        raise PluginError(
            f"plugin {owner!r} failed judging the modifier type "
            f"{kind.name!r}: {type(error).__name__}: {error}"
        ) from error
    shown = kinds.name_of(owner, kind) if owner is not None else kind.name
    return msgspec.structs.replace(modifier, kind=shown, applied=met, why=why)
