"""``verify --upcasters``: every stored row of an older schema, upcast as it is read, held
against the installed type's schema. An upcaster is trusted by the fold (the stored rows are
unchanged, so hashes verify); this catches one that gives a field the type does not have, a
value of the wrong type, or drops one the type requires, naming the plugin and the row."""

from typing import Any

import msgspec

from ledger.errors import LedgerError
from ledger.hosting._registry import Registry
from ledger.storage import Connection

_fields = msgspec.json.Decoder(dict[str, Any])


def upcast_problems(db: Connection, registry: Registry) -> list[tuple[str, int, str]]:
    """(campaign, seq, what is wrong) for each upcast payload the installed schema refuses;
    with how many rows were upcast, as (\"\", count, \"\") last."""
    current = {tag: kind.schema for tag, (kind, _) in registry.event_types.items()}
    problems: list[tuple[str, int, str]] = []
    checked = 0
    rows = db.execute(
        "SELECT campaign, seq, type, schema, payload, plugin, plugin_version FROM events "
        "ORDER BY campaign, seq"
    )
    for campaign, seq, tag, schema, payload, plugin, version in rows:
        if tag not in current or schema == current[tag]:
            continue
        kind, owner = registry.event_types[tag]
        checked += 1
        try:
            upcast = registry.upcasters.upgrade(
                tag, schema, payload, current=current[tag], plugin=plugin, version=version
            )
            fields = _fields.decode(upcast)
            event = msgspec.json.decode(upcast, type=kind)
        except (LedgerError, msgspec.DecodeError) as error:
            problems.append((campaign, seq, f"{tag} upcast from schema {schema}: {error}"))
            continue
        kept = msgspec.to_builtins(event)
        extra = sorted(set(fields) - set(kept) - {"type"})
        if extra:
            problems.append(
                (
                    campaign,
                    seq,
                    f"the upcasters of plugin {owner!r} turn {tag} of schema {schema} into fields "
                    f"{kind.__name__} (schema {current[tag]}) does not have: {', '.join(extra)}",
                )
            )
    problems.append(("", checked, ""))
    return problems
