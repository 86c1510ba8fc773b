"""loadout show | loadout leave | loadout bring | loadout active | loadout inactive"""

from collections.abc import Callable

import click

from ledger.model import Event
from ledger.rules import loadout as rules
from ledger_base_game.events_city import (
    ItemActivated,
    ItemBrought,
    ItemDeactivated,
    ItemLeftBehind,
)
from ledger_cli.helpers import App, Command, hero_listing, json_option, listing_group, pass_app


def register(cli: click.Group) -> None:
    group = listing_group(
        cli,
        "loadout",
        "What each Hero takes into a scenario: encumbrance and active items (shows it).",
        default="list",
    )
    group.add_command(
        hero_listing(
            "Every Hero's encumbrance (active items excluded), limit and active items.",
            lambda hero: (
                f"encumbrance {rules.load(hero)}/{rules.limit(hero)}; active: "
                + (", ".join(i.name for i in hero.items if i.active) or "none")
                + "; left behind: "
                + (", ".join(i.name for i in hero.items if i.left_behind) or "none")
            ),
            lambda hero: {
                "encumbrance": rules.load(hero),
                "limit": rules.limit(hero),
                "active": [i.name for i in hero.items if i.active],
                "left_behind": [i.name for i in hero.items if i.left_behind],
            },
        )
    )
    for name, event_type, help in (
        ("leave", ItemLeftBehind, "HERO leaves item NAME on the Hero board for the next scenario."),
        ("bring", ItemBrought, "HERO takes item NAME into the next scenario after all."),
        ("active", ItemActivated, "HERO makes item NAME active (in hand)."),
        ("inactive", ItemDeactivated, "HERO puts active item NAME away."),
    ):
        group.add_command(_item_command(name, event_type, help))


def _item_command(name: str, event_type: Callable[..., Event], help: str) -> click.Command:
    @click.command(name, cls=Command, help=help)
    @click.argument("hero")
    @click.argument("item")
    @json_option
    @pass_app
    def command(app: App, hero: str, item: str, as_json: bool) -> None:
        found = app.state()[1].hero(hero)
        app.record(event_type(hero=found.name, item=found.item(item).name), as_json=as_json)

    return command
