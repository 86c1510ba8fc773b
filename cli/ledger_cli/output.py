"""How state, events and changes look on the terminal and in JSON."""

from typing import Any

import msgspec

from ledger.campaign import LogEntry, Recorded
from ledger.campaign import step_text as campaign_step_text
from ledger.model import CampaignState, Hero, Keyword, Stamina
from ledger.text import printable
from ledger_cli.output_city import hero_city_json, hero_city_text, supply_changes


def to_json(value: Any) -> str:
    """``value`` as the indented JSON every ``--json`` prints."""
    return msgspec.json.format(msgspec.json.encode(value), indent=2).decode()


def stamina_text(s: Stamina) -> str:
    """Where the Stamina chips are, in one line."""
    return f"{s.unspent} unspent · {s.spent} spent · {s.wound} wound · {s.locked} locked"


def stamina_json(hero: Hero) -> dict[str, Any]:
    """Where the Hero's Stamina chips are, as JSON."""
    s = hero.stamina
    return {
        "unspent": s.unspent,
        "spent": s.spent,
        "wound": s.wound,
        "locked": s.locked,
        "chips": hero.chips,
        "wounded_chips": hero.wounded_chips,
        "locks": [msgspec.to_builtins(lock) for lock in s.locks],
    }


def hero_json(hero: Hero, state: CampaignState) -> dict[str, Any]:
    """The Hero as ``hero show --json`` prints it."""
    return {
        "name": hero.name,
        "level": state.level,
        "xp": state.xp,
        "status": hero.status,
        "might": hero.might,
        "agility": hero.agility,
        "will": hero.will,
        "taunt": hero.taunt,
        "stamina": stamina_json(hero),
        "conditions": [c.name for c in sorted(hero.conditions, key=lambda c: c.number)],
        "conditions_in_effect": state.in_scenario,
        "items": [item.name for item in hero.items],
        "item_details": [msgspec.to_builtins(item) for item in hero.items],
        "stars": hero.stars,
        **hero_city_json(hero),
        "gems": {"achievement": hero.gems.achievement, "inspiration": hero.gems.inspiration},
        "journal": [msgspec.to_builtins(entry) for entry in hero.journal],
        "classes": list(hero.classes),
        "class": hero.hero_class,
        "skills": list(hero.skills),
        "profession": hero.profession,
        "talents": list(hero.talents),
        "injuries": list(hero.injuries),
        # Injury cards owed for becoming wounded, only while some are (older answers stay as
        # they were, as for "plugins")
        **({"injury_draws": hero.injury_draws} if hero.injury_draws else {}),
        "city_points": hero.city_points,
        **plugins_json(hero.plugins),
    }


def plugins_json(parts: dict[str, Any]) -> dict[str, Any]:
    """The plugins' own state, under ``"plugins"`` by namespace; nothing while no plugin
    event has changed it (each part is then its initial value)."""
    if not parts:
        return {}
    return {"plugins": {name: msgspec.to_builtins(part) for name, part in parts.items()}}


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


def step_json(state: CampaignState) -> dict[str, Any] | None:
    """The current step as JSON, or None before the first."""
    return msgspec.to_builtins(state.step) if state.step else None


def party_json(state: CampaignState, at: int) -> dict[str, Any]:
    """The party as ``party show --json`` prints it, ``at`` being the event it is after."""
    return {
        "campaign": state.name,
        "at": at,
        "level": state.level,
        "xp": state.xp,
        "step": step_json(state),
        "journal": [msgspec.to_builtins(entry) for entry in state.journal],
        "session": state.session or None,
        "heroes": [hero_json(hero, state) for hero in state.heroes.values()],
        **plugins_json(state.plugins),
    }


def step_text(state: CampaignState) -> str:
    """The current step in words ("Scenario step 3: scenario 5, play 2"), as the core's
    diff names it."""
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
        lines.append(f"  Injuries    {' · '.join(filter(None, [', '.join(hero.injuries), owed]))}")
    if hero.city_points:
        lines.append(f"  City points {hero.city_points}")
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
    lines += supply_changes(before, after)
    if not lines and before == after:
        lines.append("no change")
    return lines


def recorded_json(recorded: Recorded) -> dict[str, Any]:
    """What a command recorded, as every command's ``--json`` prints it: the events and the
    Heroes they changed."""
    changed = [
        hero_json(hero, recorded.after)
        for name, hero in recorded.after.heroes.items()
        if recorded.before.heroes.get(name) != hero
    ]
    return {
        "replayed": recorded.replayed,
        "events": [{"seq": r.seq, "type": r.type, "hero": r.hero} for r in recorded.rows],
        "heroes": changed,
        "step": step_json(recorded.after),
    }


def log_json(entry: LogEntry) -> dict[str, Any]:
    """One ``log`` entry as JSON."""
    row = entry.row
    # An undone event also says which undo reverted it; other entries read as they always did.
    undone_by = {"undone_by": entry.undone_by} if entry.reverted else {}
    return {
        "seq": row.seq,
        "command": row.command,
        "type": row.type,
        "hero": row.hero,
        "reverted": entry.reverted,
        **undone_by,
        "description": entry.description,
        "step": {"kind": row.step_kind, "number": row.step_number, "scenario": row.scenario},
        "recorded_at": row.recorded_at,
        "plugin": row.plugin,
        "plugin_version": row.plugin_version,
        "payload": msgspec.json.decode(row.payload),
        "hash": row.hash,
    }


def journal_text(journal: tuple[Keyword, ...]) -> str:
    """Keywords as written on the sheet: crossed-out ones struck through, tallies as bars."""
    words = []
    for entry in journal:
        word = f"~~{entry.word}~~" if entry.crossed else entry.word
        words.append(word + (" " + "|" * entry.tally if entry.tally else ""))
    return ", ".join(words)
