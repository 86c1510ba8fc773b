"""What the base game's events add to an evening's summary (``Event.tallies``): damage and
healing measured on the Vitality disk between the states around the event, so a reaction's
damage counts as a damage card's does, and a blow that turns the disk counts every chip it
flipped (the red side refilled after it is not a heal)."""

from ledger.model import CampaignState, Hero

DAMAGE = "damage taken"
HEALED = "damage healed"
SPENT = "stamina spent"
LOST = "stamina lost"
ROLLED = "checks rolled"
SUCCEEDED = "checks succeeded"
_WORSE = {"normal": 0, "wounded": 1, "exhausted": 2}


def _health(hero: Hero) -> int:
    return hero.stamina.unspent + hero.stamina.spent + hero.stamina.locked


def disk_change(before: CampaignState, after: CampaignState, hero: str) -> dict[str, int]:
    """The damage ``hero`` took or healed between the two states, as tallies."""
    was, now = before.heroes.get(before.hero(hero).name), after.hero(hero)
    if was is None:
        return {}
    if _WORSE[now.status] > _WORSE[was.status] and now.status == "wounded":
        return {DAMAGE: _health(was)}  # every chip flipped, then the red side filled
    wound = now.stamina.wound - was.stamina.wound
    if wound > 0:
        return {DAMAGE: wound}
    return {HEALED: -wound} if wound < 0 else {}


def check(success: bool | None) -> dict[str, int]:
    """A check rolled, and whether it succeeded (a check with no target: neither)."""
    return {ROLLED: 1, SUCCEEDED: int(bool(success))}
