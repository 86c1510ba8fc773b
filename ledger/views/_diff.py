"""The JSON of what changed between two points of a campaign (``diff --json``)."""

from typing import Any

from ledger.campaign import Change, StateDiff


def point_json(ref: str | None, seq: int) -> dict[str, Any]:
    """A point of the campaign as a player named it (``ref``: None for now) and its seq."""
    return {"ref": ref, "seq": seq}


def diff_json(changed: StateDiff) -> dict[str, Any]:
    """What changed for each Hero and the party between two points (``diff --json``)."""
    return {
        "heroes": [
            {
                "name": hero.name,
                "joined": hero.joined,
                "left": hero.left,
                "changes": [change_json(change) for change in hero.changes],
            }
            for hero in changed.heroes
        ],
        "party": [change_json(change) for change in changed.party],
    }


def change_json(change: Change) -> dict[str, Any]:
    """One field's change: its values before and after, what was added and removed."""
    return {
        "field": change.field,
        "before": change.before,
        "after": change.after,
        "added": list(change.added),
        "removed": list(change.removed),
        "text": change.text,
    }
