"""progressive open | attempt | round | show: progressive checks (§5.1), whose successes build
up over attempts and Heroes towards a target such as 2xHC+4."""

import re
from typing import Any

import click

from ledger.errors import BadInput
from ledger.text import quoted
from ledger_base_game.commands.checks import (
    build_check,
    check_options,
    record,
    show_check,
    with_options,
)
from ledger_base_game.commands.rolls import declare, dice_in_force
from ledger_base_game.group_checks import ProgressiveCheckOpened, ProgressiveRound
from ledger_cli.helpers import NUMBERS, App, at_option, json_option, listing_group, output, pass_app

# "12", "HC", "2xHC+4", "3×HC-1": HC is the Hero Count symbol.
FORMULA = re.compile(r"^\s*(?:(\d+)\s*[x×*]\s*)?HC\s*(?:([+-])\s*(\d+))?\s*$", re.IGNORECASE)


def evaluate_target(text: str, heroes: int) -> int:
    if text.strip().isdigit():
        return int(text)
    match = FORMULA.match(text)
    if match is None:
        raise BadInput(f"TARGET is a number or a formula like 2xHC+4, not {quoted(text)}")
    factor, sign, offset = match.groups()
    value = int(factor or 1) * heroes
    if offset:
        value += int(offset) if sign == "+" else -int(offset)
    return value


def register(cli: click.Group) -> None:
    progressive = listing_group(
        cli,
        "progressive",
        "Progressive checks: successes build up over attempts and Heroes (shows them).",
        default="show",
    )

    @progressive.command("open", context_settings=NUMBERS)
    @click.argument("name")
    @click.argument("ability")
    @click.argument("target")
    @click.option("--heroes", type=int, help="The Hero Count (default: Heroes in the campaign).")
    @json_option
    @pass_app
    def open_progressive(
        app: App, name: str, ability: str, target: str, heroes: int | None, as_json: bool
    ) -> None:
        """Open progressive check NAME: ABILITY, TARGET successes (a number or 2xHC+4).

        \b
        Example:
          campaign-ledger progressive open "Collapsed gate" might 2xHC+4
        """
        _, state = app.state()
        count = heroes if heroes is not None else len(state.heroes)
        if not 1 <= count <= 9:
            raise BadInput(f"the Hero Count is from 1 to 9, not {count}")
        chosen = ability.strip().lower()
        event = ProgressiveCheckOpened(
            name=name,
            ability=chosen,  # type: ignore[arg-type]
            target=evaluate_target(target, count),
            formula=target if not target.strip().isdigit() else "",
        )
        app.record(event, as_json=as_json)

    @progressive.command("attempt", context_settings=NUMBERS)
    @click.argument("name")
    @click.argument("hero")
    @with_options(check_options)
    @pass_app
    def attempt(app: App, /, name: str, hero: str, **options: Any) -> None:
        """HERO attempts progressive check NAME: a check whose total adds to the progress.

        \b
        Example (§10.3):
          campaign-ledger progressive attempt "Collapsed gate" Torrax --roll "1+ 1 1 S" \\
            --spend-stamina 1
        """
        as_json = options.pop("as_json")
        _, state = app.state()
        check = state.progressive_checks.get(name)
        if check is None:
            known = ", ".join(state.progressive_checks) or "none"
            raise BadInput(f"no progressive check named {quoted(name)} (open: {known})")
        declared = declare(
            app.registry,
            state,
            hero,
            check.ability,
            modifiers=options["modifiers"],
            discard=options["discard"],
            gems=options["gems"],
            focus=options["focus"],
        )
        remaining = check.target - check.progress
        spend = options["spend"]
        events = build_check(
            state,
            declared,
            dice_in_force(app.registry, state, options["dice_file"]).action,
            None,
            options["roll_text"],
            options["seed"],
            spend,
            options["hindered"],
            options["outcome"],
            progressive=check.name,
            best_target=remaining,
        )
        show_check(record(app, events), as_json)

    @progressive.command("round")
    @click.argument("name")
    @json_option
    @pass_app
    def new_round(app: App, name: str, as_json: bool) -> None:
        """A new round: every Hero may attempt NAME again."""
        app.record(ProgressiveRound(name=name), as_json=as_json)

    @progressive.command("show")
    @at_option
    @json_option
    @pass_app
    def show(app: App, at: str | None = None, as_json: bool = False) -> None:
        """Every progressive check: progress, target, who attempted this round."""
        _, state = app.state(at)
        checks = state.progressive_checks
        if as_json:
            data = {
                name: {
                    "ability": c.ability,
                    "progress": c.progress,
                    "target": c.target,
                    "remaining": max(c.target - c.progress, 0),
                    "complete": c.complete,
                    "round": c.turn,
                    "attempted": list(c.attempted),
                }
                for name, c in checks.items()
            }
            click.echo(output.to_json(data))
            return
        for name, c in checks.items():
            done = " — complete" if c.complete else f", {c.target - c.progress} to go"
            tried = f"; attempted this round: {', '.join(c.attempted)}" if c.attempted else ""
            click.echo(f"{name}: {c.ability.title()} {c.progress}/{c.target}{done}{tried}")
        if not checks:
            click.echo("No progressive checks.")
