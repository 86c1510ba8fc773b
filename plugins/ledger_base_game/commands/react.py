"""react HERO ABILITY: a reactive check (§5.2) against damage or stamina loss."""

from pathlib import Path

import click

from ledger.dice import reaction_successes
from ledger.errors import BadInput
from ledger.model import Event
from ledger_base_game.checks import ReactionMade
from ledger_base_game.commands.checks import record
from ledger_base_game.commands.rolls import (
    consequences,
    declare,
    dice_in_force,
    dice_option,
    faces_for,
    focus_option,
    gem_option,
    roll_option,
    seed_option,
)
from ledger_base_game.events import DamageTaken, StaminaLost
from ledger_cli.helpers import NUMBERS, App, json_option, output, pass_app, show_recorded


def register(cli: click.Group) -> None:
    @cli.command("react", context_settings=NUMBERS)
    @click.argument("hero")
    @click.argument("ability")
    @click.option("--damage", type=int, default=0, help="The damage the attack deals.")
    @click.option("--stamina-loss", type=int, default=0, help="The stamina loss it causes.")
    @roll_option
    @seed_option
    @dice_option
    @gem_option
    @focus_option
    @click.option(
        "--hourglass",
        type=int,
        default=0,
        help="Successes each hourglass gives through an effect the Ally has (default 0).",
    )
    @json_option
    @pass_app
    def react(
        app: App,
        hero: str,
        ability: str,
        damage: int,
        stamina_loss: int,
        roll_text: str | None,
        seed: int | None,
        dice_file: Path | None,
        gems: tuple[str, ...],
        focus: bool,
        hourglass: int,
        as_json: bool,
    ) -> None:
        """HERO makes a reactive ABILITY check against --damage N or --stamina-loss N.

        Blue dice = the level (+2 Inspiration gem); each success prevents 1; the rest is taken.

        \b
        Example:
          campaign-ledger react Torrax might --damage 3 --roll "2 H 0"
        """
        if (damage > 0) == (stamina_loss > 0) or min(damage, stamina_loss) < 0:
            raise BadInput("give either --damage N or --stamina-loss N, a positive number")
        _, state = app.state()
        declared = declare(app.registry, state, hero, ability, gems=gems, red=False, focus=focus)
        die = dice_in_force(app.registry, state, dice_file).reaction
        faces, seed = faces_for(state, declared, die, "reaction", roll_text, seed)
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
        recorded = record(app, events)
        if not as_json:
            show_recorded(recorded, False)
            return
        reaction = recorded.events[0]
        assert isinstance(reaction, ReactionMade)
        data = {
            "hero": reaction.hero,
            "faces": list(reaction.faces),
            "seed": reaction.seed,
            "prevented": reaction.prevented,
            "taken": reaction.damage + reaction.stamina_loss - reaction.prevented,
            **output.recorded_json(recorded),
        }
        click.echo(output.to_json(data))
