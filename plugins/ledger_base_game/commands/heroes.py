"""hero add | hero show | hero list | party show"""

import click

from ledger.model import CampaignState, card_key
from ledger_cli.helpers import (
    App,
    Command,
    at_option,
    json_option,
    listing_group,
    output,
    output_city,
    pass_app,
    state_view,
)


@click.command("add", cls=Command, context_settings={"ignore_unknown_options": True})
@click.argument("name")
@click.option("--might", type=int)
@click.option("--agility", type=int)
@click.option("--will", type=int)
@click.option("--taunt", type=int)
@click.option("--chips", type=int, help="Stamina chips at the party's level.")
@click.option("--wounded-chips", type=int, help="Chips on the red (wounded) disk side.")
@json_option
@pass_app
def add(app: App, /, name: str, as_json: bool, **stats: int | None) -> None:
    """A Hero joins. Base-game Heroes take what the base game knows; give the rest.

    \b
    Example:
      campaign-ledger hero add Torrax --agility 2 --will 2 --taunt 6 --wounded-chips 5
    """
    # Here, not at the top: importing the actions package imports every action (27 modules),
    # which `hero show`, a read, never runs (start-up, docs/performance.md target 6).
    from ledger_base_game.actions import heroes as actions
    from ledger_base_game.events.heroes import HeroJoined

    recorded = app.do(actions.add_hero, name=name, as_json=as_json, **stats)
    # Say which stats came from the plugins' data rather than the command line.
    joined = recorded.events[0]
    known = app.registry.heroes.find(joined.hero) if isinstance(joined, HeroJoined) else None
    defaults = [stat for stat in actions.STATS if stats[stat] is None]
    hero = joined.hero if isinstance(joined, HeroJoined) else ""
    card = recorded.before.content.get(card_key("hero", hero))
    from_pack = [stat for stat in defaults if card is not None and stat in card.fields]
    from_plugins = [stat for stat in defaults if stat not in from_pack]
    if from_pack and card is not None and not as_json:
        click.echo(f"   {', '.join(from_pack)} from the table's content pack {card.pack}")
    if from_plugins and known is not None and known.source and not as_json:
        owner = app.registry.heroes.owner(known.name)
        source = "the base game" if owner == "ledger_base_game" else f"plugin {owner!r}"
        click.echo(f"   {', '.join(from_plugins)} from {source} ({known.source})")


@click.command("show", cls=Command)
@click.argument("name")
@at_option
@json_option
@pass_app
def show(app: App, name: str, at: str | None, as_json: bool) -> None:
    """A Hero's state now, or at any earlier point with --at.

    \b
    Examples:
      campaign-ledger hero show Venia
      campaign-ledger hero show Venia --at scenario-7 --json
    """
    _, state = app.state(at)
    found = state.hero(name)
    if as_json:
        click.echo(output.to_json(output.hero_json(found, state)))
    else:
        click.echo("\n".join(output.hero_text(found, state)))


def hero_names(state: CampaignState) -> list[str]:
    return list(state.heroes)


list_heroes = state_view("list", "The Heroes' names.", hero_names, hero_names)


@click.command("show", cls=Command)
@at_option
@json_option
@pass_app
def party_show(app: App, at: str | None = None, as_json: bool = False) -> None:
    """Every Hero and Non-Hero Ally, the level and the step, now or at --at.

    \b
    Example:
      campaign-ledger party show --at city-2:end
    """
    seq, state = app.state(at)
    if as_json:
        extra = output_city.party_extra_json(state, app.registry)
        click.echo(output.to_json({**output.party_json(state, seq), **extra}))
        return
    click.echo(f"{state.name} — level {state.level}, {state.xp} XP, {output.step_text(state)}")
    if state.journal:
        click.echo(f"Party Journal: {output.journal_text(state.journal)}")
    if state.session:
        click.echo(f"Play session {state.session} is open")
    for line in output.plugins_text(state.plugins):  # the plugins' own state of the campaign
        click.echo(line)
    for found in state.heroes.values():
        click.echo("")
        click.echo("\n".join(output.hero_text(found, state)))
    for ally in state.allies.values():  # Non-Hero Allies, after the Heroes
        click.echo("")
        click.echo("\n".join(output.ally_text(ally, state)))
    click.echo("")
    click.echo("\n".join(output_city.party_extra_text(state, app.registry)))


def register(cli: click.Group) -> None:
    hero = listing_group(
        cli, "hero", "Heroes of the campaign (lists them by default).", default="list"
    )
    for command in (add, show, list_heroes):
        hero.add_command(command)
    party = listing_group(cli, "party", "The whole party (shows it by default).", default="show")
    party.add_command(party_show)
