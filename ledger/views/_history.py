"""What a command recorded and a log entry, as JSON."""

from typing import Any

import msgspec

from ledger.campaign import LogEntry, Recorded
from ledger.views._heroes import hero_json, step_json


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
