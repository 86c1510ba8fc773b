"""check HERO ABILITY TARGET: an active ability check (§5.1), built as progressive
attempts build theirs."""

from collections.abc import Callable
from typing import Any, TypeVar

import click

from ledger.campaign import Recorded
from ledger.dice import PER_FACE, action_successes, stamina_faces
from ledger.errors import BadInput
from ledger.model import CampaignState, Event
from ledger_base_game.checks import CheckMade
from ledger_base_game.commands.rolls import (
    Declared,
    consequences,
    declare,
    dice_in_force,
    dice_option,
    discard_option,
    faces_for,
    focus_option,
    gem_option,
    modifier_option,
    modifiers_json,
    parse_target,
    roll_option,
    seed_option,
)
from ledger_base_game.events import StaminaSpent
from ledger_cli.helpers import NUMBERS, App, json_option, output, pass_app, show_recorded


def record(app: App, events: list[Event]) -> Recorded:
    return app.campaign().record(
        events, expected_seq=app.expect_seq, idempotency_key=app.idempotency_key
    )


def stamina_to_spend(
    text: str,
    state: CampaignState,
    faces: tuple[str, ...],
    shortfall: int | None,
    unspent: int,
    partial: bool,
) -> int:
    """A number, or ``best``: exactly what reaches the target if the faces and chips allow
    (else nothing); on a progressive check, where every success counts, as much as helps."""
    if text != "best":
        try:
            return int(text)
        except ValueError:
            raise BadInput(f"--spend-stamina is a number or 'best', not {text!r}") from None
    if not state.in_scenario or shortfall is None or shortfall <= 0:
        return 0
    reachable = min(PER_FACE * stamina_faces(faces), unspent)
    if partial:
        return min(shortfall, reachable)
    return shortfall if shortfall <= reachable else 0


def build_check(
    state: CampaignState,
    declared: Declared,
    die: tuple[str, ...],
    target: int | None,
    roll_text: str | None,
    seed: int | None,
    spend: str,
    hindered: bool,
    outcome: str | None,
    progressive: str | None = None,
    best_target: int | None = None,
) -> list[Event]:
    """The check and its consequences, in the order they happen."""
    faces, seed = faces_for(state, declared, die, "action", roll_text, seed)
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


def check_json(recorded: Recorded) -> dict[str, Any]:
    check = recorded.events[0]
    assert isinstance(check, CheckMade)
    return {
        "hero": check.hero,
        "ability": check.ability,
        "target": check.target,
        "dice": check.dice,
        "faces": list(check.faces),
        "seed": check.seed,
        "stamina_spent": check.stamina_spent,
        "modifiers": modifiers_json(check.modifiers),
        "total": check.total,
        "success": check.success,
        "outcome": check.outcome,
        **output.recorded_json(recorded),
    }


def show_check(recorded: Recorded, as_json: bool) -> None:
    if as_json:
        click.echo(output.to_json(check_json(recorded)))
    else:
        show_recorded(recorded, False)


check_options = [
    roll_option,
    seed_option,
    dice_option,
    modifier_option,
    discard_option,
    click.option(
        "--spend-stamina",
        "spend",
        default="0",
        metavar="N|best",
        help="In a scenario: stamina spent on stamina faces (0-2 each, after extra rolls); "
        "'best' spends exactly what reaches the target.",
    ),
    gem_option,
    click.option("--hindered", is_flag=True, help="The Hero is Hindered: -1 (in a scenario)."),
    focus_option,
    click.option("--choose", metavar="ABILITY", help="For A|B checks: the ability used."),
    click.option("--outcome", metavar="ENTRY", help="The outcome chosen, e.g. a Story entry."),
    json_option,
]


F = TypeVar("F", bound=Callable[..., Any])


def with_options(options: list[Any]) -> Callable[[F], F]:
    def decorate(command: F) -> F:
        for option in reversed(options):
            command = option(command)
        return command

    return decorate


def register(cli: click.Group) -> None:
    @cli.command("check", context_settings=NUMBERS)
    @click.argument("hero")
    @click.argument("ability")
    @click.argument("target")
    @with_options(check_options)
    @pass_app
    def check(app: App, /, hero: str, ability: str, target: str, **options: Any) -> None:
        """HERO makes an active ABILITY check needing TARGET successes (or ?).

        Dice = the Hero's level, +2 Inspiration gem, +1 Blessed, -1 Weakened. Stamina faces
        count +2 outside a scenario; in one, spend 0-2 stamina each. The modifiers that the
        Hero meets are added, with the reason; an Achievement gem adds 1, Hindered takes 1.

        \b
        Examples:
          campaign-ledger check Venia agility 3 --roll "1 1 S"
          campaign-ledger check Venia 'might|agility' 4 --modifier "+2:phrase=Lock picking"
          campaign-ledger check Torrax might 5 --roll "1+ 1 1 S" --spend-stamina 1
        """
        as_json = options.pop("as_json")
        _, state = app.state()
        declared = declare(
            app.registry,
            state,
            hero,
            ability,
            choose=options["choose"],
            modifiers=options["modifiers"],
            discard=options["discard"],
            gems=options["gems"],
            focus=options["focus"],
        )
        events = build_check(
            state,
            declared,
            dice_in_force(app.registry, state, options["dice_file"]).action,
            parse_target(target),
            options["roll_text"],
            options["seed"],
            options["spend"],
            options["hindered"],
            options["outcome"],
        )
        show_check(record(app, events), as_json)
