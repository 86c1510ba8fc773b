"""stamina spend|lose|restore|lock|unlock | damage | heal | status remove"""

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
from ledger_cli.context import NUMBERS, App, json_option, pass_app

AmountEvent = type[StaminaSpent] | type[StaminaLost] | type[StaminaRestored]
AMOUNT_EVENTS: dict[str, AmountEvent] = {
    "spend": StaminaSpent,
    "lose": StaminaLost,
    "restore": StaminaRestored,
}


def register(cli: click.Group) -> None:
    @cli.group()
    def stamina() -> None:
        """Stamina chips: spend (a cost), lose (shortfall becomes damage), restore, lock."""

    for verb, event_type in AMOUNT_EVENTS.items():
        stamina.add_command(_amount_command(verb, event_type))

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

    @cli.command(context_settings=NUMBERS)
    @click.argument("hero")
    @click.argument("amount", type=int)
    @json_option
    @pass_app
    def damage(app: App, hero: str, amount: int, as_json: bool) -> None:
        """HERO takes N damage: disk, then spent, then locked chips flip to wound (§2.2).

        \b
        Example:
          campaign-ledger damage Torrax 3
        """
        app.record(DamageTaken(hero=app.hero_name(hero), amount=amount), as_json=as_json)

    @cli.command(context_settings=NUMBERS)
    @click.argument("hero")
    @click.argument("amount", type=int)
    @json_option
    @pass_app
    def heal(app: App, hero: str, amount: int, as_json: bool) -> None:
        """HERO heals N damage: wound chips return to the disk (§2.2).

        \b
        Example:
          campaign-ledger heal Torrax 2
        """
        app.record(DamageHealed(hero=app.hero_name(hero), amount=amount), as_json=as_json)

    @cli.group()
    def status() -> None:
        """Wounded and exhausted status."""

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


def _amount_command(verb: str, event_type: AmountEvent) -> click.Command:
    @click.command(verb, context_settings=NUMBERS)
    @click.argument("hero")
    @click.argument("amount", type=int)
    @json_option
    @pass_app
    def command(app: App, hero: str, amount: int, as_json: bool) -> None:
        app.record(event_type(hero=app.hero_name(hero), amount=amount), as_json=as_json)

    command.help = (
        f"{verb.title()} N stamina (§2.2).\n\nExample: campaign-ledger stamina {verb} Venia 2"
    )
    return command
