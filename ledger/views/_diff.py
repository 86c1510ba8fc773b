"""The JSON of what changed between two points of a campaign (``diff --json``)."""

from typing import Any

from ledger.campaign import Change, HeroDiff, StateDiff


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
        # only when an Ally changed (older answers stay as they were)
        **({"allies": [_named_json(ally) for ally in changed.allies]} if changed.allies else {}),
    }


def _named_json(diff: HeroDiff) -> dict[str, Any]:
    return {
        "name": diff.name,
        "joined": diff.joined,
        "left": diff.left,
        "changes": [change_json(change) for change in diff.changes],
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
