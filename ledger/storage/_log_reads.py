"""The log's narrow reads: the rows of a window that a filter keeps, read through the index
the filter names (m007) and ``ORDER BY seq DESC LIMIT`` for a tail, never the whole campaign.

A filter is read as one or more sources, each an index range (one event type, one spelling
of a Hero's name, one spelling of a recipient), each limited to the tail; their union, last
``tail`` rows, is the answer. A file opened read-only from before m007 has no such index:
the same queries then run without ``INDEXED BY`` (the same rows, read the long way)."""

from collections.abc import Collection
from typing import Any

import msgspec

from ledger.storage._connection import Connection
from ledger.storage._rows import COLUMNS, Values

# Never edit these: the indexes of m007 were created with them, and a query reaches a
# partial or expression index only by repeating its terms word for word.
BY_TYPE = "events_by_type"
BY_HERO = "events_by_hero"
BY_RECIPIENT = "events_by_recipient"
GIVES = "instr(payload, '\"to\"') > 0"  # the rows whose payload may name a recipient
RECIPIENT = "json_extract(payload, '$.to')"
INDEXES = (BY_TYPE, BY_HERO, BY_RECIPIENT)

_SEQ = COLUMNS.index("seq")
_SELECT = f"SELECT {', '.join(COLUMNS)} FROM events"


def _json(values: Collection[object]) -> str:
    return msgspec.json.encode(sorted(values)).decode()


class Source(msgspec.Struct, frozen=True):
    """One index range of a filter: its index (None: the primary key) and its own term."""

    index: str | None
    term: str
    parameters: dict[str, Any]


def spellings(db: Connection, campaign: str, indexes: Collection[str]) -> tuple[set[str], set[str]]:
    """Every distinct text in the hero column and in the payloads' ``to`` (each a handful):
    one index seek per value when the indexes are there (the skip-scan ``campaigns`` uses),
    else one read of the campaign."""
    found: list[set[str]] = []
    for index, column, where in (
        (BY_HERO, "hero", "hero IS NOT NULL"),
        (BY_RECIPIENT, RECIPIENT, GIVES),
    ):
        if index in indexes:
            sql = f"""
                WITH RECURSIVE names(name) AS (
                    SELECT MIN({column}) FROM events INDEXED BY {index}
                    WHERE campaign = :campaign AND {where} AND {column} IS NOT NULL
                    UNION ALL
                    SELECT (SELECT MIN({column}) FROM events INDEXED BY {index}
                            WHERE campaign = :campaign AND {where} AND {column} > name)
                    FROM names WHERE name IS NOT NULL
                )
                SELECT name FROM names WHERE name IS NOT NULL
            """
        else:
            sql = f"SELECT DISTINCT {column} FROM events WHERE campaign = :campaign AND {where}"
        cursor = db.execute(sql, {"campaign": campaign})
        found.append({name for (name,) in cursor if isinstance(name, str)})
    return found[0], found[1]


def log_rows(
    db: Connection,
    campaign: str,
    indexes: Collection[str],
    *,
    first: int,
    last: int,
    types: Collection[str] | None = None,
    heroes: Collection[str] | None = None,
    recipients: Collection[str] = (),
    seqs: Collection[int] | None = None,
    tail: int | None = None,
) -> list[Values]:
    """The rows (tuples of ``COLUMNS``) with first <= seq <= last that every filter given
    keeps, in order: of one of ``types``; whose hero is one of ``heroes`` or whose payload's
    ``to`` is one of ``recipients``; among ``seqs``. Only the last ``tail`` of them if given."""
    if last < first or (seqs is not None and not seqs) or (types is not None and not types):
        return []
    if heroes is not None and not heroes and not recipients:
        return []
    terms, parameters = [], {"campaign": campaign, "first": first, "last": last}
    if seqs is not None:
        terms.append("seq IN (SELECT value FROM json_each(:seqs))")
        parameters["seqs"] = _json(seqs)
    if types is not None:
        terms.append("type IN (SELECT value FROM json_each(:types))")
        parameters["types"] = _json(types)
    if heroes is not None:
        terms.append(
            f"(hero IN (SELECT value FROM json_each(:heroes)) OR ({GIVES} AND "
            f"{RECIPIENT} IN (SELECT value FROM json_each(:recipients))))"
        )
        parameters["heroes"], parameters["recipients"] = _json(heroes), _json(recipients)
    sources = _sources(types, heroes, recipients, seqs)
    found: dict[int, Values] = {}
    for source in sources:
        index = source.index if source.index in indexes else None
        sql = (
            f"{_SELECT} {f'INDEXED BY {index} ' if index else ''}"
            "WHERE campaign = :campaign AND seq >= :first AND seq <= :last "
            + "".join(f"AND {term} " for term in (source.term, *terms) if term)
            + ("ORDER BY seq DESC LIMIT :tail" if tail is not None else "ORDER BY seq")
        )
        cursor = db.execute(sql, {**parameters, **source.parameters, "tail": tail})
        for values in cursor:
            found[values[_SEQ]] = values
    rows = [found[seq] for seq in sorted(found)]
    return rows[-tail:] if tail is not None else rows


def _sources(
    types: Collection[str] | None,
    heroes: Collection[str] | None,
    recipients: Collection[str],
    seqs: Collection[int] | None,
) -> list[Source]:
    """The index ranges to read: the undone commands' rows by their seqs (the fewest), else
    one range per event type, else one per spelling of the Hero, else the window."""
    if seqs is not None:
        return [Source(None, "", {})]
    if types is not None:
        return [Source(BY_TYPE, "type = :type", {"type": t}) for t in sorted(types)]
    if heroes is not None:
        return [
            *(
                Source(BY_HERO, "hero IS NOT NULL AND hero = :hero", {"hero": name})
                for name in sorted(heroes)
            ),
            *(
                Source(BY_RECIPIENT, f"{GIVES} AND {RECIPIENT} = :to", {"to": name})
                for name in sorted(recipients)
            ),
        ]
    return [Source(None, "", {})]
