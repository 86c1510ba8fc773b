"""Where the steps of a campaign begin and end, read from ``step_changes`` (the few rows whose
step columns differ from the row before them) and the primary key, never a scan of events.

Why the step changes suffice: the rows in effect (no undo or redo, no undone command) have
the step the fold gives them (an undo or redo that would change a later row's step is
refused), so their steps follow the cycle in order. A step's first row in effect is a step
change whatever the row before it is: in effect (an earlier step); an undo or redo (recorded
with the step in effect after it, still an earlier one); a command undone later (this row
then began the step itself, or that undo would have changed its step); a command undone
earlier has an undo between them. A step ends at its last row in effect before the first
step change in effect with another step."""

from collections.abc import Collection

import msgspec

from ledger.storage._connection import Connection

_IN_EFFECT = (
    "{e}.type NOT IN (SELECT value FROM json_each(:types)) "
    "AND {e}.command NOT IN (SELECT value FROM json_each(:commands))"
)
# CROSS JOIN: the step changes first (by their indexes), each row of events then found by
# its primary key; the step is checked on the event's own columns too.
_CHANGED = (
    "FROM step_changes AS c CROSS JOIN events AS e ON e.campaign = c.campaign AND e.seq = c.seq "
)

_LAST = f"""
    SELECT seq FROM events AS a
    WHERE a.campaign = :campaign AND a.seq >= :first AND a.seq < COALESCE((
        SELECT c.seq {_CHANGED}
        WHERE c.campaign = :campaign AND c.seq > :first AND {_IN_EFFECT.format(e="e")}
        AND NOT (e.step_kind IS :kind AND e.step_number IS :number AND e.scenario IS :scenario)
        ORDER BY c.seq LIMIT 1
    ), 4611686018427387904)
    AND {_IN_EFFECT.format(e="a")}
    ORDER BY a.seq DESC LIMIT 1
"""


def _json(values: Collection[object]) -> str:
    return msgspec.json.encode(sorted(values)).decode()


def step_starts(
    db: Connection,
    campaign: str,
    kind: str,
    *,
    number: int | None = None,
    scenario: int | None = None,
    skip_types: Collection[str],
    skip_commands: Collection[int],
) -> list[tuple[int, int | None, int]]:
    """Steps of a kind (one number, or every play of one scenario, or all) in effect as
    (number, scenario, first seq), in order."""
    where = ""
    if number is not None:
        where += "AND c.step_number = :number AND e.step_number = :number "
    if scenario is not None:
        where += "AND c.scenario = :scenario AND e.scenario = :scenario "
    cursor = db.execute(
        f"SELECT e.step_number, e.scenario, MIN(e.seq) {_CHANGED}"
        f"WHERE c.campaign = :campaign AND c.step_kind = :kind AND e.step_kind = :kind {where}"
        f"AND {_IN_EFFECT.format(e='e')} "
        "GROUP BY e.step_number, e.scenario ORDER BY MIN(e.seq)",
        {
            "campaign": campaign,
            "kind": kind,
            "number": number,
            "scenario": scenario,
            "types": _json(skip_types),
            "commands": _json(skip_commands),
        },
    )
    return [(number, scenario, first) for number, scenario, first in cursor]


def step_end(
    db: Connection,
    campaign: str,
    kind: str,
    start: tuple[int, int | None, int],
    *,
    skip_types: Collection[str],
    skip_commands: Collection[int],
) -> int:
    """The last seq in effect of the step that ``step_starts`` gave as ``start``."""
    number, scenario, first = start
    found = db.execute(
        _LAST,
        {
            "campaign": campaign,
            "first": first,
            "kind": kind,
            "number": number,
            "scenario": scenario,
            "types": _json(skip_types),
            "commands": _json(skip_commands),
        },
    ).fetchone()
    return int(found[0])


def change_rows(db: Connection, campaign: str, after: int = 0) -> list[tuple[object, ...]]:
    """The events after seq ``after`` that are step changes (every step's first row in
    effect is one), in order, as tuples of ``COLUMNS`` of events."""
    from ledger.storage._rows import COLUMNS

    listed = ", ".join(f"e.{column}" for column in COLUMNS)
    return db.execute(
        f"SELECT {listed} {_CHANGED}WHERE c.campaign = ? AND c.seq > ? ORDER BY c.seq",
        [campaign, after],
    ).fetchall()
