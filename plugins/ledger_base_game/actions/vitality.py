"""The Vitality disk (§2): stamina spent, lost, restored, locked; damage, healing, status."""

from typing import Annotated, Literal

from ledger.actions import Game, Step
from ledger.model import Event
from ledger_base_game.actions._wounds import with_injury_draws
from ledger_base_game.events.vitality import (
    DamageHealed,
    DamageTaken,
    StaminaLocked,
    StaminaLost,
    StaminaRestored,
    StaminaSpent,
    StaminaUnlocked,
    StatusRemoved,
)


def spend_stamina(
    game: Game, *, hero: str, amount: Annotated[int, Step("Stamina", "-", "spend")]
) -> list[Event]:
    """The Hero pays ``amount`` stamina; refused when fewer chips are unspent (§2.2)."""
    return [StaminaSpent(hero=game.hero(hero).name, amount=amount)]


def lose_stamina(
    game: Game, *, hero: str, amount: Annotated[int, Step("Stamina", "-", "lose")]
) -> list[Event]:
    """The Hero loses ``amount`` stamina; what the disk cannot give becomes damage (§2.2), and
    a Hero it wounds owes an Injury card (§2.3)."""
    return with_injury_draws(game.state, [StaminaLost(hero=game.hero(hero).name, amount=amount)])


def restore_stamina(
    game: Game, *, hero: str, amount: Annotated[int, Step("Stamina", "+", "restore")]
) -> list[Event]:
    """Spent stamina returns to the disk; the excess is ignored (§2.2)."""
    return [StaminaRestored(hero=game.hero(hero).name, amount=amount)]


def lock_stamina(game: Game, *, hero: str, amount: int, source: str = "passive") -> list[Event]:
    """Chips leave the disk to sit on a passive action or Item card (``source``)."""
    return [StaminaLocked(hero=game.hero(hero).name, amount=amount, source=source)]


def unlock_stamina(game: Game, *, hero: str, source: str = "passive") -> list[Event]:
    """A passive ends: its locked chips become spent."""
    return [StaminaUnlocked(hero=game.hero(hero).name, source=source)]


def damage(
    game: Game, *, hero: str, amount: Annotated[int, Step("Vitality", "-", "damage")]
) -> list[Event]:
    """Disk, then spent, then locked chips flip to wound; then wounded, exhausted (§2.2). A
    Hero it wounds owes an Injury card (§2.3)."""
    return with_injury_draws(game.state, [DamageTaken(hero=game.hero(hero).name, amount=amount)])


def heal(
    game: Game, *, hero: str, amount: Annotated[int, Step("Vitality", "+", "heal")]
) -> list[Event]:
    """Wound chips return to the disk (§2.2)."""
    return [DamageHealed(hero=game.hero(hero).name, amount=amount)]


def remove_status(game: Game, *, hero: str, status: Literal["wounded", "exhausted"]) -> list[Event]:
    """An effect removes wounded or exhausted status (§2.3)."""
    return [StatusRemoved(hero=game.hero(hero).name, status=status)]
