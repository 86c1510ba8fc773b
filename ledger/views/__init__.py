"""The core's JSON views: one shape for a Hero, the party, a log entry and what a command
recorded, whichever face asks (the CLI's ``--json``, the web API, a Python caller).

``party_view(state, at, registry)`` is the whole of ``party show --json``;
``hero_json(state.hero(name), state)`` is ``hero show --json``; ``recorded_json(recorded)``
is what every recording command answers; ``log_json(entry)`` is one ``log --json`` row;
``diff_json(diff_states(before, after))`` is ``diff --json`` between two points.
``summary_json(session_summary(campaign, number, registry))`` is ``session summary --json``.
``to_json`` indents them as the CLI prints them."""

from typing import TYPE_CHECKING, Any

from ledger._facade import lazy_names

_HOMES = {
    "_allies": "allies_json ally_json health_text",
    "_diff": "change_json diff_json point_json",
    "_heroes": (
        "described_parts effect_text hero_city_json hero_json injuries_text party_json "
        "plugins_json stamina_json stamina_text stash_json stash_text step_json to_json"
    ),
    "_history": "log_json recorded_json",
    "_summary": "COUNTERS Luck Summary Tally counts last_session session_summary summary_json",
    "_supply": "city_json counted party_extra_json reputation_json supply_json",
}

__getattr__, __dir__ = lazy_names(__name__, _HOMES, globals())

if TYPE_CHECKING:
    from ledger.hosting import Registry
    from ledger.model import CampaignState
    from ledger.views._allies import allies_json, ally_json, health_text
    from ledger.views._diff import change_json, diff_json, point_json
    from ledger.views._heroes import (
        described_parts,
        effect_text,
        hero_city_json,
        hero_json,
        injuries_text,
        party_json,
        plugins_json,
        stamina_json,
        stamina_text,
        stash_json,
        stash_text,
        step_json,
        to_json,
    )
    from ledger.views._history import log_json, recorded_json
    from ledger.views._summary import (
        COUNTERS,
        Luck,
        Summary,
        Tally,
        counts,
        last_session,
        session_summary,
        summary_json,
    )
    from ledger.views._supply import (
        city_json,
        counted,
        party_extra_json,
        reputation_json,
        supply_json,
    )


def party_view(state: "CampaignState", at: int, registry: "Registry | None") -> dict[str, Any]:
    """The party as ``party show --json`` prints it: the Heroes and the party sheet."""
    from ledger.views._heroes import party_json
    from ledger.views._supply import party_extra_json

    return {**party_json(state, at), **party_extra_json(state, registry)}


__all__ = [
    "COUNTERS",
    "Luck",
    "Summary",
    "Tally",
    "allies_json",
    "ally_json",
    "change_json",
    "city_json",
    "counted",
    "counts",
    "described_parts",
    "diff_json",
    "effect_text",
    "health_text",
    "hero_city_json",
    "hero_json",
    "injuries_text",
    "last_session",
    "log_json",
    "party_extra_json",
    "party_json",
    "party_view",
    "plugins_json",
    "point_json",
    "recorded_json",
    "reputation_json",
    "session_summary",
    "stamina_json",
    "stamina_text",
    "stash_json",
    "stash_text",
    "step_json",
    "summary_json",
    "supply_json",
    "to_json",
]
