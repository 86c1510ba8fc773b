"""Reactive ability checks (§5.2): blue dice against damage or stamina loss."""

from ledger.actions import Game
from ledger.dice.scoring import reaction_successes
from ledger.errors import BadInput
from ledger.event import Event
from ledger_base_game.actions._rolls import (
    DiceChoice,
    consequences,
    declare,
    dice_in_force,
    faces_for,
)
from ledger_base_game.checks import ReactionMade
from ledger_base_game.events import DamageTaken, StaminaLost


def react(
    game: Game,
    *,
    hero: str,
    ability: str,
    damage: int = 0,
    stamina_loss: int = 0,
    roll: tuple[str, ...] | None = None,
    seed: int | None = None,
    dice_set: DiceChoice = None,
    inspiration: bool = False,
    achievement: bool = False,
    focus: bool = False,
    hourglass: int = 0,
) -> list[Event]:
    """``hero`` makes a reactive ``ability`` check against ``damage`` or ``stamina_loss``
    (one of them, positive). Blue dice = the level (+2 Inspiration gem, +1 Focus, +1
    Blessed); each success prevents 1, an hourglass gives ``hourglass`` successes through an
    effect the Ally has, an Achievement gem 1 more; the rest is taken."""
    if (damage > 0) == (stamina_loss > 0) or min(damage, stamina_loss) < 0:
        raise BadInput(
            "give either {damage} N or {stamina_loss} N, a positive number",
            fields=["damage", "stamina_loss"],
        )
    state = game.state
    declared = declare(
        game.registry,
        state,
        hero,
        ability,
        inspiration=inspiration,
        achievement=achievement,
        red=False,
        focus=focus,
    )
    die = dice_in_force(game.registry, state, dice_set).reaction
    faces, seed = faces_for(state, declared, die, "reaction", roll, seed)
    amount = damage + stamina_loss
    prevented = min(reaction_successes(faces, hourglass) + declared.achievement, amount)
    name = declared.hero.name
    events: list[Event] = [
        ReactionMade(
            hero=name,
            ability=declared.ability,
            dice=declared.dice,
            die=die,
            faces=faces,
            seed=seed,
            inspiration=declared.inspiration,
            achievement=declared.achievement,
            hourglass=hourglass,
            focus=declared.focus,
            damage=damage,
            stamina_loss=stamina_loss,
            prevented=prevented,
        ),
        *consequences(state, declared, red=False),
    ]
    if amount > prevented:
        taken = DamageTaken if damage else StaminaLost
        events.append(taken(hero=name, amount=amount - prevented))
    return events
