"""Opening the SQLite file: durable settings, migrations, and the SQLite version check."""

import warnings
from pathlib import Path
from typing import TYPE_CHECKING

from sqlite_utils import Database

from ledger.errors import BadInput, NotFound
from ledger.storage._migrations import migrations

if TYPE_CHECKING:
    import sqlite3 as sqlite3
else:  # the module sqlite-utils uses: pysqlite3, with a current SQLite, when installed
    from sqlite_utils.utils import sqlite3

# SQLite before 3.51.3 can corrupt a WAL database when the WAL is reset under concurrent use.
SAFE_SQLITE = (3, 51, 3)
_warned = False


def sqlite_version() -> tuple[int, ...]:
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


def _check_is_a_ledger(db: Database, path: Path, create: bool) -> None:
    """Never add the ledger's tables to another program's database, nor to any file on read."""
    tables = set(db.table_names())
    if "events" in tables:
        return
    if not create:
        db.close()
        raise NotFound(f"{path} holds no campaign ledger; create a campaign with `campaign new`")
    foreign = sorted(tables - {"_sqlite_migrations", "snapshots"})
    if foreign:
        db.close()
        raise BadInput(
            f"{path} is another program's database (tables: {', '.join(foreign[:5])}); "
            "choose another file"
        )


def _check_schema_is_known(db: Database, path: Path) -> None:
    """Never write to a file whose schema a newer version changed in ways this one ignores."""
    empty = Database(memory=True, execute_plugins=False)  # every migration is pending here
    known = {m.name for m in migrations.pending(empty)}
    empty.close()
    newer = [m.name for m in migrations.applied(db) if m.name not in known]
    if newer:
        db.close()
        raise BadInput(
            f"{path} was written by a newer campaign-ledger (schema change {', '.join(newer)} "
            "is unknown to this version); upgrade campaign-ledger to open it"
        )


def _migrate(db: Database) -> None:
    """Apply the pending schema changes holding the file's write lock, asking again what is
    pending once it is held: two processes opening an older file at once must not both
    apply a change (the second would find the indexes it drops gone)."""
    if not migrations.pending(db):
        return
    db.execute("BEGIN IMMEDIATE")  # waits for another process's migration (busy timeout)
    try:
        migrations.apply(db)  # each migration's own transaction is a savepoint in this one
    except BaseException:
        db.conn.rollback()
        raise
    db.conn.commit()


def open_database(path: Path | str, *, create: bool = True) -> Database:
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
    if create:
        path.parent.mkdir(parents=True, exist_ok=True)
    try:
        db = Database(path, execute_plugins=False)
        _check_is_a_ledger(db, path, create)
        _check_schema_is_known(db, path)
        db.execute("PRAGMA busy_timeout = 5000")
        db.execute("PRAGMA journal_mode = WAL")
        # FULL: a command that returned success survives a power cut, not only a crash.
        db.execute("PRAGMA synchronous = FULL")
        _migrate(db)
    except sqlite3.DatabaseError as error:
        raise BadInput(f"{path} is not a usable ledger database: {error}") from None
    return db
