"""Talents used as City activities (§9.3: "using a talent costs whatever it lists"): the Hero
must hold the Talent; its City Activity points and stamina are paid, a once-per-City-step
Talent is refused the second time, and a payout from a roll is recomputed from the faces."""

from msgspec.structs import replace

from ledger.dice import PER_FACE, action_successes, stamina_faces
from ledger.errors import RuleViolation
from ledger.model import CampaignState, Hero
from ledger.rules import city, gems, stamina, stars
from ledger.text import name_key, quoted

PAYS = ("below-5", "up-to-5")
PAYOUT_LIMIT = 5


def require_talent(hero: Hero, talent: str) -> None:
    """A Talent activity needs its Talent (§9.3)."""
    if name_key(talent) not in map(name_key, hero.talents):
        held = ", ".join(hero.talents) or "none"
        raise RuleViolation(
            f"{hero.name} has not learned the Talent {quoted(talent)} (Talents: {held})"
        )


def city_total(faces: tuple[str, ...]) -> int:
    """A roll's total outside a scenario: each stamina face counts 2 (seed)."""
    return action_successes(faces) + PER_FACE * stamina_faces(faces)


def payout(pays: str, faces: tuple[str, ...]) -> int:
    """The Stars a roll pays: "below-5" pays a total under 5, else nothing (Pickpocket);
    "up-to-5" pays the total, at most 5 (Pet Circus) (§10.17)."""
    total = city_total(faces)
    if pays == "below-5":
        return total if total < PAYOUT_LIMIT else 0
    if pays == "up-to-5":
        return min(total, PAYOUT_LIMIT)
    raise RuleViolation(f"a Talent pays {' or '.join(PAYS)}, not {pays!r}")


def use(
    state: CampaignState,
    hero: Hero,
    *,
    talent: str,
    points: int,
    spend: int,
    once: bool,
    gain_stars: int,
    gain_gems: int,
) -> CampaignState:
    """The Hero uses ``talent`` in the City step, paying ``points`` and ``spend`` stamina,
    gaining ``gain_stars`` Stars and ``gain_gems`` Achievement gems."""
    require_talent(hero, talent)
    step = city.require_city_step(state, "using a Talent")
    used = f"{hero.name}: {talent}"
    if once and name_key(used) in map(name_key, step.talents_used):
        raise RuleViolation(f"{hero.name} has used {talent} this City step; once per City step")
    hero = city.spend_points(state, hero, points)
    if spend:
        hero = stamina.spend(hero, spend)
    if gain_stars:
        hero = stars.gain(hero, gain_stars)
    if gain_gems:
        hero = gems.gain(hero, "achievement", gain_gems).hero
    state = state.with_hero(hero)
    if once:
        step = replace(step, talents_used=(*step.talents_used, used))
    return replace(state, city=step)
