"""Schema changes, applied in order through sqlite-utils Migrations (imported only when a
file is created or upgraded: ``MIGRATION_NAMES`` tells what is pending without it)."""

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from ledger.storage._lean_schema import MARKED, STEP_CHANGES
from ledger.storage._log_reads import BY_HERO, BY_RECIPIENT, BY_TYPE, GIVES, RECIPIENT

if TYPE_CHECKING:
    from sqlite_utils import Database
    from sqlite_utils.migrations import Migrations

MIGRATION_SET = "campaign_ledger"


def m001_events(db: "Database") -> None:
    """The append-only event log, one hash chain per campaign."""
    db.execute(
        """
        CREATE TABLE events (
            campaign TEXT NOT NULL,
            seq INTEGER NOT NULL CHECK (seq >= 1),
            command INTEGER NOT NULL,
            type TEXT NOT NULL,
            schema INTEGER NOT NULL,
            plugin TEXT NOT NULL,
            plugin_version TEXT NOT NULL,
            recorded_at TEXT NOT NULL,
            step_kind TEXT,
            step_number INTEGER,
            scenario INTEGER,
            hero TEXT,
            idempotency_key TEXT,
            payload TEXT NOT NULL,
            prev_hash TEXT NOT NULL,
            hash TEXT NOT NULL,
            PRIMARY KEY (campaign, seq)
        ) STRICT, WITHOUT ROWID
        """
    )
    db.execute(
        "CREATE UNIQUE INDEX events_idempotency ON events (campaign, idempotency_key) "
        "WHERE idempotency_key IS NOT NULL"
    )
    db.execute("CREATE INDEX events_type ON events (campaign, type)")
    db.execute("CREATE INDEX events_step ON events (campaign, step_kind, step_number)")
    db.execute("CREATE INDEX events_command ON events (campaign, command)")
    db.execute("CREATE INDEX events_scenario ON events (campaign, scenario, step_number)")
    # REPLACE deletes the old row without firing DELETE triggers unless recursive_triggers is
    # on (the sqlite3 shell leaves it off), so an insert onto a taken seq is refused as well.
    db.execute(
        """
        CREATE TRIGGER events_no_replace BEFORE INSERT ON events
        WHEN EXISTS (SELECT 1 FROM events WHERE campaign = NEW.campaign AND seq = NEW.seq)
        BEGIN SELECT RAISE(ABORT, 'events are append-only: this seq is taken'); END
        """
    )
    for action in ("UPDATE", "DELETE"):
        db.execute(
            f"""
            CREATE TRIGGER events_no_{action.lower()} BEFORE {action} ON events
            BEGIN SELECT RAISE(ABORT, 'events are append-only: {action} is not allowed'); END
            """
        )


def m002_snapshots(db: "Database") -> None:
    """A cache of folded state; `verify` proves each row equals a fold from scratch."""
    db.execute(
        """
        CREATE TABLE snapshots (
            campaign TEXT NOT NULL,
            seq INTEGER NOT NULL,
            revision INTEGER NOT NULL,
            fingerprint TEXT NOT NULL,
            state TEXT NOT NULL,
            PRIMARY KEY (campaign, fingerprint, seq, revision)
        ) STRICT
        """
    )


def m003_lean_indexes(db: "Database") -> None:
    """Every commit wrote a leaf page of each of four indexes on every event; the lookups
    they served now read an index of the few rows they look for, or the primary key."""
    for index in ("events_type", "events_step", "events_command", "events_scenario"):
        db.execute(f"DROP INDEX {index}")
    # Only undo, redo and session rows; a query must repeat MARKED (the planner proves it).
    db.execute(f"CREATE INDEX events_marked ON events (campaign, type) WHERE {MARKED}")
    # The rows whose step differs from the row before them: every step's first row in
    # effect is one (ledger/storage/_step_index.py). Kept by the database for every writer; the step
    # columns are copied to be indexed (a handful of rows per step, none per other event).
    db.execute(
        """
        CREATE TABLE step_changes (
            campaign TEXT NOT NULL,
            seq INTEGER NOT NULL,
            step_kind TEXT,
            step_number INTEGER,
            scenario INTEGER,
            PRIMARY KEY (campaign, seq)
        ) STRICT, WITHOUT ROWID
        """
    )
    db.execute("CREATE INDEX step_changes_step ON step_changes (campaign, step_kind, step_number)")
    db.execute("CREATE INDEX step_changes_scenario ON step_changes (campaign, step_kind, scenario)")
    columns = "campaign, seq, step_kind, step_number, scenario"
    db.execute(f"INSERT INTO step_changes SELECT {columns} FROM events AS NEW WHERE {STEP_CHANGES}")
    new = ", ".join(f"NEW.{column}" for column in columns.split(", "))
    db.execute(
        f"""
        CREATE TRIGGER events_step_change AFTER INSERT ON events WHEN {STEP_CHANGES}
        BEGIN INSERT OR IGNORE INTO step_changes VALUES ({new}); END
        """
    )
    for action in ("UPDATE", "DELETE"):
        db.execute(
            f"""
            CREATE TRIGGER step_changes_no_{action.lower()} BEFORE {action} ON step_changes
            BEGIN SELECT RAISE(ABORT, 'step changes are append-only: {action} is not allowed');
            END
            """
        )


# PRAGMA application_id of a ledger file ("CLdg"): what `file` and the ledger itself know
# it by. Files created before m004 have 0 and are known by their schema (storage/_database.py).
APPLICATION_ID = 0x434C6467


def m004_command_fingerprints(db: "Database") -> None:
    """What each idempotency key was used for (a hash of the command), so that reusing a
    key for another command is refused instead of answering with the first; and the file's
    application id. Keys recorded before have no row and keep their old meaning."""
    db.execute(
        """
        CREATE TABLE command_fingerprints (
            campaign TEXT NOT NULL,
            idempotency_key TEXT NOT NULL,
            fingerprint TEXT NOT NULL,
            PRIMARY KEY (campaign, idempotency_key)
        ) STRICT, WITHOUT ROWID
        """
    )
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")


def m005_snapshots_append_only(db: "Database") -> None:
    """Snapshots kept like events: never updated or deleted, a REPLACE keeps the row there
    (as the writer's INSERT OR IGNORE does), and none taken of an event not yet recorded (a
    row waiting past the head would be read once the campaign reached it). verify proves
    every row; files written before keep theirs."""
    for action in ("UPDATE", "DELETE"):
        db.execute(
            f"""
            CREATE TRIGGER snapshots_no_{action.lower()} BEFORE {action} ON snapshots
            BEGIN SELECT RAISE(ABORT, 'snapshots are append-only: {action} is not allowed'); END
            """
        )
    db.execute(
        """
        CREATE TRIGGER snapshots_no_replace BEFORE INSERT ON snapshots
        WHEN EXISTS (
            SELECT 1 FROM snapshots WHERE campaign = NEW.campaign
            AND fingerprint = NEW.fingerprint AND seq = NEW.seq AND revision = NEW.revision
        )
        BEGIN SELECT RAISE(IGNORE); END
        """
    )
    db.execute(
        """
        CREATE TRIGGER snapshots_no_future BEFORE INSERT ON snapshots
        WHEN NOT EXISTS (SELECT 1 FROM events WHERE campaign = NEW.campaign AND seq = NEW.seq)
        BEGIN SELECT RAISE(ABORT, 'a snapshot must be of a recorded event'); END
        """
    )
    # One written by hand past the head before these triggers (or around them) is never
    # read: recording the event it claims to follow is refused (verify names the row).
    db.execute("CREATE INDEX snapshots_seq ON snapshots (campaign, seq)")
    db.execute(
        """
        CREATE TRIGGER events_no_early_snapshot BEFORE INSERT ON events
        WHEN EXISTS (SELECT 1 FROM snapshots WHERE campaign = NEW.campaign AND seq = NEW.seq)
        BEGIN SELECT RAISE(ABORT, 'a snapshot of this event was stored before it: the file
        was altered (campaign-ledger verify names it)'); END
        """
    )


MARK_KINDS = ("renamed", "archived", "unarchived", "forked")


def m006_campaign_marks(db: "Database") -> None:
    """What happened to campaigns as wholes, appended, never changed: a rename (the name a
    campaign goes by; its events keep the name it was created with, which their hashes
    cover), an archiving and its undoing, a fork's origin. Files before it have none."""
    kinds = ", ".join(f"'{kind}'" for kind in MARK_KINDS)
    db.execute(
        f"""
        CREATE TABLE campaign_marks (
            id INTEGER PRIMARY KEY,
            campaign TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ({kinds})),
            value TEXT NOT NULL,
            recorded_at TEXT NOT NULL
        ) STRICT
        """
    )
    for action in ("UPDATE", "DELETE"):
        db.execute(
            f"""
            CREATE TRIGGER campaign_marks_no_{action.lower()} BEFORE {action} ON campaign_marks
            BEGIN SELECT RAISE(ABORT, 'campaign marks are append-only: {action} is not allowed');
            END
            """
        )


def m007_log_indexes(db: "Database") -> None:
    """The log's filters read the rows they keep, not the campaign: an index by event type,
    one by Hero (rows with one), one by the Hero an event gives to (its payload's ``to``,
    only rows that may have one). A tail of any filter is then a few index seeks."""
    db.execute(f"CREATE INDEX {BY_TYPE} ON events (campaign, type)")
    db.execute(f"CREATE INDEX {BY_HERO} ON events (campaign, hero) WHERE hero IS NOT NULL")
    db.execute(f"CREATE INDEX {BY_RECIPIENT} ON events (campaign, {RECIPIENT}) WHERE {GIVES}")


STEPS: tuple[Callable[["Database"], None], ...] = (
    m001_events,
    m002_snapshots,
    m003_lean_indexes,
    m004_command_fingerprints,
    m005_snapshots_append_only,
    m006_campaign_marks,
    m007_log_indexes,
)
MIGRATION_NAMES = tuple(step.__name__ for step in STEPS)


@cache
def migration_set() -> "Migrations":
    """The schema changes as sqlite-utils Migrations (importing sqlite-utils)."""
    from sqlite_utils.migrations import Migrations

    built = Migrations(MIGRATION_SET)
    for step in STEPS:
        built()(step)
    return built


# Not needed to read a file: one that lacks them opens read-only without them (read-only
# media cannot be upgraded), and commands that record apply them first.
READ_OPTIONAL = frozenset(
    {
        "m004_command_fingerprints",
        "m005_snapshots_append_only",
        "m006_campaign_marks",
        "m007_log_indexes",
    }
)

APPEND_ONLY_TRIGGERS = ("events_no_update", "events_no_delete", "events_no_replace")
STEP_INDEX_TRIGGERS = ("events_step_change", "step_changes_no_update", "step_changes_no_delete")
MARK_TRIGGERS = ("campaign_marks_no_update", "campaign_marks_no_delete")
SNAPSHOT_TRIGGERS = (
    "snapshots_no_update",
    "snapshots_no_delete",
    "snapshots_no_replace",
    "snapshots_no_future",
    "events_no_early_snapshot",
)
