"""Stamina chips, damage, wounded and exhausted (§2)."""

from msgspec.structs import replace

from ledger.errors import RuleViolation
from ledger.model import Hero, Lock, Stamina
from ledger.text import quoted

MAX_AMOUNT = 99


def require_affectable(hero: Hero) -> None:
    """An exhausted Hero is unaffected by everything but effects that remove exhaustion."""
    if hero.status == "exhausted":
        raise RuleViolation(
            f"{hero.name} is exhausted: nothing affects them until exhaustion is removed (§2.3)"
        )


def disk_room(hero: Hero) -> int:
    """How many more chips the Vitality disk may hold; the red side holds fewer (§2.3)."""
    capacity = hero.wounded_chips if hero.status == "wounded" else hero.chips
    return max(0, capacity - hero.stamina.unspent)


def spend(hero: Hero, amount: int) -> Hero:
    """A cost: refused when fewer than ``amount`` chips are on the disk (§2.2)."""
    require_affectable(hero)
    s = hero.stamina
    if amount > s.unspent:
        raise RuleViolation(
            f"{hero.name} has only {s.unspent} unspent stamina; spending {amount} is not allowed"
        )
    return replace(hero, stamina=replace(s, unspent=s.unspent - amount, spent=s.spent + amount))


def lose(hero: Hero, amount: int) -> Hero:
    """Move up to ``amount`` chips to spent; the shortfall becomes damage (§2.2)."""
    require_affectable(hero)
    s = hero.stamina
    moved = min(amount, s.unspent)
    hero = replace(hero, stamina=replace(s, unspent=s.unspent - moved, spent=s.spent + moved))
    shortfall = amount - moved
    return take_damage(hero, shortfall) if shortfall else hero


def restore(hero: Hero, amount: int) -> Hero:
    """Spent chips back onto the disk; the excess is ignored (§2.2)."""
    require_affectable(hero)
    s = hero.stamina
    moved = min(amount, s.spent, disk_room(hero))
    return replace(hero, stamina=replace(s, unspent=s.unspent + moved, spent=s.spent - moved))


def heal(hero: Hero, amount: int) -> Hero:
    """Wound chips back onto the disk; while wounded, those that do not fit are spent (§12.3)."""
    require_affectable(hero)
    s = hero.stamina
    healed = min(amount, s.wound)
    onto_disk = min(healed, disk_room(hero))
    return replace(
        hero,
        stamina=replace(
            s,
            unspent=s.unspent + onto_disk,
            spent=s.spent + healed - onto_disk,
            wound=s.wound - healed,
        ),
    )


def take_damage(hero: Hero, amount: int) -> Hero:
    """Flip chips to wound: disk, then spent, then locked; then wounded or exhausted (§2.2).

    When a lock holds fewer chips than its passive needs, the passive ends and its remaining
    chips become spent, where later damage can reach them (§10.13). Locks lose chips newest
    first (ruling: the rules do not say which).
    """
    require_affectable(hero)
    s = hero.stamina
    unspent, spent, wound, locks = s.unspent, s.spent, s.wound, list(s.locks)
    remaining = amount
    while remaining:
        if unspent:
            unspent -= 1
        elif spent:
            spent -= 1
        elif locks:
            lock = locks.pop()
            if lock.chips - 1 >= lock.required:
                locks.append(replace(lock, chips=lock.chips - 1))
            else:
                spent += lock.chips - 1
        else:
            break
        wound += 1
        remaining -= 1
    hero = replace(
        hero, stamina=Stamina(unspent=unspent, spent=spent, wound=wound, locks=tuple(locks))
    )
    if not remaining:
        return hero
    if hero.status == "wounded":
        return replace(hero, status="exhausted")
    # Becoming wounded: the rest of the damage is ignored and the red side is filled (§2.3).
    back = min(hero.wounded_chips, wound)
    return replace(hero, status="wounded", stamina=Stamina(unspent=back, wound=wound - back))


def lock(hero: Hero, amount: int, source: str) -> Hero:
    """Lock chips from the disk on a passive; re-activating it first ends the old one (§2.2)."""
    require_affectable(hero)
    if any(existing.source == source for existing in hero.stamina.locks):
        hero = unlock(hero, source)
    s = hero.stamina
    if amount > s.unspent:
        raise RuleViolation(
            f"{hero.name} has only {s.unspent} unspent stamina; locking {amount} is not allowed"
        )
    new_lock = Lock(source=source, chips=amount, required=amount)
    return replace(hero, stamina=replace(s, unspent=s.unspent - amount, locks=(*s.locks, new_lock)))


def unlock(hero: Hero, source: str) -> Hero:
    """End a passive voluntarily: its locked chips become spent (§2.2)."""
    s = hero.stamina
    ended = [existing for existing in s.locks if existing.source == source]
    if not ended:
        held = ", ".join(quoted(existing.source) for existing in s.locks) or "none"
        raise RuleViolation(
            f"{hero.name} has no stamina locked on {quoted(source)} (locks: {held})"
        )
    kept = tuple(existing for existing in s.locks if existing.source != source)
    freed = sum(existing.chips for existing in ended)
    return replace(hero, stamina=replace(s, spent=s.spent + freed, locks=kept))


def remove_wounded(hero: Hero) -> Hero:
    """Flip the disk back to blue; the chips stay where they are (§2.3)."""
    if hero.status != "wounded":
        raise RuleViolation(f"{hero.name} is not wounded (status: {hero.status})")
    return replace(hero, status="normal")


def remove_exhausted(hero: Hero) -> Hero:
    """Stand the Hero up with every chip on the blue disk (§2.3)."""
    if hero.status != "exhausted":
        raise RuleViolation(f"{hero.name} is not exhausted (status: {hero.status})")
    return replace(hero, status="normal", stamina=Stamina(unspent=hero.chips))
