"""Experience, levels, Classes, Class skills, Professions and Talents (§9)."""

from msgspec.structs import replace

from ledger.errors import RuleViolation
from ledger.model import CampaignState, Hero
from ledger.rules import stars
from ledger.text import check_name, name_key, quoted

LEVEL_XP = {2: 2, 3: 5, 4: 9, 5: 14}  # cumulative XP for each level (§9.1)
MAX_LEVEL = 5
MAX_XP = 99  # far beyond level 5's 14: a typo guard, not a rule
INSPIRATION_LEVEL = 4  # reaching it gives every Hero an Inspiration gem (§9.2)
MASTER_LEVEL = 3  # Master Talent cards are sold from level 3 (§9.3)
BASIC_TALENTS = 5


def gain_level(campaign: CampaignState, level: int) -> CampaignState:
    """The party at ``level``: only the next level, only at the start of a City step (§9.1)."""
    step = campaign.step
    if step is None or step.kind != "city":
        raise RuleViolation("a level is gained at the start of a City step (§9.1), not now")
    if level != campaign.level + 1 or level > MAX_LEVEL:
        raise RuleViolation(
            f"the party is level {campaign.level}; the next level is {campaign.level + 1}, "
            f"up to {MAX_LEVEL} (§9.1), not {level}"
        )
    if campaign.xp < LEVEL_XP[level]:
        raise RuleViolation(
            f"level {level} needs {LEVEL_XP[level]} XP; the party has {campaign.xp} (§9.1)"
        )
    heroes = {name: _level_up(hero, level) for name, hero in campaign.heroes.items()}
    return replace(campaign, level=level, heroes=heroes)


def levels_due(campaign: CampaignState) -> list[int]:
    """Every level the XP has reached: normally one, more if XP was recorded by hand."""
    return [
        level
        for level in range(campaign.level + 1, MAX_LEVEL + 1)
        if campaign.xp >= LEVEL_XP[level]
    ]


def _level_up(hero: Hero, level: int) -> Hero:
    """A new Vitality disk with one more Stamina chip, put on the disk unspent (§9.2). The
    level-4 Inspiration gem is a gem event of the same command, so its caps are recorded."""
    s = hero.stamina
    return replace(hero, chips=hero.chips + 1, stamina=replace(s, unspent=s.unspent + 1))


def gain_xp(campaign: CampaignState, amount: int) -> CampaignState:
    """The party with ``amount`` more XP, up to the most the Party sheet holds."""
    if campaign.xp + amount > MAX_XP:
        raise RuleViolation(f"the party would have more than {MAX_XP} XP")
    return replace(campaign, xp=campaign.xp + amount)


def choose_class(campaign: CampaignState, hero: Hero, name: str) -> Hero:
    """The Hero with Class ``name``, one of their two, chosen once at level 2 or later (§9.2)."""
    name = check_name(name, "Class")
    if campaign.level < 2:
        raise RuleViolation(
            f"a Class is chosen at level 2 (§9.2); the party is level {campaign.level}"
        )
    if hero.hero_class is not None:
        raise RuleViolation(f"{hero.name} is already a {hero.hero_class}; the choice is permanent")
    if hero.classes:
        chosen = next((c for c in hero.classes if name_key(c) == name_key(name)), None)
        if chosen is None:
            raise RuleViolation(
                f"{hero.name} chooses between {' and '.join(hero.classes)}, not {quoted(name)}"
            )
        name = chosen
    return replace(hero, hero_class=name)


def learn_skill(campaign: CampaignState, hero: Hero, skill: str) -> Hero:
    """One Class skill per level from 2 to 5 (§9.2)."""
    skill = check_name(skill, "Class skill")
    if hero.hero_class is None:
        raise RuleViolation(f"{hero.name} has no Class yet; choose one first (`class choose`)")
    if any(name_key(s) == name_key(skill) for s in hero.skills):
        raise RuleViolation(f"{hero.name} has already learned {quoted(skill)}")
    allowed = campaign.level - 1
    if len(hero.skills) >= allowed:
        raise RuleViolation(
            f"at level {campaign.level} a Hero knows {allowed} Class skill"
            f"{'' if allowed == 1 else 's'}; {hero.name} knows {len(hero.skills)} (§9.2)"
        )
    return replace(hero, skills=(*hero.skills, skill))


def pay(campaign: CampaignState, hero: Hero, points: int, cost: int) -> Hero:
    """Professions and Talents are learned at City services (§9.3): in a City step, paying
    City Activity points (only after the City Event is resolved, §8.1) and Stars."""
    if campaign.step is None or campaign.step.kind != "city":
        raise RuleViolation("Professions and Talents are learned in a City step (§9.3)")
    if points:
        city = campaign.city
        if city is None or not city.event_resolved:
            raise RuleViolation(
                "City Activity points can be spent only in a City step after its City Event "
                "is resolved (§8.1)"
            )
        if points > hero.city_points:
            raise RuleViolation(
                f"{hero.name} has {hero.city_points} City Activity point"
                f"{'' if hero.city_points == 1 else 's'}; {points} are needed"
            )
        hero = replace(hero, city_points=hero.city_points - points)
    return stars.spend(hero, cost) if cost else hero


def learn_profession(campaign: CampaignState, hero: Hero, profession: str, talent: str) -> Hero:
    """At most one per Hero and each by one Hero only, from level 2; its first Talent comes
    with it (§9.3)."""
    profession = check_name(profession, "Profession")
    if campaign.level < 2:
        raise RuleViolation("a Profession can be learned from level 2 (§9.3)")
    if hero.profession is not None:
        raise RuleViolation(f"{hero.name} already has a Profession ({hero.profession})")
    for other in campaign.heroes.values():
        if other.profession and name_key(other.profession) == name_key(profession):
            raise RuleViolation(
                f"{other.name} has already learned {other.profession}; each Profession may be "
                f"learned by one Hero only (§9.3)"
            )
    return replace(hero, profession=profession, talents=(check_name(talent, "Talent"),))


def learn_talent(campaign: CampaignState, hero: Hero, talent: str, master: bool) -> Hero:
    """The Hero with Talent ``talent`` of their Profession: basic Talents in card order, the
    Master Talent after them (``master``) (§9.3)."""
    talent = check_name(talent, "Talent")
    if hero.profession is None:
        raise RuleViolation(f"{hero.name} has no Profession; Talents belong to a Profession")
    if any(name_key(t) == name_key(talent) for t in hero.talents):
        raise RuleViolation(f"{hero.name} already has the Talent {quoted(talent)}")
    if master:
        if len(hero.talents) > BASIC_TALENTS:
            raise RuleViolation(f"{hero.name} already has the Master Talent of {hero.profession}")
        if campaign.level < MASTER_LEVEL:
            raise RuleViolation(f"Master Talents are sold from level {MASTER_LEVEL} (§9.3)")
        if len(hero.talents) < BASIC_TALENTS:
            raise RuleViolation(
                f"a Master Talent needs all {BASIC_TALENTS} basic Talents; {hero.name} has "
                f"{len(hero.talents)} (§9.3)"
            )
    elif len(hero.talents) >= BASIC_TALENTS:
        raise RuleViolation(f"{hero.name} already has all {BASIC_TALENTS} basic Talents")
    return replace(hero, talents=(*hero.talents, talent))
