"""SQL the schema (migration m003) and the queries share word for word.

Never edit these: files were created with them. A change is a new migration."""

from ledger.model import META_TYPES, SessionEnded, SessionStarted

# The rows the partial index events_marked holds: undos, redos and session marks. A query
# reaches that index only by repeating this exact condition (SQLite proves a partial
# index usable from the query's own terms).
MARKED = (
    "type IN ('ledger:undone', 'ledger:redone', 'ledger:session-started', 'ledger:session-ended')"
)
MARKED_TYPES = frozenset({*META_TYPES, SessionStarted.tag(), SessionEnded.tag()})

# True for a row NEW whose step columns differ from those of the row before it (seq - 1),
# or that has no row before it.
STEP_CHANGES = """
    NOT EXISTS (
        SELECT 1 FROM events AS prev
        WHERE prev.campaign = NEW.campaign AND prev.seq = NEW.seq - 1
        AND prev.step_kind IS NEW.step_kind AND prev.step_number IS NEW.step_number
        AND prev.scenario IS NEW.scenario
    )
"""
