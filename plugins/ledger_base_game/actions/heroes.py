"""Heroes joining the campaign."""

from ledger.actions import Game
from ledger.errors import BadInput
from ledger.model import Event, HeroSpec
from ledger.text import check_name
from ledger_base_game.events.heroes import HeroJoined
from ledger_base_game.rules.checks import ABILITIES

STATS = (*ABILITIES, "taunt", "chips", "wounded_chips")


def add_hero(
    game: Game,
    *,
    name: str,
    might: int | None = None,
    agility: int | None = None,
    will: int | None = None,
    taunt: int | None = None,
    chips: int | None = None,
    wounded_chips: int | None = None,
) -> list[Event]:
    """A Hero joins. A Hero the plugins know takes what they know (``chips`` at the party's
    level); the rest must be given. ``wounded_chips``: chips on the red disk side."""
    given = {
        "might": might,
        "agility": agility,
        "will": will,
        "taunt": taunt,
        "chips": chips,
        "wounded_chips": wounded_chips,
    }
    name = check_name(name, "Hero name")
    known = game.registry.heroes.find(name) or HeroSpec(name=name)
    stats = {
        stat: given[stat] if given[stat] is not None else getattr(known, stat) for stat in STATS
    }
    missing = [stat for stat, value in stats.items() if value is None]
    if missing:
        listed = ", ".join(f"{{{stat}}}" for stat in missing)
        unknown = (
            f"the base game does not know {listed}"
            if known.source
            else f"no loaded plugin knows this Hero, so {listed} must be given"
        )
        raise BadInput(
            f"{known.name}: {unknown}; give {'it' if len(missing) == 1 else 'them'} "
            f"(e.g. {{{missing[0]}}} 3)",
            fields=missing,
        )
    if chips is None and known.chips is not None:
        stats["chips"] = known.chips + game.state.level - 1  # the data: level 1; +1 a level (§9.2)
    return [HeroJoined(hero=known.name, classes=known.classes, **stats)]  # type: ignore[arg-type]
