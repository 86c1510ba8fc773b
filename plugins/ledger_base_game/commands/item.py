"""item gain | item give | item discard | item use | item list"""

from typing import Any, cast

import click

from ledger.errors import BadInput
from ledger.model import Item, Target, UseEffect
from ledger_base_game.commands.item_props import item_options, with_props
from ledger_base_game.events import ItemDiscarded, ItemGained, ItemGiven, ItemUsed
from ledger_cli.helpers import NUMBERS, App, json_option, listing_group, output, pass_app


def register(cli: click.Group) -> None:
    item = listing_group(
        cli,
        "item",
        "Item cards and tokens; every item belongs to one Hero (lists known items).",
        default="list",
    )

    @item.command("gain", context_settings=NUMBERS)
    @click.argument("hero")
    @click.argument("name")
    @click.option("--quest", is_flag=True, help="A Quest item: it can never be discarded.")
    @click.option("--token", is_flag=True, help="An Item token rather than a card.")
    @click.option("--number", type=int, help="The Item card's number.")
    @click.option("--heal", type=int, default=0, help="Used: heals N damage.")
    @click.option("--restore", type=int, default=0, help="Used: restores N stamina.")
    @click.option("--removes-conditions", type=int, default=0, help="Used: removes N conditions.")
    @click.option(
        "--target",
        type=click.Choice(["self", "ranged", "area"]),
        default="self",
        show_default=True,
        help="Who a use can affect.",
    )
    @item_options
    @json_option
    @pass_app
    def gain(
        app: App,
        /,
        hero: str,
        name: str,
        quest: bool,
        token: bool,
        number: int | None,
        heal: int,
        restore: int,
        removes_conditions: int,
        target: str,
        as_json: bool,
        **props: Any,
    ) -> None:
        """HERO gains item NAME. Items the plugins do not know take their properties from
        the options.

        \b
        Examples:
          campaign-ledger item gain Zuva'Sai "Star Lotus token"
          campaign-ledger item gain Venia "Sealed Letter" --quest
          campaign-ledger item gain Venia "Healing Salve" --heal 3 --target ranged
          campaign-ledger item gain Venia "Bone token" --token --shape triangle
        """
        known = app.registry.items.find(name)
        given = quest or token or number is not None or heal or restore or removes_conditions
        if known is not None and given:
            raise BadInput(
                f"{known.name} is known to the loaded plugins; its properties cannot be given"
            )
        if known is None:
            for value, what in (
                (heal, "--heal"),
                (restore, "--restore"),
                (removes_conditions, "--removes-conditions"),
            ):
                if not 0 <= value <= 99:
                    raise BadInput(f"{what} must be from 0 to 99, not {value}")
            use = (
                UseEffect(
                    heal=heal,
                    restore=restore,
                    remove_conditions=removes_conditions,
                    target=cast(Target, target),
                )
                if heal or restore or removes_conditions
                else None
            )
            known = Item(name=name, number=number, token=token, quest=quest, use=use)
        known = with_props(known, props)
        app.record(ItemGained(hero=app.hero_name(hero), item=known), as_json=as_json)

    @item.command("give")
    @click.argument("name")
    @click.option("--from", "giver", required=True, metavar="HERO")
    @click.option("--to", "receiver", required=True, metavar="HERO")
    @json_option
    @pass_app
    def give(app: App, name: str, giver: str, receiver: str, as_json: bool) -> None:
        """Give one copy of item NAME from one Hero to another.

        \b
        Example:
          campaign-ledger item give Sword --from Venia --to Torrax
        """
        event = ItemGiven(hero=app.hero_name(giver), item=name, to=app.hero_name(receiver))
        app.record(event, as_json=as_json)

    @item.command("discard")
    @click.argument("hero")
    @click.argument("name")
    @json_option
    @pass_app
    def discard(app: App, hero: str, name: str, as_json: bool) -> None:
        """HERO discards item NAME (never a Quest item)."""
        app.record(ItemDiscarded(hero=app.hero_name(hero), item=name), as_json=as_json)

    @item.command("use")
    @click.argument("hero")
    @click.argument("name")
    @click.option(
        "--on",
        "targets",
        multiple=True,
        metavar="HERO",
        help="A Hero the item affects (repeat for an area effect; default: HERO).",
    )
    @click.option(
        "--condition",
        "conditions",
        multiple=True,
        metavar="NAME",
        help="A condition the item removes (repeatable).",
    )
    @json_option
    @pass_app
    def use(
        app: App,
        hero: str,
        name: str,
        targets: tuple[str, ...],
        conditions: tuple[str, ...],
        as_json: bool,
    ) -> None:
        """HERO discards item NAME for its effect, in a City or Journey step: no maneuver,
        any one Hero in range, any number in an area.

        \b
        Examples:
          campaign-ledger item use Zuva'Sai "Star Lotus token"
          campaign-ledger item use Venia "Ghost Lichen token" --condition Cursed
        """
        on = tuple(app.hero_name(target) for target in targets)
        named = tuple(app.registry.conditions.get(c).name for c in conditions)
        event = ItemUsed(hero=app.hero_name(hero), item=name, on=on, conditions=named)
        app.record(event, as_json=as_json)

    @item.command("list")
    @json_option
    @pass_app
    def list_items(app: App, as_json: bool = False) -> None:
        """The items the loaded plugins know."""
        known = [app.registry.items.get(n) for n in app.registry.items.names()]
        if as_json:
            click.echo(output.to_json(known))
            return
        for spec in known:
            use = spec.use
            effect = ""
            if use:
                parts = [
                    f"heal {use.heal}" if use.heal else "",
                    f"restore {use.restore}" if use.restore else "",
                    f"remove {use.remove_conditions} condition(s)" if use.remove_conditions else "",
                ]
                effect = f"  use: {', '.join(p for p in parts if p)} ({use.target})"
            click.echo(f"{spec.name}{' [Quest]' if spec.quest else ''}{effect}")
