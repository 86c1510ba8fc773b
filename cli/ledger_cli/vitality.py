"""The Vitality disk (§2): stamina, damage, heal, status."""

import click

from ledger_base_game.events import (
    DamageHealed,
    DamageTaken,
    StaminaLocked,
    StaminaLost,
    StaminaRestored,
    StaminaSpent,
    StaminaUnlocked,
    StatusRemoved,
)
from ledger_cli import output
from ledger_cli.context import (
    NUMBERS,
    App,
    amount_command,
    hero_listing,
    json_option,
    listing_group,
    pass_app,
)


def register(cli: click.Group) -> None:
    stamina = listing_group(
        cli,
        "stamina",
        "Stamina chips: spend (a cost), lose (shortfall becomes damage), "
        "restore, lock (lists every Hero's chips).",
        default="list",
    )
    stamina.add_command(
        hero_listing(
            "Every Hero's chips: unspent, spent, wound, locked.",
            lambda hero: f"{output.stamina_text(hero.stamina)}  ({hero.chips} chips)",
            output.stamina_json,
        )
    )

    for command in (
        amount_command(
            "spend",
            StaminaSpent,
            "HERO pays N stamina from the disk; refused "
            "when fewer chips are unspent (§2.2).\n\nExample: stamina spend Venia 2",
        ),
        amount_command(
            "lose",
            StaminaLost,
            "HERO loses N stamina; what the disk cannot give "
            "becomes damage (§2.2).\n\nExample: stamina lose Venia 2",
        ),
        amount_command(
            "restore",
            StaminaRestored,
            "HERO restores N spent stamina to the "
            "disk; the excess is ignored (§2.2).\n\nExample: stamina restore Venia 2",
        ),
    ):
        stamina.add_command(command)

    @stamina.command("lock", context_settings=NUMBERS)
    @click.argument("hero")
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
          campaign-ledger stamina lock Zuva'Sai 2 --on "Eye of Serupod"
        """
        event = StaminaLocked(hero=app.hero_name(hero), amount=amount, source=source)
        app.record(event, as_json=as_json)

    @stamina.command("unlock")
    @click.argument("hero")
    @click.option("--on", "source", default="passive", show_default=True)
    @json_option
    @pass_app
    def unlock(app: App, hero: str, source: str, as_json: bool) -> None:
        """End a passive: its locked chips become spent."""
        app.record(StaminaUnlocked(hero=app.hero_name(hero), source=source), as_json=as_json)

    cli.add_command(
        amount_command(
            "damage",
            DamageTaken,
            "HERO takes N damage: disk, then spent, then locked chips flip "
            "to wound; then wounded, then exhausted (§2.2).\n\nExample: damage Torrax 3",
        )
    )
    cli.add_command(
        amount_command(
            "heal",
            DamageHealed,
            "HERO heals N damage: wound chips return to the disk (§2.2).\n\nExample: heal Torrax 2",
        )
    )

    status = listing_group(
        cli, "status", "Wounded and exhausted status (lists every Hero's).", default="list"
    )
    status.add_command(
        hero_listing(
            "Every Hero's status: normal, wounded or exhausted.",
            lambda hero: hero.status,
            lambda hero: hero.status,
        )
    )

    @status.command("remove")
    @click.argument("hero")
    @click.argument("which", type=click.Choice(["wounded", "exhausted"]))
    @json_option
    @pass_app
    def remove(app: App, hero: str, which: str, as_json: bool) -> None:
        """An effect removes wounded or exhausted status (§2.3).

        \b
        Example:
          campaign-ledger status remove Venia wounded
        """
        event = StatusRemoved(hero=app.hero_name(hero), status=which)  # type: ignore[arg-type]
        app.record(event, as_json=as_json)
