"""How state, events and changes look on the terminal. The JSON shapes are the core's
(``ledger.views``), named here too for the commands that print them."""

from typing import TYPE_CHECKING, Any

import msgspec

from ledger.model import Ally, CampaignState, Hero, Keyword
from ledger.text import printable
from ledger.views import health_text, injuries_text, stamina_text, stash_text
from ledger_cli.lazy import from_views
from ledger_cli.output_city import hero_city_text, supply_changes

if TYPE_CHECKING:
    from ledger.views import (
        allies_json,
        ally_json,
        hero_json,
        log_json,
        party_json,
        party_view,
        plugins_json,
        recorded_json,
        stamina_json,
        step_json,
        to_json,
    )

# The JSON shapes named here for commands are the core's, each loaded when first used: a
# command imports the views it prints (docs/performance.md, target 6).
_VIEWS = frozenset(
    {
        "allies_json",
        "ally_json",
        "hero_json",
        "log_json",
        "party_json",
        "party_view",
        "plugins_json",
        "recorded_json",
        "stamina_json",
        "step_json",
        "to_json",
    }
)

__getattr__ = from_views(__name__, _VIEWS)


__all__ = [
    "allies_json",
    "ally_json",
    "ally_text",
    "changes",
    "hero_json",
    "hero_text",
    "journal_text",
    "log_json",
    "party_json",
    "party_view",
    "plugins_json",
    "plugins_text",
    "progress_text",
    "recorded_json",
    "stamina_json",
    "stamina_text",
    "step_json",
    "step_text",
    "to_json",
]


def plugins_text(parts: dict[str, Any]) -> list[str]:
    """One line per plugin's part of the state, e.g. ``frost: chills=2``."""
    lines = []
    for name, part in parts.items():
        fields = msgspec.to_builtins(part)
        shown = " · ".join(f"{key}={_plain(value)}" for key, value in fields.items())
        lines.append(printable(f"  {name + ':':<11} {shown or '(initial)'}"))
    return lines


def _plain(value: Any) -> str:
    if isinstance(value, list | tuple):
        return "[" + ", ".join(map(_plain, value)) + "]"
    return str(value)


def step_text(state: CampaignState) -> str:
    """The current step in words ("Scenario step 3: scenario 5, play 2"), as the core's
    diff names it."""
    from ledger.campaign import step_text as campaign_step_text

    return campaign_step_text(state.step)


def hero_text(hero: Hero, state: CampaignState) -> list[str]:
    """The Hero as ``hero show`` prints it, one line each."""
    s = hero.stamina
    lines = [
        f"{hero.name} — level {state.level}, {state.xp} XP, {hero.status}",
        f"  Might {hero.might} · Agility {hero.agility} · Will {hero.will} · Taunt {hero.taunt}",
        f"  Stamina     {stamina_text(s)}  ({hero.chips} chips, {hero.wounded_chips} on the "
        "wounded side)",
    ]
    for lock in s.locks:
        lines.append(f"              {lock.chips} locked on {lock.source} (needs {lock.required})")
    if hero.conditions:
        names = ", ".join(f"{c.name} (#{c.number})" for c in hero.conditions)
        note = "" if state.in_scenario else " (no effect until the scenario)"
        lines.append(f"  Conditions  {names}{note}")
    else:
        lines.append("  Conditions  none")
    carried = ", ".join(item.name + (" [Quest]" if item.quest else "") for item in hero.items)
    lines.append(f"  Items       {carried or 'none'}")
    lines += hero_city_text(hero, state)
    lines.append(
        f"  Stars       {hero.stars}    Gems  {hero.gems.achievement} achievement, "
        f"{hero.gems.inspiration} inspiration"
    )
    if hero.journal:
        lines.append(f"  Journal     {journal_text(hero.journal)}")
    lines.extend(progress_text(hero))
    lines.extend(plugins_text(hero.plugins))
    return [printable(line) for line in lines]  # whatever the file holds


def ally_text(ally: Ally, state: CampaignState) -> list[str]:
    """The Non-Hero Ally as ``ally show`` prints it, one line each."""
    kind = "Henchman" if ally.henchman else "Non-Hero Ally"
    lines = [
        f"{ally.name} — {kind}, {health_text(ally)}",
        f"  Might {ally.might} · Agility {ally.agility} · Will {ally.will} · Taunt {ally.taunt}",
    ]
    names = ", ".join(f"{c.name} (#{c.number})" for c in ally.conditions)
    note = "" if state.in_scenario or not names else " (no effect until the scenario)"
    lines.append(f"  Conditions  {names + note if names else 'none'}")
    return [printable(line) for line in lines]


def ally_changes(before: CampaignState, after: CampaignState) -> list[str]:
    """What a command changed of the Non-Hero Allies, in words."""
    lines = []
    for name, ally in after.allies.items():
        old = before.allies.get(name)
        if old is None:
            lines.append(f"{name} joins the party: {health_text(ally)}")
        elif old != ally and (old.health, old.exhausted) != (ally.health, ally.exhausted):
            lines.append(f"{name}: {health_text(old)} → {health_text(ally)}")
        if old is not None and old.conditions != ally.conditions:
            held = ", ".join(c.name for c in ally.conditions) or "none"
            lines.append(f"{name}: conditions {held}")
    lines += [f"{name} leaves the party" for name in before.allies.keys() - after.allies.keys()]
    return lines


def progress_text(hero: Hero) -> list[str]:
    """Class, skills, Profession and Talents, as on the Hero sheet (§8.5)."""
    lines = []
    if hero.hero_class:
        skills = f" · skills: {', '.join(hero.skills)}" if hero.skills else ""
        lines.append(f"  Class       {hero.hero_class}{skills}")
    elif hero.classes:
        lines.append(f"  Class       not chosen yet ({' or '.join(hero.classes)}, at level 2)")
    if hero.profession:
        lines.append(f"  Profession  {hero.profession} · Talents: {', '.join(hero.talents)}")
    if hero.injuries or hero.injury_draws:
        owed = f"{hero.injury_draws} to draw (`injury draw`)" if hero.injury_draws else ""
        lines.append(f"  Injuries    {' · '.join(filter(None, [injuries_text(hero), owed]))}")
    if hero.city_points:
        lines.append(f"  City points {hero.city_points}")
    if stash_text(hero):
        lines.append(f"  Hideout     {stash_text(hero)}")
    return lines


def changes(before: CampaignState, after: CampaignState) -> list[str]:
    """What a command changed, in words, including what the rules did on their own."""
    lines = []
    if before.step != after.step:
        lines.append(f"now: {step_text(after)}")
    for name, hero in after.heroes.items():
        old = before.heroes.get(name)
        if old is None or old == hero:
            continue
        if old.status != hero.status:
            note = " — draw an Injury card (`injury draw`)" if hero.status == "wounded" else ""
            lines.append(f"{name} is now {hero.status}{note}")
        if old.stamina != hero.stamina:
            lines.append(f"{name}: {stamina_text(old.stamina)} → {stamina_text(hero.stamina)}")
        if old.conditions != hero.conditions:
            names = ", ".join(c.name for c in hero.conditions) or "none"
            lines.append(f"{name}: conditions {names}")
        if old.items != hero.items:
            lines.append(f"{name}: items {', '.join(i.name for i in hero.items) or 'none'}")
        if old.stars != hero.stars:
            lines.append(f"{name}: {old.stars} → {hero.stars} Stars")
        if old.gems != hero.gems:
            lines.append(
                f"{name}: gems {hero.gems.achievement} achievement, "
                f"{hero.gems.inspiration} inspiration"
            )
        if old.journal != hero.journal:
            lines.append(f"{name}'s Journal: {journal_text(hero.journal) or 'empty'}")
        was = progress_text(old)
        lines.extend(f"{name}:{line[1:]}" for line in progress_text(hero) if line not in was)
    if before.journal != after.journal:
        lines.append(f"Party Journal: {journal_text(after.journal) or 'empty'}")
    if (before.level, before.xp) != (after.level, after.xp):
        lines.append(f"party: level {after.level}, {after.xp} XP")
    for name in before.heroes.keys() - after.heroes.keys():
        lines.append(f"{name} is no longer in the campaign")
    lines += ally_changes(before, after) if before.allies or after.allies else []
    lines += supply_changes(before, after)
    if not lines and before == after:
        lines.append("no change")
    return lines


def journal_text(journal: tuple[Keyword, ...]) -> str:
    """Keywords as written on the sheet: crossed-out ones struck through, tallies as bars."""
    words = []
    for entry in journal:
        word = f"~~{entry.word}~~" if entry.crossed else entry.word
        words.append(word + (" " + "|" * entry.tally if entry.tally else ""))
    return ", ".join(words)
