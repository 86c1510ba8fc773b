"""group-step open|roll|gem|close|show: a group check recorded as the table plays it, each
step an event (§5.3)."""

from pathlib import Path

import click

from ledger.errors import BadInput
from ledger_base_game.commands.checks import record
from ledger_base_game.commands.group import (
    closing,
    group_json,
    hero_order,
    parse_group_target,
    roll_events,
)
from ledger_base_game.commands.rolls import (
    declare,
    dice_option,
    modifier_option,
    roll_option,
    seed_option,
)
from ledger_base_game.group_checks import GroupCheckGem, GroupCheckOpened
from ledger_cli.helpers import (
    NUMBERS,
    App,
    at_option,
    json_option,
    listing_group,
    output,
    pass_app,
    show_recorded,
)


def register(cli: click.Group) -> None:
    step = listing_group(
        cli,
        "group-step",
        "A group check recorded step by step as the table plays it: open, each Hero's roll, "
        "each gem, close (shows the open one).",
        default="show",
    )

    @step.command("open", context_settings=NUMBERS)
    @click.argument("ability")
    @click.argument("target")
    @click.option("--order", metavar="HERO,HERO,...", help="The order agreed (and who rolls).")
    @click.option("--success-entry", metavar="E")
    @click.option("--failure-entry", metavar="E")
    @modifier_option
    @json_option
    @pass_app
    def open_step(
        app: App,
        ability: str,
        target: str,
        order: str | None,
        success_entry: str | None,
        failure_entry: str | None,
        modifiers: tuple[str, ...],
        as_json: bool,
    ) -> None:
        """Open a group ABILITY check needing TARGET (or 8/13/17 by Hero count)."""
        _, state = app.state()
        heroes, agreed = hero_order(state, order)
        number, thresholds = parse_group_target(target, len(heroes))
        chosen = declare(app.registry, state, heroes[0], ability).ability
        opened = GroupCheckOpened(
            ability=chosen,
            target=number,
            thresholds=thresholds,
            order=heroes,
            agreed=agreed,
            success_entry=success_entry,
            failure_entry=failure_entry,
            modifiers=modifiers,
        )
        app.record(opened, as_json=as_json)

    @step.command("roll")
    @click.argument("hero")
    @roll_option
    @seed_option
    @click.option("--gem", "gem", type=click.Choice(["inspiration"]), help="+2 dice.")
    @click.option("--discard", multiple=True, metavar="ITEM")
    @modifier_option
    @dice_option
    @json_option
    @pass_app
    def roll_step(
        app: App,
        hero: str,
        roll_text: str | None,
        seed: int | None,
        gem: str | None,
        discard: tuple[str, ...],
        modifiers: tuple[str, ...],
        dice_file: Path | None,
        as_json: bool,
    ) -> None:
        """HERO's roll, with the optional effects declared before it; the check's modifiers
        given at opening are judged for HERO, and --modifier adds any only HERO's roll has."""
        _, state = app.state()
        events = roll_events(
            app, state, hero, modifiers, discard, gem is not None, roll_text, seed, dice_file
        )
        app.record(*events, as_json=as_json)

    @step.command("gem")
    @click.argument("hero")
    @click.option(
        "--kind",
        type=click.Choice(["achievement", "inspiration"]),
        default="achievement",
        show_default=True,
    )
    @json_option
    @pass_app
    def gem_step(app: App, hero: str, kind: str, as_json: bool) -> None:
        """HERO spends an Achievement gem: +1, once every Hero has rolled."""
        if kind == "inspiration":
            raise BadInput(
                "an Inspiration gem is declared before the roll: `group-step roll HERO --gem "
                "inspiration`; after the roll it is refused (§6)"
            )
        app.record(GroupCheckGem(hero=app.hero_name(hero)), as_json=as_json)

    @step.command("close")
    @json_option
    @pass_app
    def close_step(app: App, as_json: bool) -> None:
        """Total the successes and record the outcome."""
        _, state = app.state()
        closed = closing(state)
        recorded = record(app, [closed])
        if as_json:
            data = group_json(state, closed)
            click.echo(output.to_json({**data, **output.recorded_json(recorded)}))
        else:
            show_recorded(recorded, False)

    @step.command("show")
    @at_option
    @json_option
    @pass_app
    def show_step(app: App, at: str | None = None, as_json: bool = False) -> None:
        """The open group check: order, rolls so far, gems, running total."""
        _, state = app.state(at)
        group = state.group_check
        if as_json:
            click.echo(output.to_json(group_json(state, None) or None))
            return
        if group is None:
            click.echo("No group check is open.")
            return
        click.echo(f"Group {group.ability.title()} check, {group.target} needed")
        for hero in group.order:
            rolled = group.rolled.get(hero)
            gem = " +1 gem" if hero in group.gems else ""
            click.echo(f"  {hero:<12} {'not rolled' if rolled is None else rolled}{gem}")
        click.echo(f"  Total {group.total}")
