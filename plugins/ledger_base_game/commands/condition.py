"""condition add | condition remove | condition list"""

import click

from ledger_base_game.events import ConditionGained, ConditionRemoved
from ledger_cli.helpers import App, json_option, listing_group, output, pass_app


def register(cli: click.Group) -> None:
    condition = listing_group(
        cli,
        "condition",
        "Conditions: at most two, no duplicates, a third discards the lowest number (§3).",
        default="list",
    )

    @condition.command("add")
    @click.argument("hero")
    @click.argument("name")
    @json_option
    @pass_app
    def add(app: App, hero: str, name: str, as_json: bool) -> None:
        """HERO gains condition NAME.

        \b
        Example:
          campaign-ledger condition add Zuva'Sai Cursed
        """
        spec = app.registry.conditions.get(name)
        event = ConditionGained(hero=app.hero_name(hero), condition=spec.name, number=spec.number)
        app.record(event, as_json=as_json)

    @condition.command("remove")
    @click.argument("hero")
    @click.argument("name")
    @json_option
    @pass_app
    def remove(app: App, hero: str, name: str, as_json: bool) -> None:
        """HERO loses condition NAME."""
        spec = app.registry.conditions.get(name)
        app.record(ConditionRemoved(hero=app.hero_name(hero), condition=spec.name), as_json=as_json)

    @condition.command("list")
    @json_option
    @pass_app
    def list_conditions(app: App, as_json: bool = False) -> None:
        """The conditions the loaded plugins know, by number."""
        known = sorted(
            (app.registry.conditions.get(n) for n in app.registry.conditions.names()),
            key=lambda c: c.number,
        )
        if as_json:
            click.echo(output.to_json([{"number": c.number, "name": c.name} for c in known]))
            return
        for spec in known:
            click.echo(f"{spec.number:>3}  {spec.name:<10} {spec.effect}")
