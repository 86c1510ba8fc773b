"""Opening the SQLite file: durable settings, migrations, and the SQLite version check."""

import os
import warnings
from pathlib import Path
from urllib.parse import quote

from ledger.errors import BadInput, NotFound
from ledger.storage._connection import Connection, Executes
from ledger.storage._connection import sqlite3 as sqlite3
from ledger.storage._migrations import (
    APPLICATION_ID,
    MIGRATION_NAMES,
    MIGRATION_SET,
    READ_OPTIONAL,
    migration_set,
)

# SQLite before 3.51.3 can corrupt a WAL database when the WAL is reset under concurrent use.
SAFE_SQLITE = (3, 51, 3)
_warned = False


def sqlite_version() -> tuple[int, ...]:
    """The version of the SQLite library the ledger runs on."""
    return tuple(sqlite3.sqlite_version_info)


def warn_if_old_sqlite(version: tuple[int, ...] | None = None) -> bool:
    """Warn once per process; returns whether this SQLite is older than the safe version."""
    global _warned
    version = version or sqlite_version()
    old = version < SAFE_SQLITE
    if old and not _warned:
        _warned = True
        shown = ".".join(map(str, version))
        warnings.warn(
            f"SQLite {shown} is older than 3.51.3 and has the WAL-reset corruption bug; "
            "install pysqlite3 (pip install 'pysqlite3>=0.6.1') for a current SQLite",
            RuntimeWarning,
            stacklevel=2,
        )
    return old


def _check_is_a_ledger(db: Connection, path: Path, create: bool) -> None:
    """Never add the ledger's tables to another program's database, nor to any file on read,
    and change nothing (not even the journal mode) before the file is known to be a ledger:
    by its application id, or, for a file created before it had one, by its schema."""
    application_id = db.execute("PRAGMA application_id").fetchone()[0]
    tables = set(db.table_names())
    if application_id == APPLICATION_ID or (application_id == 0 and _ledger_schema(db, tables)):
        return
    foreign = sorted(tables - {"_sqlite_migrations"})
    if application_id == 0 and not foreign and not create:
        db.close()
        raise NotFound(f"{path} holds no campaign ledger; create a campaign with `campaign new`")
    if application_id != 0 or foreign:
        db.close()
        shown = (
            f"tables: {', '.join(foreign[:5])}" if foreign else f"application id {application_id}"
        )
        raise BadInput(f"{path} is another program's database ({shown}); choose another file")


def _ledger_schema(db: Connection, tables: set[str]) -> bool:
    """A file a campaign-ledger created before files had an application id: its events
    table, and its first schema change recorded under the ledger's migration set."""
    if not {"events", "_sqlite_migrations"} <= tables:
        return False
    return bool(
        db.execute(
            "SELECT 1 FROM _sqlite_migrations WHERE migration_set = ? AND name = 'm001_events'",
            [MIGRATION_SET],
        ).fetchone()
    )


def applied(db: Executes) -> list[str]:
    """The ledger's schema changes the file has had, in the order they were applied (as
    sqlite-utils' ``Migrations.applied`` reads them, without importing it)."""
    if not db.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_sqlite_migrations'"
    ).fetchone():
        return []
    cursor = db.execute(
        "SELECT name FROM _sqlite_migrations WHERE migration_set = ? ORDER BY rowid",
        [MIGRATION_SET],
    )
    return [name for (name,) in cursor]


def pending(db: Executes) -> list[str]:
    """The ledger's schema changes the file has not had yet, in order."""
    done = set(applied(db))
    return [name for name in MIGRATION_NAMES if name not in done]


def _check_schema_is_known(db: Connection, path: Path) -> None:
    """Never write to a file whose schema a newer version changed in ways this one ignores."""
    newer = [name for name in applied(db) if name not in MIGRATION_NAMES]
    if newer:
        db.close()
        raise BadInput(
            f"{path} was written by a newer campaign-ledger (schema change {', '.join(newer)} "
            "is unknown to this version); upgrade campaign-ledger to open it"
        )


def _migrate(db: Connection) -> None:
    """Apply the pending schema changes holding the file's write lock, asking again what is
    pending once it is held: two processes opening an older file at once must not both
    apply a change (the second would find the indexes it drops gone)."""
    if not pending(db):
        return
    db.begin()  # waits for another process's migration (busy timeout)
    try:
        migration_set().apply(db.utils())  # each migration's transaction: a savepoint in this
    except BaseException:
        db.conn.rollback()
        raise
    db.conn.commit()


def _on_read_only_media(path: Path) -> bool:
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def _open_read_only(path: Path) -> Connection:
    """A ledger on a read-only file system (a CD, a read-only mount): opened to read, with
    no journal mode set and nothing upgraded. Without a write-ahead log beside it nobody can
    change it, so it is opened immutable (SQLite needs no lock file it could not create)."""
    wal = Path(f"{path}-wal")
    immutable = not wal.exists() or wal.stat().st_size == 0
    uri = f"file:{quote(str(path.resolve()))}?mode=ro" + ("&immutable=1" if immutable else "")
    try:
        db = Connection(sqlite3.connect(uri, uri=True))
        _check_is_a_ledger(db, path, create=False)
        _check_schema_is_known(db, path)
        needed = [name for name in pending(db) if name not in READ_OPTIONAL]
    except sqlite3.DatabaseError as error:
        raise BadInput(f"{path} is not a usable ledger database: {error}") from None
    if needed:
        db.close()
        raise BadInput(
            f"{path} is on a read-only file system and needs an upgrade ({', '.join(needed)}) "
            "that cannot be written there; copy it to a writable place to open it"
        )
    return db


def missing(path: Path) -> list[Path]:
    """``path`` and its folders that do not exist yet, innermost first: what opening a new
    ledger file there would make (``remove_made`` takes them away again)."""
    return [part for part in (path, *path.parents) if not part.exists()]


def remove_made(made: list[Path]) -> None:
    """Remove a ledger file ``missing`` listed (closed, and holding nothing kept), SQLite's
    files beside it and the folders made for it, as long as they are empty."""
    if not made:
        return
    path, *folders = made
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    for folder in folders:
        try:
            folder.rmdir()
        except OSError:  # not empty: something else is kept there
            return


def open_database(path: Path | str, *, create: bool = True) -> Connection:
    """Open (and migrate) a ledger file; refuse files that are not SQLite databases."""
    warn_if_old_sqlite()
    path = Path(path)
    if path.is_dir():
        raise BadInput(f"{path} is a directory, not a ledger database file")
    for suffix in ("-wal", "-shm"):  # SQLite's own files beside it
        if Path(f"{path}{suffix}").is_dir():
            raise BadInput(
                f"{path}{suffix} is a directory; SQLite needs that name for the ledger's "
                "write-ahead log: move it away"
            )
    if not create and not path.exists():
        raise NotFound(f"no ledger database at {path}; create a campaign with `campaign new NAME`")
    if path.exists() and _on_read_only_media(path):
        return _open_read_only(path)
    if create:
        path.parent.mkdir(parents=True, exist_ok=True)
    try:
        db = Connection(sqlite3.connect(str(path)))
        _check_is_a_ledger(db, path, create)
        _check_schema_is_known(db, path)
        db.set_busy_timeout(5000)
        db.execute("PRAGMA journal_mode = WAL")
        # FULL: a command that returned success survives a power cut, not only a crash.
        db.execute("PRAGMA synchronous = FULL")
        _migrate(db)
    except sqlite3.DatabaseError as error:
        raise BadInput(f"{path} is not a usable ledger database: {error}") from None
    return db
