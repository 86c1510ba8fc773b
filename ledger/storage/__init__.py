"""Where events are kept: the SQLite file (opened durably, migrated, its SQLite checked), the
append-only event store with its snapshots, the rows and their hash chain, the step index
the database keeps, and group commit for batches.

Nothing here knows the rules: rows are stored and read back exactly as written."""

from ledger.storage._database import (
    SAFE_SQLITE,
    missing,
    open_database,
    remove_made,
    sqlite3,
    sqlite_version,
    warn_if_old_sqlite,
)
from ledger.storage._group_commit import GroupCommit, NotDurable, flush_log
from ledger.storage._lean_schema import MARKED_TYPES
from ledger.storage._migrations import (
    APPEND_ONLY_TRIGGERS,
    MARK_TRIGGERS,
    SNAPSHOT_TRIGGERS,
    STEP_INDEX_TRIGGERS,
    migrations,
)
from ledger.storage._rows import (
    AT,
    COLUMNS,
    GENESIS,
    VALUES,
    Row,
    Values,
    content_hash,
    hashes,
    row_values,
)
from ledger.storage._store import EventStore, Snapshot

__all__ = [
    "APPEND_ONLY_TRIGGERS",
    "AT",
    "COLUMNS",
    "GENESIS",
    "MARKED_TYPES",
    "MARK_TRIGGERS",
    "SAFE_SQLITE",
    "SNAPSHOT_TRIGGERS",
    "STEP_INDEX_TRIGGERS",
    "VALUES",
    "EventStore",
    "GroupCommit",
    "NotDurable",
    "Row",
    "Snapshot",
    "Values",
    "content_hash",
    "flush_log",
    "hashes",
    "migrations",
    "missing",
    "open_database",
    "remove_made",
    "row_values",
    "sqlite3",
    "sqlite_version",
    "warn_if_old_sqlite",
]
