"""Active ability checks (§5.1): the roll, its total against the target, and what it costs."""

from collections.abc import Sequence
from typing import Literal, Unpack

from ledger.actions import Game
from ledger.dice import PER_FACE, ActionRoll, action_successes, stamina_faces
from ledger.errors import BadInput, OutOfRange
from ledger.model import CampaignState, Event
from ledger.rules import injuries
from ledger_base_game.actions._ally_rolls import ally_check
from ledger_base_game.actions._rolls import (
    Declaration,
    Declared,
    DiceChoice,
    consequences,
    declare,
    dice_in_force,
    rolled,
)
from ledger_base_game.events.checks import CheckMade
from ledger_base_game.events.vitality import StaminaSpent
from ledger_base_game.rules.ranges import MAX_TARGET

# Stamina spent on stamina faces in a scenario: a number, or "best", exactly what reaches
# the target if the faces and the chips allow.
Spend = int | Literal["best"]


class CheckIntent(Declaration, total=False):
    """An active check as the table makes it: what the Hero declares (``Declaration``), and

    ``roll``: the faces read off real dice in the order rolled; without it the ledger rolls
    from ``seed`` (a random one when None) and records it. ``dice_set``: the dice for this
    roll only (a definition, or a TOML file). ``spend``: stamina paid on stamina faces in a
    scenario, 0-2 each, or ``"best"``. ``hindered``: -1 (in a scenario). ``outcome``: the
    outcome chosen, e.g. a Story entry."""

    roll: ActionRoll | None
    seed: int | None
    dice_set: DiceChoice
    spend: Spend
    hindered: bool
    outcome: str | None
    check_name: str | None
    repeatable: bool
    once_per_scenario: Sequence[str]


def check_target(target: int | None, lowest: int = 0) -> int | None:
    """A target: ``lowest`` to 999 successes, or None for a "?" check read from a table. A
    check made needs 1 at least (the rules have no target 0); its odds may be asked of 0."""
    if target is not None and not lowest <= target <= MAX_TARGET:
        raise OutOfRange(
            f"{{target}} is from {lowest} to {MAX_TARGET}, not {target}", fields=["target"]
        )
    return target


def make_check(
    game: Game,
    *,
    hero: str,
    ability: str,
    target: int | None,
    choose: str | None = None,
    **intent: Unpack[CheckIntent],
) -> list[Event]:
    """``hero`` makes an active ``ability`` check (``might|agility`` offers a choice, which
    ``choose`` makes) needing ``target`` successes (None: a "?" check), as ``intent`` says.

    Dice = the Hero's level in the ability, +2 for an Inspiration gem, +1 Focus, +1 Blessed,
    -1 Weakened. Stamina faces count +2 outside a scenario; in one, ``spend`` pays 0-2 stamina
    each. The modifiers the Hero meets count, an Achievement gem adds 1, Hindered takes 1.
    Records the check, then its consequences: items discarded, gems spent, Blessed/Weakened
    discarded, stamina spent. For a Non-Hero Ally (``hero`` names one) see
    ``ally_rolls.ally_check``.
    """
    if game.state.find_ally(hero) is not None:
        return ally_check(
            game.registry, game.state, hero, ability, check_target(target, 1), choose, intent
        )
    declared = declare(game.registry, game.state, hero, ability, intent, choose=choose)
    die = dice_in_force(game.registry, game.state, intent.get("dice_set")).action
    return build_check(game.state, declared, die, check_target(target, 1), intent)


def build_check(
    state: CampaignState,
    declared: Declared,
    die: tuple[str, ...],
    target: int | None,
    intent: CheckIntent,
    *,
    progressive: str | None = None,
    best_target: int | None = None,
) -> list[Event]:
    """The check and its consequences, in the order they happen. The total: successes
    rolled, what the declaration adds (``Declared.adds``), and the stamina faces (+2 each
    outside a scenario, else the stamina spent on them)."""
    roll = rolled(state, declared, die, "action", intent.get("roll"), intent.get("seed"))
    faces = roll["faces"]
    hindered = intent.get("hindered", False)
    base = action_successes(faces) + declared.adds(hindered)
    flat = 0 if state.in_scenario else PER_FACE * stamina_faces(faces)
    aim = target if target is not None else best_target
    shortfall = None if aim is None else aim - base
    unspent = declared.hero.stamina.unspent
    spend = intent.get("spend", 0)
    per_face = injuries.stamina_per_face(declared.hero)
    spent = stamina_to_spend(
        spend, state, faces, shortfall, unspent, progressive is not None, per_face
    )
    total = base + flat + (spent if state.in_scenario else 0)
    check = CheckMade(
        **roll,
        choices=declared.choices,
        target=target,
        hindered=hindered,
        stamina_spent=spent,
        discard=declared.discard,
        modifiers=declared.modifiers,
        total=total,
        success=None if target is None else total >= target,
        outcome=intent.get("outcome"),
        progressive=progressive,
        turn_check=turn_check(state, declared, target, intent, progressive),
        once_per_scenario=once_used(state, declared, intent),
    )
    events: list[Event] = [check, *consequences(state, declared)]
    if spent:
        events.append(StaminaSpent(hero=declared.hero.name, amount=spent))
    return events


def turn_check(
    state: CampaignState,
    declared: Declared,
    target: int | None,
    intent: CheckIntent,
    progressive: str | None,
) -> str | None:
    """The check as its once-per-turn limit knows it (§5.1): by name, else by ability and
    target; none outside a scenario, for a repeatable check, or a progressive attempt (its
    own rounds limit it)."""
    name = intent.get("check_name")
    if not state.in_scenario or intent.get("repeatable", False) or progressive is not None:
        if name is not None and not state.in_scenario:
            raise BadInput(
                "{check_name} names a check for its once-per-turn limit, in a scenario",
                fields=["check_name"],
            )
        return None
    if name is not None:
        return name
    return f"{declared.ability.title()} {'?' if target is None else target}"


def once_used(state: CampaignState, declared: Declared, intent: CheckIntent) -> tuple[str, ...]:
    """The once-per-scenario effects the check uses: those declared, and the Talents the
    data marks so whose modifiers apply."""
    named = list(intent.get("once_per_scenario", ()))
    if named and not state.in_scenario:
        raise BadInput(
            "a once-per-scenario effect is used in a scenario", fields=["once_per_scenario"]
        )
    return tuple(dict.fromkeys([*named, *declared.once_per_scenario]))


def stamina_to_spend(
    spend: Spend,
    state: CampaignState,
    faces: tuple[str, ...],
    shortfall: int | None,
    unspent: int,
    partial: bool,
    per_face: int = PER_FACE,
) -> int:
    """A number, or ``best``: exactly what reaches the target if the faces and chips allow
    (else nothing); on a progressive check, where every success counts, as much as helps."""
    if spend != "best":
        return spend
    if not state.in_scenario or shortfall is None or shortfall <= 0:
        return 0
    reachable = min(per_face * stamina_faces(faces), unspent)
    if partial:
        return min(shortfall, reachable)
    return shortfall if shortfall <= reachable else 0
