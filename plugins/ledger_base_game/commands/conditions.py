"""condition add | condition remove | condition list"""

import click

from ledger.text import printable
from ledger_base_game.actions import conditions as actions
from ledger_cli.helpers import (
    App,
    Command,
    at_option,
    complete_condition,
    complete_hero,
    json_option,
    listing_group,
    output,
    pass_app,
    terminal,
)


@click.command("add", cls=Command)
@click.argument("hero", shell_complete=complete_hero)
@click.argument("name", shell_complete=complete_condition)
@json_option
@pass_app
def add(app: App, hero: str, name: str, as_json: bool) -> None:
    """HERO gains condition NAME.

    \b
    Example:
      campaign-ledger condition add "Zuva'Sai" Cursed
    """
    app.do(actions.gain_condition, hero=hero, condition=name, as_json=as_json)


@click.command("remove", cls=Command)
@click.argument("hero", shell_complete=complete_hero)
@click.argument("name", shell_complete=complete_condition)
@json_option
@pass_app
def remove(app: App, hero: str, name: str, as_json: bool) -> None:
    """HERO loses condition NAME."""
    app.do(actions.remove_condition, hero=hero, condition=name, as_json=as_json)


@click.command("list", cls=Command)
@json_option
@pass_app
def list_conditions(app: App, as_json: bool = False) -> None:
    """The conditions the loaded plugins know, by number."""
    known = sorted(app.content().conditions.entries(), key=lambda c: c.number)
    if as_json:
        click.echo(output.to_json([{"number": c.number, "name": c.name} for c in known]))
        return
    for spec in known:
        click.echo(f"{spec.number:>3}  {spec.name:<10} {spec.effect}")


@click.command("show", cls=Command)
@at_option
@json_option
@pass_app
def show(app: App, at: str | None = None, as_json: bool = False) -> None:
    """Who has which conditions, now or at --at (`condition list`: the conditions known)."""
    _, state = app.state(at)
    held = {
        hero.name: [c.name for c in sorted(hero.conditions, key=lambda c: c.number)]
        for hero in state.heroes.values()
    }
    if as_json:
        click.echo(output.to_json(held))
        return
    note = "" if state.in_scenario else " (no effect until the scenario)"
    rows = [[hero, (", ".join(names) + note) if names else "none"] for hero, names in held.items()]
    terminal.table(["Hero", "Conditions"], [[printable(cell) for cell in row] for row in rows])


def register(cli: click.Group) -> None:
    condition = listing_group(
        cli,
        "condition",
        "Conditions: at most two, no duplicates, a third discards the lowest number (§3).",
        default="show",
    )
    for command in (add, remove, list_conditions, show):
        condition.add_command(command)
