"""Injury cards (§2.3): drawn when wounded or by other effects, kept between scenarios until an
effect (such as the Heal Injury boon) removes them."""

from msgspec.structs import replace

from ledger.errors import RuleViolation
from ledger.model import CampaignState, HeldInjury, Hero, InjuryEffect
from ledger.text import check_name, name_key, quoted

ABILITIES = ("might", "agility", "will")
MOST_CHANGE = 9  # an effect's amount, either way


def check_effect(effect: InjuryEffect) -> InjuryEffect:
    """Refuse an effect that could not be printed on a card."""
    if effect.kind == "ability" and effect.ability not in ABILITIES:
        raise RuleViolation(f"an ability effect names might, agility or will, not {effect.ability}")
    if effect.kind != "ability" and effect.ability is not None:
        raise RuleViolation(f"a {effect.kind} effect names no ability")
    if not -MOST_CHANGE <= effect.amount <= MOST_CHANGE:
        raise RuleViolation(f"an Injury effect is from -{MOST_CHANGE} to {MOST_CHANGE}")
    if effect.kind == "stamina" and not 0 <= effect.amount <= 2:
        raise RuleViolation("a stamina face takes 0, 1 or 2 stamina at most")
    if effect.kind == "text":
        check_name(effect.text, "an Injury effect's text")
    return effect


def draw(hero: Hero, name: str, effects: tuple[InjuryEffect, ...] = ()) -> Hero:
    """Several cards may share a name (the deck's contents are not known), so a name may be
    held twice. A draw owed for becoming wounded is settled first. ``effects`` (recorded with
    the draw, since issue 25) apply while the card is held."""
    card = check_name(name, "Injury card")
    held = hero.injury_effects
    if effects:
        held = (*held, HeldInjury(name=card, effects=tuple(map(check_effect, effects))))
    return replace(
        hero,
        injuries=(*hero.injuries, card),
        injury_effects=held,
        injury_draws=max(hero.injury_draws - 1, 0),
    )


def effects_of(hero: Hero) -> list[tuple[str, InjuryEffect]]:
    """Every effect of the Injury cards the Hero holds, with its card."""
    return [(card.name, effect) for card in hero.injury_effects for effect in card.effects]


def ability_change(hero: Hero, ability: str) -> int:
    """What the held Injury cards do to the Hero's level in ``ability`` (Broken Ribs: -1)."""
    if not hero.injury_effects:  # most Heroes: every check of a replay asks
        return 0
    return sum(
        e.amount for _, e in effects_of(hero) if e.kind == "ability" and e.ability == ability
    )


def check_change(hero: Hero) -> int:
    """What the held Injury cards add to every active check's total."""
    if not hero.injury_effects:
        return 0
    return sum(e.amount for _, e in effects_of(hero) if e.kind == "checks")


def stamina_per_face(hero: Hero, most: int = 2) -> int:
    """The most stamina the Hero may spend on one stamina face (2, or less while injured)."""
    if not hero.injury_effects:
        return most
    caps = [e.amount for _, e in effects_of(hero) if e.kind == "stamina"]
    return min([most, *caps])


def owe_draw(hero: Hero) -> Hero:
    """Becoming wounded means drawing an Injury card (§2.3, step 4): owed until drawn."""
    if hero.status == "normal":
        raise RuleViolation(f"{hero.name} is not wounded, so no Injury card is owed")
    return replace(hero, injury_draws=hero.injury_draws + 1)


def newly_wounded(before: CampaignState, after: CampaignState) -> list[str]:
    """The Heroes who became wounded (or worse) between two states."""
    return [
        name
        for name, hero in after.heroes.items()
        if name in before.heroes
        and before.heroes[name].status == "normal"
        and hero.status != "normal"
    ]


def require_no_draw_owed(state: CampaignState) -> None:
    """A scenario does not end while a Hero still owes an Injury card (§2.3): the card is
    drawn on becoming wounded and kept after the scenario."""
    owing = [hero for hero in state.heroes.values() if hero.injury_draws]
    if owing:
        names = ", ".join(
            f"{hero.name} ({hero.injury_draws} card{'s' if hero.injury_draws > 1 else ''})"
            for hero in owing
        )
        raise RuleViolation(
            f"{names} became wounded and must draw an Injury card before the scenario ends "
            "(§2.3): record the card drawn with {draw_injury}",
            fields=["draw_injury"],
        )


def remove(hero: Hero, name: str) -> Hero:
    """The Hero without the Injury card ``name``; refused when they do not hold it."""
    key = name_key(name)
    for index, held in enumerate(hero.injuries):
        if name_key(held) == key:
            return replace(
                hero,
                injuries=hero.injuries[:index] + hero.injuries[index + 1 :],
                injury_effects=_without_effects(hero.injury_effects, key),
            )
    held_names = ", ".join(hero.injuries) or "none"
    raise RuleViolation(
        f"{hero.name} has no Injury card {quoted(name)} (Injury cards: {held_names})"
    )


def _without_effects(held: tuple[HeldInjury, ...], key: str) -> tuple[HeldInjury, ...]:
    """The cards with effects, the first one named ``key`` removed (copies of a card share
    their effects, so which copy goes does not change what applies)."""
    for index, card in enumerate(held):
        if name_key(card.name) == key:
            return held[:index] + held[index + 1 :]
    return held
