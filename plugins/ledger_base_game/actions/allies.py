"""Non-Hero Allies (§1, §2.2, §3): joining, damage and healing on the Health Counter die,
exhaustion at 0 health, condition tokens, leaving the party."""

from typing import Annotated

from ledger.actions import Game, Pick, Step
from ledger.errors import BadInput, RuleViolation
from ledger.model import CampaignState, Event
from ledger.text import check_name
from ledger_base_game.events.allies import (
    AllyConditionGained,
    AllyConditionRemoved,
    AllyDamaged,
    AllyExhausted,
    AllyHealed,
    AllyJoined,
    AllyLeft,
    active_ally,
    tracked_health,
)
from ledger_base_game.rules.ranges import MAX_HEALTH, check_range


def add_ally(
    game: Game,
    *,
    name: str,
    might: int,
    agility: int,
    will: int,
    taunt: int,
    health: int | None = None,
    henchman: bool = False,
) -> list[Event]:
    """A Non-Hero Ally joins the party (``henchman``: hired in the City). ``health``: its
    Health Counter die; without it the table keeps the die and the ledger no count."""
    return [
        AllyJoined(
            ally=check_name(name, "Ally name"),
            might=might,
            agility=agility,
            will=will,
            taunt=taunt,
            health=health,
            henchman=henchman,
        )
    ]


def hurt_ally(
    state: CampaignState, ally: str, amount: int, stamina_loss: bool = False
) -> list[Event]:
    """``amount`` damage to the Ally, then its exhaustion when its health reaches 0."""
    found = active_ally(state, ally)
    check_range(amount, "damage", 1, MAX_HEALTH)
    health = tracked_health(found)
    events: list[Event] = [AllyDamaged(ally=found.name, amount=amount, stamina_loss=stamina_loss)]
    if amount >= health:
        events.append(AllyExhausted(ally=found.name))
    return events


def damage_ally(
    game: Game,
    *,
    ally: Annotated[str, Pick("this_ally")],
    amount: Annotated[int, Step("Health", "-", "damage")],
    stamina_loss: bool = False,
) -> list[Event]:
    """The Ally takes ``amount`` damage (``stamina_loss``: it was stamina loss, which a
    Non-Hero Ally takes as damage, §2.2); at 0 health it is exhausted (§2.3)."""
    return hurt_ally(game.state, ally, amount, stamina_loss)


def heal_ally(
    game: Game,
    *,
    ally: Annotated[str, Pick("this_ally")],
    amount: Annotated[int, Step("Health", "+", "heal")],
) -> list[Event]:
    """The Ally heals ``amount`` damage, up to the health it joined with. A Non-Hero Ally's
    recover only heals (§2.4)."""
    found = active_ally(game.state, ally)
    check_range(amount, "healing", 1, MAX_HEALTH)
    tracked_health(found)
    return [AllyHealed(ally=found.name, amount=amount)]


def exhaust_ally(game: Game, *, ally: Annotated[str, Pick("this_ally")]) -> list[Event]:
    """The Ally is exhausted: for one whose health the table keeps on the die, when it
    reaches 0 (one the ledger counts is exhausted by the damage that takes it to 0)."""
    found = active_ally(game.state, ally)
    if found.health is not None:
        raise RuleViolation(
            f"{found.name} has {found.health} health in the ledger; it is exhausted when "
            "damage takes it to 0 ({damage_ally})",
            fields=["damage_ally"],
        )
    return [AllyExhausted(ally=found.name)]


def dismiss_ally(game: Game, *, ally: str) -> list[Event]:
    """The Ally leaves the party (dismissed, or as a Henchman's Story entry says)."""
    return [AllyLeft(ally=game.state.ally(ally).name)]


def gain_ally_condition(
    game: Game,
    *,
    ally: Annotated[str, Pick("this_ally")],
    condition: Annotated[str, Pick("conditions")],
) -> list[Event]:
    """The Ally takes a condition token: only the conditions with a token (those that affect
    enemies) reach a Non-Hero Ally (§3)."""
    found = active_ally(game.state, ally)
    spec = game.registry.conditions.get(condition)
    if not spec.token:
        raise BadInput(
            f"{spec.name} has no Condition token (it does not affect enemies), and a Non-Hero "
            f"Ally takes conditions as tokens (§3): {found.name} cannot gain it"
        )
    return [
        AllyConditionGained(
            ally=found.name, condition=spec.name, number=spec.number, rules=spec.rules
        )
    ]


def remove_ally_condition(
    game: Game,
    *,
    ally: Annotated[str, Pick("this_ally")],
    condition: Annotated[str, Pick("held_conditions")],
) -> list[Event]:
    """The Ally's condition token is discarded."""
    spec = game.registry.conditions.get(condition)
    return [AllyConditionRemoved(ally=active_ally(game.state, ally).name, condition=spec.name)]
