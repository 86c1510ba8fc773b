"""A Hero and the party as JSON: what ``hero show --json`` and ``party show --json`` print,
what the web API answers and what a Python caller gets, in one shape."""

from typing import Any

import msgspec

from ledger.model import CampaignState, Hero, InjuryEffect, PluginState, Stamina, fields_text
from ledger.rules import loadout
from ledger.text import name_key
from ledger.views._allies import allies_json


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
        # the held cards' effects, only while some are held (older answers stay as they were)
        **(
            {"injury_effects": [msgspec.to_builtins(c) for c in hero.injury_effects]}
            if hero.injury_effects
            else {}
        ),
        "city_points": hero.city_points,
        **stash_json(hero),
        **plugins_json(hero.plugins),
    }


def stash_json(hero: Hero) -> dict[str, Any]:
    """What the Hero keeps in their Hideout, only while it holds something (older answers
    stay as they were)."""
    if not hero.stash and not hero.stash_stars:
        return {}
    return {"stash": {"items": [i.name for i in hero.stash], "stars": hero.stash_stars}}


def stash_text(hero: Hero) -> str:
    """The Hideout's stash in words, "" when empty."""
    kept = [i.name for i in hero.stash] + (
        [f"{hero.stash_stars} Stars"] if hero.stash_stars else []
    )
    return ", ".join(kept)


def hero_city_json(hero: Hero) -> dict[str, Any]:
    """A Hero's City-step state as JSON: Injury cards, City Activity points, where they sleep."""
    return {
        "injuries": list(hero.injuries),
        "city_points": hero.city_points,
        "sleeps": hero.sleeps,
        "encumbrance": {"load": loadout.load(hero), "limit": loadout.limit(hero)},
    }


def plugins_json(parts: dict[str, Any]) -> dict[str, Any]:
    """The plugins' own state, under ``"plugins"`` by namespace; nothing while no plugin
    event has changed it (each part is then its initial value)."""
    if not parts:
        return {}
    return {"plugins": {name: msgspec.to_builtins(part) for name, part in parts.items()}}


def described_parts(parts: dict[str, Any]) -> list[dict[str, str]]:
    """The plugins' parts as the pages show them: each by its namespace, in its own words
    (``PluginState.describe``); a part no loaded plugin registers, or whose describe fails,
    shows its fields instead, so a plugin's fault never hides the page."""
    shown = []
    for namespace, part in parts.items():
        text = None
        if isinstance(part, PluginState):
            try:
                text = str(part.describe())
            except Exception:  # the plugin's fault: its fields still show
                text = None
            fields = msgspec.to_builtins(part)
        else:
            fields = part if isinstance(part, dict) else {"value": part}
        shown.append({"namespace": namespace, "text": text or fields_text(fields)})
    return shown


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
        **allies_json(state),
        **plugins_json(state.plugins),
    }


def effect_text(effect: InjuryEffect) -> str:
    """An effect in words, as the sheet shows it."""
    if effect.kind == "ability":
        return f"{(effect.ability or '').title()} {effect.amount:+d}"
    if effect.kind == "checks":
        return f"{effect.amount:+d} on active checks"
    if effect.kind == "stamina":
        return f"at most {effect.amount} stamina per stamina face"
    return f"{effect.text} (not applied by the ledger)"


def injuries_text(hero: Hero) -> str:
    """The Hero's Injury cards, each with its effects: "Broken Ribs (Might -1), Bruised"."""
    shown, with_effects = [], list(hero.injury_effects)
    for name in hero.injuries:
        card = next((c for c in with_effects if name_key(c.name) == name_key(name)), None)
        if card is None:
            shown.append(name)
            continue
        with_effects.remove(card)
        shown.append(f"{name} ({'; '.join(effect_text(e) for e in card.effects)})")
    return ", ".join(shown)
