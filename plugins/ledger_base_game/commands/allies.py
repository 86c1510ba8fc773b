"""ally add | ally show | ally list | ally damage | ally heal | ally exhaust | ally condition |
ally dismiss: Non-Hero Allies. Their checks and reactions are `check` and `react` by name."""

import click

from ledger.model import CampaignState
from ledger_base_game.actions import allies as actions
from ledger_cli.helpers import (
    NUMBERS,
    App,
    Command,
    at_option,
    complete_ally,
    complete_condition,
    json_option,
    listing_group,
    output,
    pass_app,
    state_view,
)


@click.command("add", cls=Command)
@click.argument("name")
@click.option("--might", type=int, required=True)
@click.option("--agility", type=int, required=True)
@click.option("--will", type=int, required=True)
@click.option("--taunt", type=int, required=True)
@click.option(
    "--health",
    type=int,
    help="Its Health Counter die; leave it out to keep the count on the die only.",
)
@click.option("--henchman", is_flag=True, help="A Henchman hired in the City (§8.4).")
@json_option
@pass_app
def add(
    app: App,
    /,
    name: str,
    might: int,
    agility: int,
    will: int,
    taunt: int,
    health: int | None,
    henchman: bool,
    as_json: bool,
) -> None:
    """A Non-Hero Ally joins the party: abilities and Taunt as on its card, health on its
    Health Counter die. It makes checks and reactions by name (`check NAME ...`), its
    stamina faces counting 0.

    \b
    Example:
      campaign-ledger ally add Grimble --might 2 --agility 1 --will 1 --taunt 5 --health 4
    """
    app.do(
        actions.add_ally,
        name=name,
        might=might,
        agility=agility,
        will=will,
        taunt=taunt,
        health=health,
        henchman=henchman,
        as_json=as_json,
    )


@click.command("show", cls=Command)
@click.argument("name", shell_complete=complete_ally)
@at_option
@json_option
@pass_app
def show(app: App, name: str, at: str | None, as_json: bool) -> None:
    """A Non-Hero Ally now, or at any earlier point with --at.

    \b
    Example:
      campaign-ledger ally show Grimble --at 12
    """
    _, state = app.state(at)
    found = state.ally(name)
    if as_json:
        click.echo(output.to_json(output.ally_json(found, state)))
    else:
        click.echo("\n".join(output.ally_text(found, state)))


def ally_lines(state: CampaignState) -> list[str]:
    lines = [line for ally in state.allies.values() for line in output.ally_text(ally, state)]
    return lines or ["no Non-Hero Allies"]


def allies_data(state: CampaignState) -> list[object]:
    return [output.ally_json(ally, state) for ally in state.allies.values()]


list_allies = state_view("list", "The Non-Hero Allies, now or at --at.", allies_data, ally_lines)


@click.command("damage", cls=Command, context_settings=NUMBERS)
@click.argument("name", shell_complete=complete_ally)
@click.argument("amount", type=int)
@click.option(
    "--stamina-loss", is_flag=True, help="It was stamina loss, which an Ally takes as damage."
)
@json_option
@pass_app
def damage(app: App, name: str, amount: int, stamina_loss: bool, as_json: bool) -> None:
    """NAME takes AMOUNT damage on its Health Counter die; at 0 it is exhausted and removed
    from the map.

    \b
    Example:
      campaign-ledger ally damage Grimble 2
    """
    app.do(
        actions.damage_ally, ally=name, amount=amount, stamina_loss=stamina_loss, as_json=as_json
    )


@click.command("heal", cls=Command, context_settings=NUMBERS)
@click.argument("name", shell_complete=complete_ally)
@click.argument("amount", type=int)
@json_option
@pass_app
def heal(app: App, name: str, amount: int, as_json: bool) -> None:
    """NAME heals AMOUNT damage, up to the health it joined with (its recover only heals).

    \b
    Example:
      campaign-ledger ally heal Grimble 1
    """
    app.do(actions.heal_ally, ally=name, amount=amount, as_json=as_json)


@click.command("exhaust", cls=Command)
@click.argument("name", shell_complete=complete_ally)
@json_option
@pass_app
def exhaust(app: App, name: str, as_json: bool) -> None:
    """NAME, whose health only its die shows, reached 0: it is exhausted."""
    app.do(actions.exhaust_ally, ally=name, as_json=as_json)


@click.command("condition", cls=Command)
@click.argument("name", shell_complete=complete_ally)
@click.argument("condition", shell_complete=complete_condition)
@click.option("--remove", is_flag=True, help="Discard the token instead.")
@json_option
@pass_app
def condition(app: App, name: str, condition: str, remove: bool, as_json: bool) -> None:
    """NAME takes a CONDITION token (--remove: discards it). Only conditions that affect
    enemies have tokens.

    \b
    Example:
      campaign-ledger ally condition Grimble Bleeding
    """
    if remove:
        app.do(actions.remove_ally_condition, ally=name, condition=condition, as_json=as_json)
    else:
        app.do(actions.gain_ally_condition, ally=name, condition=condition, as_json=as_json)


@click.command("dismiss", cls=Command)
@click.argument("name", shell_complete=complete_ally)
@json_option
@pass_app
def dismiss(app: App, name: str, as_json: bool) -> None:
    """NAME leaves the party (dismissed, or as a Henchman's Story entry says)."""
    app.do(actions.dismiss_ally, ally=name, as_json=as_json)


def register(cli: click.Group) -> None:
    ally = listing_group(
        cli,
        "ally",
        "Non-Hero Allies: abilities, Taunt and health; checks by name (lists them by default).",
        default="list",
    )
    for command in (add, show, list_allies, damage, heal, exhaust, condition, dismiss):
        ally.add_command(command)
