"""Where events are kept: the SQLite file (opened durably, migrated, its SQLite checked), the
append-only event store with its snapshots, the rows and their hash chain, the step index
the database keeps, and group commit for batches.

Nothing here knows the rules: rows are stored and read back exactly as written."""

from typing import TYPE_CHECKING

from ledger._facade import lazy_names

_HOMES = {
    "_connection": "Connection",
    "_database": (
        "SAFE_SQLITE missing open_database pending remove_made sqlite3 sqlite_version "
        "warn_if_old_sqlite"
    ),
    "_group_commit": "Flushing GroupCommit NotDurable flush_log",
    "_held": "HeldLost",
    "_lean_schema": "MARKED_TYPES",
    "_migrations": (
        "APPEND_ONLY_TRIGGERS MARK_TRIGGERS MIGRATION_NAMES MIGRATION_SET SNAPSHOT_TRIGGERS "
        "STEP_INDEX_TRIGGERS STEPS migration_set"
    ),
    "_rows": "AT COLUMNS GENESIS VALUES Row Values content_hash hashes row_values",
    "_store": "EventStore Snapshot writes_a_page_at_once",
}

_lazy, __dir__ = lazy_names(__name__, _HOMES, globals())

if TYPE_CHECKING:
    from sqlite_utils.migrations import Migrations

    from ledger.storage._connection import Connection
    from ledger.storage._database import (
        SAFE_SQLITE,
        missing,
        open_database,
        pending,
        remove_made,
        sqlite3,
        sqlite_version,
        warn_if_old_sqlite,
    )
    from ledger.storage._group_commit import Flushing, GroupCommit, NotDurable, flush_log
    from ledger.storage._held import HeldLost
    from ledger.storage._lean_schema import MARKED_TYPES
    from ledger.storage._migrations import (
        APPEND_ONLY_TRIGGERS,
        MARK_TRIGGERS,
        MIGRATION_NAMES,
        MIGRATION_SET,
        SNAPSHOT_TRIGGERS,
        STEP_INDEX_TRIGGERS,
        STEPS,
        migration_set,
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
    from ledger.storage._store import EventStore, Snapshot, writes_a_page_at_once

    migrations: Migrations


def __getattr__(name: str) -> object:
    """``migrations``: the schema changes as sqlite-utils Migrations, built when first asked
    for (importing sqlite-utils only then); any other name from its module (``_HOMES``)."""
    if name == "migrations":
        from ledger.storage._migrations import migration_set

        return migration_set()
    return _lazy(name)


__all__ = [
    "APPEND_ONLY_TRIGGERS",
    "AT",
    "COLUMNS",
    "GENESIS",
    "MARKED_TYPES",
    "MARK_TRIGGERS",
    "MIGRATION_NAMES",
    "MIGRATION_SET",
    "SAFE_SQLITE",
    "SNAPSHOT_TRIGGERS",
    "STEPS",
    "STEP_INDEX_TRIGGERS",
    "VALUES",
    "Connection",
    "EventStore",
    "Flushing",
    "GroupCommit",
    "HeldLost",
    "NotDurable",
    "Row",
    "Snapshot",
    "Values",
    "content_hash",
    "flush_log",
    "hashes",
    "migration_set",
    "migrations",
    "missing",
    "open_database",
    "pending",
    "remove_made",
    "row_values",
    "sqlite3",
    "sqlite_version",
    "warn_if_old_sqlite",
    "writes_a_page_at_once",
]
