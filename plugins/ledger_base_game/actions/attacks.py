"""Attacks (§4.1): an attack action's Action dice, its stamina cost and its stamina faces."""

from ledger.actions import Game
from ledger.dice import ActionRoll, action_successes, check_faces, check_seed, new_seed
from ledger.dice import roll as roll_dice
from ledger.model import Event
from ledger_base_game.actions._rolls import DiceChoice, dice_in_force, read_faces
from ledger_base_game.events.attacks import AttackMade, StaminaSpentCursed, attack_dice
from ledger_base_game.events.checks import CheckGemSpent
from ledger_base_game.events.conditions import ConditionRemoved
from ledger_base_game.events.vitality import StaminaSpent
from ledger_base_game.rules.checks import in_force, spent_conditions


def attack(
    game: Game,
    *,
    hero: str,
    dice: int,
    cost: int = 0,
    spend: int = 0,
    roll: ActionRoll | None = None,
    seed: int | None = None,
    dice_set: DiceChoice = None,
    achievement: bool = False,
) -> list[Event]:
    """``hero`` makes an attack rolling the ``dice`` Action dice it gives (+1 Blessed, -1
    Weakened). ``roll``: the faces read off real dice (then ``seed`` is not used); without
    it the ledger rolls from ``seed``. The ``cost`` and the stamina ``spend`` on stamina
    faces move chips to spent, or straight to wound while Cursed (then discarded). An
    ``achievement`` gem adds 1 success (§6: at any point, one per roll)."""
    state = game.state
    found = state.hero(hero)
    die = dice_in_force(game.registry, state, dice_set).action
    count = attack_dice(state, found, max(dice, 0))
    if roll is not None:
        faces, seed = check_faces(read_faces(roll), die, count, "action"), None
    else:
        seed = check_seed(seed) if seed is not None else new_seed()
        faces = roll_dice(die, count, "action", seed)
    events: list[Event] = [
        AttackMade(
            hero=found.name,
            dice=dice,
            die=die,
            faces=faces,
            seed=seed,
            cost=cost,
            stamina_spent=spend,
            successes=action_successes(faces) + spend + int(achievement),
            achievement=achievement,
        )
    ]
    if achievement:
        events.append(CheckGemSpent(hero=found.name, kind="achievement"))
    paid = cost + spend
    cursed = in_force(state, found, "cursed")
    if paid > 0:
        pay = StaminaSpentCursed if cursed else StaminaSpent
        events.append(pay(hero=found.name, amount=paid))
    for condition in (*spent_conditions(state, found, None), *(("Cursed",) if cursed else ())):
        events.append(ConditionRemoved(hero=found.name, condition=condition))
    return events
