"""item gain | item give | item discard | item use | item list"""

from typing import Any

import click

from ledger.model import Item
from ledger.text import printable
from ledger_base_game.actions import items as actions
from ledger_base_game.commands._item_properties import kind_options
from ledger_base_game.rules.item_properties import known_item
from ledger_cli.helpers import (
    NUMBERS,
    App,
    Command,
    at_option,
    complete_condition,
    complete_hero,
    complete_item,
    json_option,
    listing_group,
    output,
    pass_app,
    terminal,
)


@click.command("gain", cls=Command, context_settings=NUMBERS)
@click.argument("hero", shell_complete=complete_hero)
@click.argument("name", shell_complete=complete_item)
@kind_options
@json_option
@pass_app
def gain(app: App, /, hero: str, name: str, as_json: bool, **options: Any) -> None:
    """HERO gains item NAME. Items the plugins do not know take their properties from
    the options.

    \b
    Examples:
      campaign-ledger item gain "Zuva'Sai" "Star Lotus token"
      campaign-ledger item gain Venia "Sealed Letter" --quest
      campaign-ledger item gain Venia "Healing Salve" --heal 3 --target ranged
      campaign-ledger item gain Venia "Bone token" --token --shape triangle
    """
    unlisted = known_item(app.registry, name, app.state()[1]) is None
    app.do(actions.gain_item, hero=hero, item=name, as_json=as_json, **options)
    if unlisted and not as_json:  # issue 24: never a bare item passed off as the real one
        click.echo(
            printable(
                f"   {name} is not in the loaded plugins' catalogue: recorded with only what "
                "was given (no weight, hands or phrases unless given)"
            )
        )


@click.command("give", cls=Command)
@click.argument("hero", metavar="HERO", shell_complete=complete_hero)
@click.argument("name", metavar="ITEM", required=False, shell_complete=complete_item)
@click.option(
    "--from",
    "giver",
    metavar="HERO",
    shell_complete=complete_hero,
    help="The giver, in the older form: item give ITEM --from HERO --to HERO.",
)
@click.option("--to", "receiver", required=True, metavar="HERO", shell_complete=complete_hero)
@json_option
@pass_app
def give(
    app: App, hero: str, name: str | None, giver: str | None, receiver: str, as_json: bool
) -> None:
    """HERO gives one copy of ITEM to another Hero (as `item gain HERO ITEM` reads).

    \b
    Examples:
      campaign-ledger item give Venia Sword --to Torrax
      campaign-ledger item give Sword --from Venia --to Torrax
    """
    if name is None:  # the older form: the one argument is the item
        if giver is None:
            raise click.UsageError("give HERO and ITEM: item give HERO ITEM --to HERO")
        hero, name = giver, hero
    elif giver is not None:
        raise click.UsageError(
            "name the giver once: item give HERO ITEM --to HERO (or ITEM --from HERO)"
        )
    app.do(actions.give_item, item=name, giver=hero, receiver=receiver, as_json=as_json)


@click.command("discard", cls=Command)
@click.argument("hero", shell_complete=complete_hero)
@click.argument("name", shell_complete=complete_item)
@json_option
@pass_app
def discard(app: App, hero: str, name: str, as_json: bool) -> None:
    """HERO discards item NAME (never a Quest item)."""
    app.do(actions.discard_item, hero=hero, item=name, as_json=as_json)


@click.command("use", cls=Command)
@click.argument("hero", shell_complete=complete_hero)
@click.argument("name", shell_complete=complete_item)
@click.option(
    "--on",
    "targets",
    multiple=True,
    metavar="HERO",
    shell_complete=complete_hero,
    help="A Hero the item affects (repeat for an area effect; default: HERO).",
)
@click.option(
    "--condition",
    "conditions",
    shell_complete=complete_condition,
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
      campaign-ledger item use "Zuva'Sai" "Star Lotus token"
      campaign-ledger item use Venia "Ghost Lichen token" --condition Cursed
    """
    app.do(
        actions.use_item, hero=hero, item=name, on=targets, conditions=conditions, as_json=as_json
    )


@click.command("list", cls=Command)
@json_option
@pass_app
def list_items(app: App, as_json: bool = False) -> None:
    """The items the loaded plugins know."""
    known = app.content().items.entries()
    if as_json:
        click.echo(output.to_json(known))
        return
    for spec in known:
        click.echo(f"{spec.name}{' [Quest]' if spec.quest else ''}{_effect(spec)}")


@click.command("show", cls=Command)
@at_option
@json_option
@pass_app
def show(app: App, at: str | None = None, as_json: bool = False) -> None:
    """Who carries which items, now or at --at (`item list`: the items the plugins know)."""
    _, state = app.state(at)
    carried = {hero.name: [item.name for item in hero.items] for hero in state.heroes.values()}
    if as_json:
        click.echo(output.to_json(carried))
        return
    rows = [[hero, ", ".join(items) or "none"] for hero, items in carried.items()]
    terminal.table(["Hero", "Items"], [[printable(cell) for cell in row] for row in rows])


def _effect(item: Item) -> str:
    use = item.use
    if not use:
        return ""
    parts = [
        f"heal {use.heal}" if use.heal else "",
        f"restore {use.restore}" if use.restore else "",
        f"remove {use.remove_conditions} condition(s)" if use.remove_conditions else "",
    ]
    return f"  use: {', '.join(p for p in parts if p)} ({use.target})"


def register(cli: click.Group) -> None:
    item = listing_group(
        cli,
        "item",
        "Item cards and tokens; every item belongs to one Hero (shows who carries what).",
        default="show",
    )
    for command in (gain, give, discard, use, list_items, show):
        item.add_command(command)
