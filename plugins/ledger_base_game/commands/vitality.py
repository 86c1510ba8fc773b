"""The Vitality disk (§2): stamina, damage, heal, status."""

import click

from ledger_base_game.actions import vitality
from ledger_cli.helpers import (
    NUMBERS,
    App,
    Command,
    amount_command,
    complete_hero,
    hero_listing,
    json_option,
    listing_group,
    output,
    pass_app,
)

spend = amount_command(
    "spend",
    vitality.spend_stamina,
    "HERO pays N stamina from the disk; refused "
    "when fewer chips are unspent (§2.2).\n\nExample: stamina spend Venia 2",
)
lose = amount_command(
    "lose",
    vitality.lose_stamina,
    "HERO loses N stamina; what the disk cannot give "
    "becomes damage (§2.2).\n\nExample: stamina lose Venia 2",
)
restore = amount_command(
    "restore",
    vitality.restore_stamina,
    "HERO restores N spent stamina to the "
    "disk; the excess is ignored (§2.2).\n\nExample: stamina restore Venia 2",
)
damage = amount_command(
    "damage",
    vitality.damage,
    "HERO takes N damage: disk, then spent, then locked chips flip "
    "to wound; then wounded, then exhausted (§2.2).\n\nExample: damage Torrax 3",
)
heal = amount_command(
    "heal",
    vitality.heal,
    "HERO heals N damage: wound chips return to the disk (§2.2).\n\nExample: heal Torrax 2",
)
stamina_list = hero_listing(
    "Every Hero's chips: unspent, spent, wound, locked.",
    lambda hero: f"{output.stamina_text(hero.stamina)}  ({hero.chips} chips)",
    output.stamina_json,
)
status_list = hero_listing(
    "Every Hero's status: normal, wounded or exhausted.",
    lambda hero: hero.status,
    lambda hero: hero.status,
)


@click.command("lock", cls=Command, context_settings=NUMBERS)
@click.argument("hero", shell_complete=complete_hero)
@click.argument("amount", type=int)
@click.option(
    "--on",
    "source",
    default="passive",
    show_default=True,
    help="The passive action or Item card the chips are locked on.",
)
@json_option
@pass_app
def lock(app: App, hero: str, amount: int, source: str, as_json: bool) -> None:
    """Lock N chips from the disk on a passive action or item.

    \b
    Example:
      campaign-ledger stamina lock "Zuva'Sai" 2 --on "Eye of Serupod"
    """
    app.do(vitality.lock_stamina, hero=hero, amount=amount, source=source, as_json=as_json)


@click.command("unlock", cls=Command)
@click.argument("hero", shell_complete=complete_hero)
@click.option("--on", "source", default="passive", show_default=True)
@json_option
@pass_app
def unlock(app: App, hero: str, source: str, as_json: bool) -> None:
    """End a passive: its locked chips become spent."""
    app.do(vitality.unlock_stamina, hero=hero, source=source, as_json=as_json)


@click.command("remove", cls=Command)
@click.argument("hero", shell_complete=complete_hero)
@click.argument("which", type=click.Choice(["wounded", "exhausted"]))
@json_option
@pass_app
def remove(app: App, hero: str, which: str, as_json: bool) -> None:
    """An effect removes wounded or exhausted status (§2.3).

    \b
    Example:
      campaign-ledger status remove Venia wounded
    """
    app.do(vitality.remove_status, hero=hero, status=which, as_json=as_json)


def register(cli: click.Group) -> None:
    stamina = listing_group(
        cli,
        "stamina",
        "Stamina chips: spend (a cost), lose (shortfall becomes damage), "
        "restore, lock (lists every Hero's chips).",
        default="list",
    )
    for command in (stamina_list, spend, lose, restore, lock, unlock):
        stamina.add_command(command)
    cli.add_command(damage)
    cli.add_command(heal)
    status = listing_group(
        cli, "status", "Wounded and exhausted status (lists every Hero's).", default="list"
    )
    status.add_command(status_list)
    status.add_command(remove)
