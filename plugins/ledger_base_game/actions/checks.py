"""Active ability checks (§5.1): the roll, its total against the target, and what it costs."""

from collections.abc import Sequence
from typing import Literal

from ledger.actions import Game
from ledger.dice.scoring import PER_FACE, action_successes, stamina_faces
from ledger.errors import BadInput
from ledger.event import Event
from ledger.state import CampaignState
from ledger_base_game.actions._rolls import (
    Declared,
    DiceChoice,
    ModifierIntent,
    consequences,
    declare,
    dice_in_force,
    faces_for,
)
from ledger_base_game.checks import CheckMade
from ledger_base_game.events import StaminaSpent

MAX_TARGET = 999
# Stamina spent on stamina faces in a scenario: a number, or "best", exactly what reaches
# the target if the faces and the chips allow.
Spend = int | Literal["best"]


def check_target(target: int | None) -> int | None:
    """A check's target: 0 to 999 successes, or None for a "?" check read from a table."""
    if target is not None and not 0 <= target <= MAX_TARGET:
        raise BadInput(f"{{target}} is from 0 to {MAX_TARGET}, not {target}", fields=["target"])
    return target


def make_check(
    game: Game,
    *,
    hero: str,
    ability: str,
    target: int | None,
    roll: tuple[str, ...] | None = None,
    seed: int | None = None,
    dice_set: DiceChoice = None,
    modifiers: Sequence[ModifierIntent] = (),
    discard: Sequence[str] = (),
    spend: Spend = 0,
    inspiration: bool = False,
    achievement: bool = False,
    hindered: bool = False,
    focus: bool = False,
    choose: str | None = None,
    outcome: str | None = None,
) -> list[Event]:
    """``hero`` makes an active ``ability`` check (``might|agility`` offers a choice, which
    ``choose`` makes) needing ``target`` successes (None: a "?" check).

    ``roll``: the faces read off real dice in the order rolled; without it the ledger rolls
    from ``seed`` (a random one when None) and records it. Dice = the Hero's level, +2 for an
    Inspiration gem, +1 Focus, +1 Blessed, -1 Weakened. Stamina faces count +2 outside a
    scenario; in one, ``spend`` pays 0-2 stamina each. The modifiers the Hero meets count,
    an Achievement gem adds 1, Hindered takes 1. Records the check, then its consequences:
    items discarded, gems spent, Blessed/Weakened discarded, stamina spent.
    """
    declared = declare(
        game.registry,
        game.state,
        hero,
        ability,
        choose=choose,
        modifiers=modifiers,
        discard=discard,
        inspiration=inspiration,
        achievement=achievement,
        focus=focus,
    )
    die = dice_in_force(game.registry, game.state, dice_set).action
    aim = check_target(target)
    return build_check(
        game.state, declared, die, aim, roll, seed, spend, hindered, outcome, progressive=None
    )


def build_check(
    state: CampaignState,
    declared: Declared,
    die: tuple[str, ...],
    target: int | None,
    roll: tuple[str, ...] | None,
    seed: int | None,
    spend: Spend,
    hindered: bool,
    outcome: str | None,
    progressive: str | None = None,
    best_target: int | None = None,
) -> list[Event]:
    """The check and its consequences, in the order they happen. The total: successes
    rolled, the modifiers that apply, an Achievement gem, -1 Hindered, and the stamina faces
    (+2 each outside a scenario, else the stamina spent on them)."""
    faces, seed = faces_for(state, declared, die, "action", roll, seed)
    base = action_successes(faces) + declared.bonus + declared.achievement - hindered
    flat = 0 if state.in_scenario else PER_FACE * stamina_faces(faces)
    aim = target if target is not None else best_target
    shortfall = None if aim is None else aim - base
    unspent = declared.hero.stamina.unspent
    spent = stamina_to_spend(spend, state, faces, shortfall, unspent, progressive is not None)
    total = base + flat + (spent if state.in_scenario else 0)
    check = CheckMade(
        hero=declared.hero.name,
        ability=declared.ability,
        choices=declared.choices,
        target=target,
        dice=declared.dice,
        die=die,
        faces=faces,
        seed=seed,
        inspiration=declared.inspiration,
        achievement=declared.achievement,
        hindered=hindered,
        focus=declared.focus,
        stamina_spent=spent,
        discard=declared.discard,
        modifiers=declared.modifiers,
        total=total,
        success=None if target is None else total >= target,
        outcome=outcome,
        progressive=progressive,
    )
    events: list[Event] = [check, *consequences(state, declared)]
    if spent:
        events.append(StaminaSpent(hero=declared.hero.name, amount=spent))
    return events


def stamina_to_spend(
    spend: Spend,
    state: CampaignState,
    faces: tuple[str, ...],
    shortfall: int | None,
    unspent: int,
    partial: bool,
) -> int:
    """A number, or ``best``: exactly what reaches the target if the faces and chips allow
    (else nothing); on a progressive check, where every success counts, as much as helps."""
    if spend != "best":
        return spend
    if not state.in_scenario or shortfall is None or shortfall <= 0:
        return 0
    reachable = min(PER_FACE * stamina_faces(faces), unspent)
    if partial:
        return min(shortfall, reachable)
    return shortfall if shortfall <= reachable else 0
