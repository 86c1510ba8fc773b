"""A Non-Hero Ally's checks and reactions (§4.1, §5), which ``make_check`` and ``react`` hand
over to when the name they are given is an Ally's: the same roll, without what only a Hero
has (stamina to spend, gems, items, Talents, Hero actions such as Focus)."""

from collections.abc import Mapping
from typing import Any

from ledger.dice import (
    DieKind,
    action_successes,
    check_faces,
    check_seed,
    new_seed,
    reaction_successes,
    roll,
)
from ledger.errors import BadInput
from ledger.hosting import Registry
from ledger.model import Ally, CampaignState, Event
from ledger_base_game.actions._rolls import DiceChoice, choose_ability, dice_in_force, read_faces
from ledger_base_game.actions.allies import hurt_ally
from ledger_base_game.events.allies import AllyConditionRemoved, active_ally
from ledger_base_game.events.ally_rolls import (
    AllyCheckMade,
    AllyReacted,
    ally_dice,
    ally_dice_reason,
)
from ledger_base_game.rules.checks import Ability, condition_modifier, spent_conditions

# What a Hero may declare that a Non-Hero Ally has not, and why, by intent field.
HERO_ONLY = {
    "spend": "has no stamina to spend: its stamina faces count 0 (seed)",
    "inspiration": "has no gems to spend (gems are a Hero's, §6)",
    "achievement": "has no gems to spend (gems are a Hero's, §6)",
    "focus": "takes no Focus action (a Hero action, §5.1)",
    "discard": "carries no items to discard",
    "modifiers": "meets no modifier: they ask for a Hero's items, Talents or keywords",
    "once_per_scenario": "uses no once-per-scenario effect: they are a Hero's",
}


def refuse_hero_only(ally: Ally, intent: Mapping[str, Any]) -> None:
    """Refuse, naming each, what the intent declares that only a Hero has."""
    declared = [field for field in HERO_ONLY if intent.get(field) not in (None, False, 0, (), [])]
    if declared:
        why = "; ".join(f"{{{field}}}: {ally.name} {HERO_ONLY[field]}" for field in declared)
        raise BadInput(f"{ally.name} is a Non-Hero Ally: {why}", fields=declared)


def ally_faces(
    state: CampaignState,
    ally: Ally,
    ability: Ability,
    die: tuple[str, ...],
    red: bool,
    faces: tuple[str, ...] | None,
    seed: int | None,
) -> tuple[int, tuple[str, ...], int | None]:
    """The dice the Ally rolls, and the faces read off them or rolled from ``seed``."""
    kind: DieKind = "action" if red else "reaction"
    dice = ally_dice(state, ally, ability, red)
    if faces is not None:
        if seed is not None:
            raise BadInput(
                "{seed} is for dice the ledger rolls; leave it out with {roll}",
                fields=["seed", "roll"],
            )
        why = ally_dice_reason(state, ally, ability, red)
        return dice, check_faces(read_faces(faces), die, dice, kind, why), None
    seed = check_seed(seed) if seed is not None else new_seed()
    return dice, roll(die, dice, kind, seed), seed


def spent_tokens(state: CampaignState, ally: Ally, ability: str, red: bool) -> list[Event]:
    """The condition tokens this roll spends (Weakened), discarded after it."""
    return [
        AllyConditionRemoved(ally=ally.name, condition=name)
        for name in spent_conditions(state, ally, ability, red)
    ]


def ally_check(
    registry: Registry,
    state: CampaignState,
    ally: str,
    ability: str,
    target: int | None,
    choose: str | None,
    intent: Mapping[str, Any],
) -> list[Event]:
    """The Ally's active check: successes on the faces (the stamina face 0), what its
    condition tokens in force add, -1 Hindered; once per turn in a scenario, as for a Hero."""
    found = active_ally(state, ally)
    refuse_hero_only(found, intent)
    chosen, choices = choose_ability(found, ability, choose)
    die = dice_in_force(registry, state, intent.get("dice_set")).action
    dice, faces, seed = ally_faces(
        state, found, chosen, die, True, intent.get("roll"), intent.get("seed")
    )
    hindered = bool(intent.get("hindered", False))
    total = action_successes(faces) - hindered + condition_modifier(state, found, chosen)
    check = AllyCheckMade(
        ally=found.name,
        ability=chosen,
        choices=choices,
        target=target,
        dice=dice,
        die=die,
        faces=faces,
        seed=seed,
        hindered=hindered,
        total=total,
        success=None if target is None else total >= target,
        outcome=intent.get("outcome"),
        turn_check=turn_check(state, chosen, target, intent),
    )
    return [check, *spent_tokens(state, found, chosen, True)]


def turn_check(
    state: CampaignState, ability: str, target: int | None, intent: Mapping[str, Any]
) -> str | None:
    """The check as its once-per-turn limit knows it (§5.1), as for a Hero's."""
    name = intent.get("check_name")
    if not state.in_scenario or intent.get("repeatable", False):
        if name is not None and not state.in_scenario:
            raise BadInput(
                "{check_name} names a check for its once-per-turn limit, in a scenario",
                fields=["check_name"],
            )
        return None
    return (
        str(name) if name is not None else f"{ability.title()} {'?' if target is None else target}"
    )


def ally_react(
    registry: Registry,
    state: CampaignState,
    ally: str,
    ability: str,
    *,
    choose: str | None,
    dice_set: DiceChoice,
    faces: tuple[str, ...] | None,
    seed: int | None,
    hourglass: int,
    damage: int = 0,
    stamina_loss: int = 0,
    against: str | None = None,
    target: int = 0,
    intent: Mapping[str, Any],
) -> list[Event]:
    """The Ally's reactive check against damage or stamina loss (what is not prevented is
    damage, and exhaustion at 0 health), or against a named effect (not applied)."""
    found = active_ally(state, ally)
    refuse_hero_only(found, intent)
    chosen, _ = choose_ability(found, ability, choose)
    die = dice_in_force(registry, state, dice_set).reaction
    dice, rolled, seed = ally_faces(state, found, chosen, die, False, faces, seed)
    prevented = (
        0
        if against is not None
        else min(reaction_successes(rolled, hourglass), damage + stamina_loss)
    )
    reaction = AllyReacted(
        ally=found.name,
        ability=chosen,
        dice=dice,
        die=die,
        faces=rolled,
        seed=seed,
        hourglass=hourglass,
        damage=damage,
        stamina_loss=stamina_loss,
        against=against,
        target=target,
        prevented=prevented,
    )
    events: list[Event] = [reaction, *spent_tokens(state, found, chosen, False)]
    if against is None and reaction.taken and found.health is not None:
        events += hurt_ally(state, found.name, reaction.taken, stamina_loss=bool(stamina_loss))
    return events
