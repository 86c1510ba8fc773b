"""loadout show | loadout leave | loadout bring | loadout active | loadout inactive"""

import click

from ledger.actions import Action
from ledger.model import Hero
from ledger.rules import loadout as rules
from ledger_base_game.actions import loadout as actions
from ledger_cli.helpers import (
    App,
    Command,
    complete_hero,
    hero_listing,
    json_option,
    listing_group,
    pass_app,
)


def _active(hero: Hero) -> list[str]:
    return [i.name for i in hero.items if i.active]


def _left_behind(hero: Hero) -> list[str]:
    return [i.name for i in hero.items if i.left_behind]


def _line(hero: Hero) -> str:
    return (
        f"encumbrance {rules.load(hero)}/{rules.limit(hero)}; active: "
        + (", ".join(_active(hero)) or "none")
        + "; left behind: "
        + (", ".join(_left_behind(hero)) or "none")
    )


def _data(hero: Hero) -> dict[str, object]:
    return {
        "encumbrance": rules.load(hero),
        "limit": rules.limit(hero),
        "active": _active(hero),
        "left_behind": _left_behind(hero),
    }


def _item_command(name: str, action: Action, help: str) -> click.Command:
    """A command ``NAME HERO ITEM`` doing ``action(game, hero=HERO, item=ITEM)``."""

    @click.command(name, cls=Command, help=help)
    @click.argument("hero", shell_complete=complete_hero)
    @click.argument("item")
    @json_option
    @pass_app
    def command(app: App, hero: str, item: str, as_json: bool) -> None:
        app.do(action, hero=hero, item=item, as_json=as_json)

    return command


listing = hero_listing(
    "Every Hero's encumbrance (active items excluded), limit and active items.", _line, _data
)
leave = _item_command(
    "leave", actions.leave_item, "HERO leaves item NAME on the Hero board for the next scenario."
)
bring = _item_command(
    "bring", actions.bring_item, "HERO takes item NAME into the next scenario after all."
)
active = _item_command("active", actions.activate_item, "HERO makes item NAME active (in hand).")
inactive = _item_command("inactive", actions.deactivate_item, "HERO puts active item NAME away.")


def register(cli: click.Group) -> None:
    group = listing_group(
        cli,
        "loadout",
        "What each Hero takes into a scenario: encumbrance and active items (shows it).",
        default="list",
    )
    for command in (listing, leave, bring, active, inactive):
        group.add_command(command)
