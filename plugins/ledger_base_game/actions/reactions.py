"""Reactive ability checks (§5.2): blue dice against damage or stamina loss, or against any
other effect a card names."""

from ledger.actions import Game
from ledger.dice import ReactionRoll, reaction_successes
from ledger.errors import BadInput, OutOfRange
from ledger.model import Event
from ledger_base_game.actions._ally_rolls import ally_react
from ledger_base_game.actions._rolls import (
    Declaration,
    Declared,
    DiceChoice,
    Rolled,
    consequences,
    declare,
    dice_in_force,
    rolled,
)
from ledger_base_game.actions._wounds import with_injury_draws
from ledger_base_game.events.reactions import EffectReacted, ReactionMade
from ledger_base_game.events.vitality import DamageTaken, StaminaLost
from ledger_base_game.rules.ranges import MAX_TARGET


def react(
    game: Game,
    *,
    hero: str,
    ability: str,
    damage: int = 0,
    stamina_loss: int = 0,
    roll: ReactionRoll | None = None,
    seed: int | None = None,
    dice_set: DiceChoice = None,
    inspiration: bool = False,
    achievement: bool = False,
    focus: bool = False,
    hourglass: int = 0,
    choose: str | None = None,
) -> list[Event]:
    """``hero`` makes a reactive ``ability`` check against ``damage`` or ``stamina_loss``
    (one of them, positive); ``might|agility`` lets the player choose (``choose``, else the
    Hero's highest level; seed: "allow you to choose between two or more abilities"). Blue
    dice = the level (+2 Inspiration gem, +1 Focus, +1 Blessed); each success prevents 1, an
    hourglass gives ``hourglass`` successes through an effect the Ally has, an Achievement gem
    1 more; the rest is taken."""
    if (damage > 0) == (stamina_loss > 0) or min(damage, stamina_loss) < 0:
        raise BadInput(
            "give either {damage} N or {stamina_loss} N, a positive number",
            fields=["damage", "stamina_loss"],
        )
    state = game.state
    intent: Declaration = {"inspiration": inspiration, "achievement": achievement, "focus": focus}
    if state.find_ally(hero) is not None:  # a Non-Hero Ally: no gems, no Focus
        return ally_react(
            game.registry, state, hero, ability, choose=choose, dice_set=dice_set,
            faces=roll, seed=seed, hourglass=hourglass, damage=damage,
            stamina_loss=stamina_loss, intent=intent,
        )  # fmt: skip
    declared, made, successes = _blue_roll(
        game, hero, ability, intent, choose, dice_set, roll, seed, hourglass
    )
    reaction = ReactionMade(
        **made,
        hourglass=hourglass,
        damage=damage,
        stamina_loss=stamina_loss,
        prevented=min(successes, damage + stamina_loss),
    )
    events: list[Event] = [reaction, *consequences(state, declared, red=False)]
    if reaction.taken:
        taken = DamageTaken if damage else StaminaLost
        events.append(taken(hero=reaction.hero, amount=reaction.taken))
    return with_injury_draws(state, events)


def react_to_effect(
    game: Game,
    *,
    hero: str,
    ability: str,
    against: str,
    target: int,
    roll: ReactionRoll | None = None,
    seed: int | None = None,
    dice_set: DiceChoice = None,
    inspiration: bool = False,
    achievement: bool = False,
    focus: bool = False,
    hourglass: int = 0,
    choose: str | None = None,
) -> list[Event]:
    """``hero`` reacts with ``ability`` against the effect ``against`` (falling rocks, a trap,
    a spell: anything but damage or stamina loss, which ``react`` takes): blue dice as for
    ``react``; the effect is avoided when the successes (an Achievement gem 1 more) reach
    ``target``. What the effect does is not known to the ledger and is not applied."""
    effect = " ".join(against.split())
    if not effect:
        raise BadInput("name the effect reacted to: {against} TEXT", fields=["against"])
    effect_target(target)
    state = game.state
    intent: Declaration = {"inspiration": inspiration, "achievement": achievement, "focus": focus}
    if state.find_ally(hero) is not None:
        return ally_react(
            game.registry, state, hero, ability, choose=choose, dice_set=dice_set,
            faces=roll, seed=seed, hourglass=hourglass, against=effect, target=target,
            intent=intent,
        )  # fmt: skip
    declared, made, successes = _blue_roll(
        game, hero, ability, intent, choose, dice_set, roll, seed, hourglass
    )
    reaction = EffectReacted(
        **made, hourglass=hourglass, against=effect, target=target, successes=successes
    )
    return [reaction, *consequences(state, declared, red=False)]


def _blue_roll(
    game: Game,
    hero: str,
    ability: str,
    intent: Declaration,
    choose: str | None,
    dice_set: DiceChoice,
    roll: tuple[str, ...] | None,
    seed: int | None,
    hourglass: int,
) -> tuple[Declared, Rolled, int]:
    """A reaction's declaration, its roll of Reaction dice as its event records it, and the
    successes (an hourglass counts ``hourglass``, an Achievement gem 1)."""
    state = game.state
    declared = declare(game.registry, state, hero, ability, intent, choose=choose, red=False)
    die = dice_in_force(game.registry, state, dice_set).reaction
    made = rolled(state, declared, die, "reaction", roll, seed)
    return declared, made, reaction_successes(made["faces"], hourglass) + declared.achievement


def effect_target(target: int) -> int:
    """The successes that avoid an effect: 1 to 999."""
    if not 1 <= target <= MAX_TARGET:
        raise OutOfRange(
            f"{{target}}, the successes that avoid it, is from 1 to {MAX_TARGET}, not {target}",
            fields=["target"],
        )
    return target
