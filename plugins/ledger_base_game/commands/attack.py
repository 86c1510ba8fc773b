"""attack HERO DICE: an attack action's Action dice, its stamina cost and stamina faces."""

from pathlib import Path

import click

from ledger.dice import action_successes, check_seed, new_seed, parse_faces, roll
from ledger.model import Event
from ledger_base_game.attacks import AttackMade, StaminaSpentCursed, attack_dice
from ledger_base_game.check_rules import in_force
from ledger_base_game.commands.checks import record
from ledger_base_game.commands.rolls import dice_in_force, dice_option, roll_option, seed_option
from ledger_base_game.events import ConditionRemoved, StaminaSpent
from ledger_cli.helpers import NUMBERS, App, json_option, output, pass_app, show_recorded


def register(cli: click.Group) -> None:
    @cli.command("attack", context_settings=NUMBERS)
    @click.argument("hero")
    @click.argument("dice", type=int)
    @click.option("--cost", type=int, default=0, help="The action's stamina cost.")
    @click.option(
        "--spend-stamina",
        "spend",
        type=int,
        default=0,
        help="Stamina spent on stamina faces (0-2 each).",
    )
    @roll_option
    @seed_option
    @dice_option
    @json_option
    @pass_app
    def attack(
        app: App,
        hero: str,
        dice: int,
        cost: int,
        spend: int,
        roll_text: str | None,
        seed: int | None,
        dice_file: Path | None,
        as_json: bool,
    ) -> None:
        """HERO makes an attack rolling DICE Action dice (+1 Blessed, -1 Weakened).

        The cost and the stamina spent on stamina faces move chips to spent, or straight to
        wound while Cursed (which is then discarded).

        \b
        Example (§10.19):
          campaign-ledger attack Torrax 2 --cost 2 --roll "S 1" --spend-stamina 2
        """
        _, state = app.state()
        found = state.hero(hero)
        die = dice_in_force(app.registry, state, dice_file).action
        count = attack_dice(state, found, max(dice, 0))
        if roll_text is not None:
            faces, seed = parse_faces(roll_text, die, count, "action"), None
        else:
            seed = check_seed(seed) if seed is not None else new_seed()
            faces = roll(die, count, "action", seed)
        events: list[Event] = [
            AttackMade(
                hero=found.name,
                dice=dice,
                die=die,
                faces=faces,
                seed=seed,
                cost=cost,
                stamina_spent=spend,
                successes=action_successes(faces) + spend,
            )
        ]
        paid = cost + spend
        cursed = in_force(state, found, "cursed")
        if paid > 0:
            pay = StaminaSpentCursed if cursed else StaminaSpent
            events.append(pay(hero=found.name, amount=paid))
        for condition in ("Blessed", "Weakened", *(("Cursed",) if cursed else ())):
            if in_force(state, found, condition.lower()):
                events.append(ConditionRemoved(hero=found.name, condition=condition))
        recorded = record(app, events)
        if as_json:
            made = recorded.events[0]
            assert isinstance(made, AttackMade)
            data = {"faces": list(made.faces), "seed": made.seed, "successes": made.successes}
            click.echo(output.to_json({**data, **output.recorded_json(recorded)}))
        else:
            show_recorded(recorded, False)
