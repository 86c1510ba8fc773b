"""stock show | stock add | stock scenario | stock offer | stock gain | stock take"""

from typing import Any

import click

from ledger.errors import BadInput
from ledger.model import CampaignState, Item, ScenarioCard
from ledger.rules.steps import MAX_SCENARIO
from ledger.text import name_key
from ledger_base_game.commands.item_props import item_from_options, kind_options, pop_props
from ledger_base_game.commands.symbols import resolve
from ledger_base_game.events_city import ItemFromSupply, ItemOffered, ScenarioCardAdded, StockAdded
from ledger_cli.helpers import (
    NUMBERS,
    App,
    json_option,
    listing_group,
    output_city,
    pass_app,
    state_view,
)


def register(cli: click.Group) -> None:
    stock = listing_group(
        cli,
        "stock",
        "The Stock and the Archive: items no Hero carries, and Scenario cards (shows them).",
        default="show",
    )

    stock.add_command(
        state_view(
            "show",
            "The Stock, the Archive and the Scenario cards in the Stock, now or at --at.",
            output_city.supply_json,
            output_city.supply_text,
        )
    )

    @stock.command("add", context_settings=NUMBERS)
    @click.argument("name")
    @click.option("--archive", is_flag=True, help="Into the Archive (copies not yet released).")
    @click.option("--count", type=int, default=1, show_default=True, help="How many copies.")
    @kind_options
    @json_option
    @pass_app
    def add(
        app: App, /, name: str, archive: bool, count: int, as_json: bool, **options: Any
    ) -> None:
        """Put copies of item NAME into the Stock (or the Archive).

        \b
        Examples:
          campaign-ledger stock add Sword --archive --count 2
          campaign-ledger stock add "Bone token" --token --shape triangle
        """
        item = _item(app, name, options)
        app.record(StockAdded(item=item, count=count, archive=archive), as_json=as_json)

    @stock.command("scenario", context_settings=NUMBERS)
    @click.argument("number", type=int)
    @click.option("--xp/--no-xp", default=None, help="The card shows the XP symbol.")
    @click.option("--replay/--no-replay", default=None, help="The card shows the replay symbol.")
    @click.option("--arena/--no-arena", default=None, help="The card shows the Arena symbol.")
    @json_option
    @pass_app
    def scenario(
        app: App,
        number: int,
        xp: bool | None,
        replay: bool | None,
        arena: bool | None,
        as_json: bool,
    ) -> None:
        """Scenario card NUMBER goes into the Stock (e.g. found by a City service). Symbols
        the base game does not know must be given.

        \b
        Example:
          campaign-ledger stock scenario 7 --xp --no-replay --no-arena
        """
        if not 1 <= number <= MAX_SCENARIO:
            raise BadInput(f"scenario number must be from 1 to {MAX_SCENARIO}, not {number}")
        spec = app.registry.scenarios.find(str(number))
        card = ScenarioCard(
            number=number,
            name=spec.name if spec else "",
            level=spec.level if spec else None,
            xp=resolve(None, app.registry, number, "xp", xp),
            replay=resolve(None, app.registry, number, "replay", replay),
            arena=resolve(None, app.registry, number, "arena", arena),
        )
        app.record(ScenarioCardAdded(card=card), as_json=as_json)

    @stock.command("offer")
    @click.argument("name")
    @json_option
    @pass_app
    def offer(app: App, name: str, as_json: bool) -> None:
        """Item NAME is offered for sale: all its copies move from the Archive to the Stock."""
        app.record(ItemOffered(item=name), as_json=as_json)

    @stock.command("gain", context_settings=NUMBERS)
    @click.argument("hero")
    @click.argument("name")
    @kind_options
    @json_option
    @pass_app
    def gain(app: App, /, hero: str, name: str, as_json: bool, **options: Any) -> None:
        """HERO gains item NAME: a copy from the Stock, else from the Archive, else its sale
        value in Stars (§7.2).

        \b
        Example:
          campaign-ledger stock gain Venia "Potion of Healing" --value 3
        """
        item = _item(app, name, options, _state(app))
        app.record(ItemFromSupply(hero=app.hero_name(hero), item=item), as_json=as_json)

    @stock.command("take")
    @click.argument("hero")
    @click.argument("name")
    @json_option
    @pass_app
    def take(app: App, hero: str, name: str, as_json: bool) -> None:
        """HERO takes item NAME from the Stock; nothing if no copy is there (§7.2)."""
        item = _item(app, name, {}, _state(app))
        event = ItemFromSupply(hero=app.hero_name(hero), item=item, archive=False)
        app.record(event, as_json=as_json)


def _state(app: App) -> CampaignState:
    return app.state()[1]


def _item(app: App, name: str, options: dict[str, Any], state: CampaignState | None = None) -> Item:
    """The item as the plugins know it, else as a copy in the supply shows it, else as given."""
    known = app.registry.items.find(name)
    if known is None and state is not None:
        known = next(
            (i for i in (*state.stock, *state.archive) if name_key(i.name) == name_key(name)), None
        )
    props = pop_props(options)
    return item_from_options(
        known,
        name,
        options.get("quest", False),
        options.get("token", False),
        options.get("number"),
        props,
    )
