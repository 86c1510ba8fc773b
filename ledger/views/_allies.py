"""Non-Hero Allies as JSON: ``ally show --json``, ``ally list --json`` and the party's
``allies``, present only once the campaign has an Ally (older answers stay as they were)."""

from typing import Any

from ledger.model import Ally, CampaignState


def ally_json(ally: Ally, state: CampaignState) -> dict[str, Any]:
    """The Ally as ``ally show --json`` prints it."""
    return {
        "name": ally.name,
        "henchman": ally.henchman,
        "might": ally.might,
        "agility": ally.agility,
        "will": ally.will,
        "taunt": ally.taunt,
        "health": ally.health,
        "max_health": ally.max_health,
        "exhausted": ally.exhausted,
        "conditions": [c.name for c in sorted(ally.conditions, key=lambda c: c.number)],
        "conditions_in_effect": state.in_scenario,
    }


def allies_json(state: CampaignState) -> dict[str, Any]:
    """``{"allies": [...]}`` while the campaign has an Ally, else nothing."""
    if not state.allies:
        return {}
    return {"allies": [ally_json(ally, state) for ally in state.allies.values()]}


def health_text(ally: Ally) -> str:
    """The Ally's health in words: "3/5 health", "exhausted", "health on its die"."""
    if ally.exhausted:
        return "exhausted (removed from the map)"
    if ally.health is None:
        return "health kept on its Health Counter die"
    return f"{ally.health}/{ally.max_health} health"
