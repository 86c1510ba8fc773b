"""The SQLite event store: append a command's events atomically, read them back."""

import contextlib
import functools
import itertools
import operator
import time
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from typing import Any, TypeVar

import msgspec

from ledger.errors import ConflictError
from ledger.storage import _log_reads as log_reads
from ledger.storage._connection import Connection
from ledger.storage._database import sqlite3, sqlite_version
from ledger.storage._guard import HistoryGuard
from ledger.storage._held import Held, Holding
from ledger.storage._lean_schema import MARKED, MARKED_TYPES
from ledger.storage._rows import COLUMNS, Row, Values

T = TypeVar("T")

_SELECT = f"SELECT {', '.join(COLUMNS)} FROM events"
PAGE = 500  # rows read at a time: memory stays flat, and a page stays in the CPU cache
# while verify's chain, history and fold checks each go over it (2,000 took 8% longer)


@functools.cache
def _insert(nulls: tuple[bool, ...]) -> str:
    """The INSERT of a row whose None columns are ``nulls``, written as NULL: pysqlite binds
    a None parameter only after looking for an adapter (~1 us each, a few per row)."""
    values = ", ".join("NULL" if null else "?" for null in nulls)
    return f"INSERT INTO events ({', '.join(COLUMNS)}) VALUES ({values})"


_NONES = (None,) * len(COLUMNS)

# A page of rows (an import's, a fork's) is written by one statement reading them from one
# JSON parameter (jsonb_each: SQLite 3.45): row by row, each INSERT is a statement of its own,
# with its own statement journal (the triggers can abort it halfway) and its parameters bound
# one by one, which costs more. One statement is also one call that releases the GIL: an
# import reads and proves its next page meanwhile.
BULK_FROM = 64  # rows; a command's few rows keep their executemany
_BULK = sqlite_version() >= (3, 45, 0)
_BULK_INSERT = (
    f"INSERT INTO events ({', '.join(COLUMNS)}) "
    f"SELECT {', '.join(f'value ->> {i}' for i in range(len(COLUMNS)))} "
    "FROM jsonb_each(CAST(? AS TEXT))"  # as text: a BLOB would be taken for JSONB
)
_encode = msgspec.json.Encoder().encode


def writes_a_page_at_once() -> bool:
    """Whether ``append`` writes a page of rows in one call to SQLite (which releases the
    GIL while it runs), rather than row by row."""
    return _BULK


def _nulls(values: tuple[Any, ...]) -> tuple[bool, ...]:
    return tuple(map(operator.is_, values, _NONES))  # an import asks 100,000s of rows


class Snapshot(msgspec.Struct, frozen=True, kw_only=True):
    """A campaign's state stored after event ``seq``: a cache that ``verify`` proves equal to
    the fold of the events before it."""

    campaign: str
    seq: int
    revision: int  # seq of the last undo/redo this state accounts for, 0 for none
    fingerprint: str
    state: str


def _json(values: Collection[object]) -> str:
    return msgspec.json.encode(sorted(values)).decode()


def _row(values: Sequence[Any]) -> Row:
    # Keywords spelled out: twice as fast as a dict of COLUMNS, and a full read is 100,000s.
    (
        campaign,
        seq,
        command,
        type_,
        schema,
        plugin,
        plugin_version,
        recorded_at,
        step_kind,
        step_number,
        scenario,
        hero,
        idempotency_key,
        payload,
        prev_hash,
        hash_,
    ) = values
    return Row(
        campaign=campaign,
        seq=seq,
        command=command,
        type=type_,
        schema=schema,
        plugin=plugin,
        plugin_version=plugin_version,
        recorded_at=recorded_at,
        step_kind=step_kind,
        step_number=step_number,
        scenario=scenario,
        hero=hero,
        idempotency_key=idempotency_key,
        payload=payload,
        prev_hash=prev_hash,
        hash=hash_,
    )


class EventStore(Holding):
    """The append-only events of a ledger file and their snapshots: rows are appended in one
    transaction per command (or a held one: ``Holding``) and read back exactly as written."""

    def __init__(self, db: Connection) -> None:
        self.db = db
        # campaign: (the file's version when read, the head then); see head()
        self._heads: dict[str, tuple[tuple[int, int], Row]] = {}
        self._answers: dict[str, tuple[tuple[int, int], list[Any]]] = {}  # see remembered
        self._steady = False  # inside a steady() window
        self._steady_version: int | None = None  # data_version as the window first read it
        self._next_fingerprint: str | None = None  # see with_fingerprint
        self._log_indexes: frozenset[str] | None = None  # see log_rows
        self._guard = HistoryGuard(db)  # the history each write is checked to extend
        self._may_hold = False  # see hold()
        self._held: Held | None = None  # the held transaction open (or lost), if any

    def _version(self) -> tuple[int, int] | None:
        """Changes whenever anything may have been committed since it was last read: another
        connection's commit moves ``data_version``, this connection's writes move
        ``total_changes``. None inside a transaction, whose writes may yet roll back."""
        conn = self.db.conn
        if conn.in_transaction:
            held = self._held
            if held is not None and held.lost is None and self.db.depth == 0:
                # In the held transaction, in no caller's block that may roll back
                return held.versions[1], conn.total_changes
            return None
        data_version = self._steady_version
        if data_version is None:
            data_version = conn.execute("PRAGMA data_version").fetchone()[0]
            if self._steady:
                self._steady_version = data_version
        return data_version, conn.total_changes

    def steady(self) -> "Steady":
        """A window (``with store.steady():``) whose reads take the file as the first of them
        found it: ``data_version`` is read once, not by every read (a command asks for the
        head three times). Another connection's commit meanwhile goes unseen until the window
        closes; a write in the window still meets it (UNIQUE seq, the history guard) and
        fails with nothing written, as a lost race does (``ledger.campaign._retries``)."""
        return Steady(self)

    def remembered(self, what: str, read: Callable[[], list[T]]) -> list[T]:
        """``read()`` (an answer read from the file alone), remembered under ``what`` until
        the file may have changed, as ``head`` is: the campaigns and their marks are asked by
        every command, and a batch runs many. Writing a first event or a mark forgets it."""
        version = self._version()
        cached = self._answers.get(what)
        if version is not None and cached is not None and cached[0] == version:
            return list(cached[1])
        found = read()
        if version is not None:
            self._answers[what] = (version, found)
        return list(found)

    def campaigns(self) -> list[str]:
        """Every campaign, named by its first event."""
        return self.remembered(
            "campaigns",
            lambda: self._campaign_names(
                "AND EXISTS (SELECT 1 FROM events WHERE campaign = name AND seq = 1)"
            ),
        )

    def stored_campaigns(self) -> list[str]:
        """Every campaign with a stored row, even one whose first event is missing."""
        return self._campaign_names("")

    def _campaign_names(self, condition: str) -> list[str]:
        # A skip-scan of the primary key, one seek per campaign: every command asks, and a
        # plain "WHERE seq = 1" reads the whole table (a batch of 20,000 commands went O(n²)).
        cursor = self.db.execute(
            f"""
            WITH RECURSIVE names(name) AS (
                SELECT MIN(campaign) FROM events
                UNION ALL
                SELECT (SELECT MIN(campaign) FROM events WHERE campaign > name)
                FROM names WHERE name IS NOT NULL
            )
            SELECT name FROM names WHERE name IS NOT NULL {condition}
            ORDER BY name
            """
        )
        return [name for (name,) in cursor]

    def marks(self) -> list[tuple[str, str, str, str]]:
        """Every campaign mark (campaign, kind, value, recorded_at) in the order recorded;
        none in a file from before m006_campaign_marks (opened read-only, not upgraded)."""
        return self.remembered("marks", self._read_marks)

    def _read_marks(self) -> list[tuple[str, str, str, str]]:
        try:
            cursor = self.db.execute(
                "SELECT campaign, kind, value, recorded_at FROM campaign_marks ORDER BY id"
            )
        except sqlite3.OperationalError as error:
            if "no such table" in str(error):
                return []
            raise
        return [tuple(row) for row in cursor]

    def add_mark(self, campaign: str, kind: str, value: str, recorded_at: str) -> None:
        """Append a campaign mark (a rename, an archiving, a fork's origin)."""
        with self.db.atomic():
            self.db.execute(
                "INSERT INTO campaign_marks (campaign, kind, value, recorded_at) "
                "VALUES (?, ?, ?, ?)",
                [campaign, kind, value, recorded_at],
            )

    def head(self, campaign: str) -> Row | None:
        """The campaign's latest event. Asked several times per command (a batch: on every
        line), so remembered until the file may have changed."""
        version = self._version()
        cached = self._heads.get(campaign)
        if version is not None and cached is not None and cached[0] == version:
            return cached[1]
        found = self.db.execute(
            f"{_SELECT} WHERE campaign = ? ORDER BY seq DESC LIMIT 1", [campaign]
        ).fetchone()
        head = _row(found) if found else None
        if version is not None and head is not None:
            self._heads[campaign] = (version, head)
            self._guard.saw(head, version)
        return head

    def rows(self, campaign: str, after: int = 0, upto: int | None = None) -> list[Row]:
        """Rows with after < seq <= upto, in order. Every query method returns a list: a
        half-read cursor would keep an old read snapshot open on the connection."""
        limit = upto if upto is not None else 2**62
        cursor = self.db.execute(
            f"{_SELECT} WHERE campaign = ? AND seq > ? AND seq <= ? ORDER BY seq",
            [campaign, after, limit],
        )
        return [_row(values) for values in cursor]

    def log_rows(
        self,
        campaign: str,
        first: int,
        last: int,
        *,
        types: Collection[str] | None = None,
        heroes: Collection[str] | None = None,
        recipients: Collection[str] = (),
        seqs: Collection[int] | None = None,
        tail: int | None = None,
    ) -> list[Row]:
        """The rows with first <= seq <= last of one of ``types``, of one of ``heroes`` (the
        hero column) or giving to one of ``recipients`` (the payload's ``to``), among ``seqs``
        (each filter only if given), in order; the last ``tail`` of them if given. Read
        through the filter's index, a tail latest first: as narrow as the answer."""
        found = log_reads.log_rows(
            self.db,
            campaign,
            self.log_indexes(),
            first=first,
            last=last,
            types=types,
            heroes=heroes,
            recipients=recipients,
            seqs=seqs,
            tail=tail,
        )
        return [_row(values) for values in found]

    def spellings(self, campaign: str) -> tuple[set[str], set[str]]:
        """Every text stored as an event's hero, and as a payload's ``to``: how a Hero's name
        was spelled, each a few index seeks."""
        return log_reads.spellings(self.db, campaign, self.log_indexes())

    def log_indexes(self) -> frozenset[str]:
        """The log's indexes this file has (none in one opened read-only from before m007)."""
        if self._log_indexes is None:
            cursor = self.db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'index' AND name IN "
                "(SELECT value FROM json_each(?))",
                [_json(log_reads.INDEXES)],
            )
            self._log_indexes = frozenset(name for (name,) in cursor)
        return self._log_indexes

    def rows_of_types(self, campaign: str, types: Collection[str]) -> list[Row]:
        """Rows of the given types, in order. Only the marked types (undo, redo, session
        marks) are indexed by type; any other (a plugin may ask) reads the whole campaign."""
        if not set(types) <= MARKED_TYPES:
            cursor = self.db.execute(
                f"{_SELECT} WHERE campaign = ? AND type IN (SELECT value FROM json_each(?)) "
                "ORDER BY seq",
                [campaign, _json(types)],
            )
            return [_row(values) for values in cursor]
        # INDEXED BY: without statistics the planner prefers walking the whole campaign. The
        # seqs from the index alone first, then the rows by the primary key: read through the
        # index with an IN on the type, SQLite looks up the table row of every marked row before
        # testing its type (every session mark: 5 ms for 3 undo rows at 10^5 events).
        cursor = self.db.execute(
            f"{_SELECT} WHERE campaign = ? AND seq IN (SELECT seq FROM events INDEXED BY "
            f"events_marked WHERE campaign = ? AND {MARKED} "
            "AND type IN (SELECT value FROM json_each(?))) ORDER BY seq",
            [campaign, campaign, _json(types)],
        )
        return [_row(values) for values in cursor]

    def marked(
        self,
        campaign: str,
        type_: str,
        *,
        skip_seqs: Collection[int],
        after: int = 0,
        skip: int = 0,
    ) -> Row | None:
        """The first row of a marked type (an undo, a redo, a session mark) after seq
        ``after``, past ``skip`` of them, leaving out the rows ``skip_seqs``: index seeks and
        ``skip`` steps of the index alone (seq is in it), one row read."""
        # The seq alone first: the steps over skipped rows then read the index, not the table.
        found = self.db.execute(
            f"SELECT seq FROM events INDEXED BY events_marked WHERE campaign = ? AND {MARKED} "
            "AND type = ? AND seq > ? AND seq NOT IN (SELECT value FROM json_each(?)) "
            "ORDER BY seq LIMIT 1 OFFSET ?",
            [campaign, type_, after, _json(skip_seqs), skip],
        ).fetchone()
        return self.rows(campaign, after=found[0] - 1, upto=found[0])[0] if found else None

    def count_marked(self, campaign: str, type_: str, *, skip_seqs: Collection[int]) -> int:
        """How many rows of a marked type there are, leaving out the rows ``skip_seqs``."""
        found = self.db.execute(
            f"SELECT COUNT(*) FROM events INDEXED BY events_marked WHERE campaign = ? "
            f"AND {MARKED} AND type = ? AND seq NOT IN (SELECT value FROM json_each(?))",
            [campaign, type_, _json(skip_seqs)],
        ).fetchone()
        return int(found[0])

    def last_command_not_of_types(self, campaign: str, types: Collection[str]) -> int:
        """The latest command with an event of another type (0 if none)."""
        found = self.db.execute(
            "SELECT command FROM events WHERE campaign = ? AND type NOT IN "
            "(SELECT value FROM json_each(?)) ORDER BY seq DESC LIMIT 1",
            [campaign, _json(types)],
        ).fetchone()
        return int(found[0]) if found else 0

    def commands(
        self,
        campaign: str,
        *,
        skip_types: Collection[str],
        skip_commands: Collection[int],
        among: Collection[int] | None = None,
        limit: int = -1,
    ) -> list[int]:
        """Commands (their first seq), latest first, leaving out the given ones and types;
        only those ``among`` the given ones if any are, and at most ``limit`` of them."""
        cursor = self.db.execute(
            "SELECT command FROM events WHERE campaign = ? AND seq = command "
            "AND type NOT IN (SELECT value FROM json_each(?)) "
            "AND command NOT IN (SELECT value FROM json_each(?)) "
            # By seq (= command here): the primary key finds each of them.
            f"{'AND seq IN (SELECT value FROM json_each(?)) ' if among is not None else ''}"
            "ORDER BY seq DESC LIMIT ?",
            [
                campaign,
                _json(skip_types),
                _json(skip_commands),
                *([_json(among)] if among is not None else []),
                limit,
            ],
        )
        return [command for (command,) in cursor]

    def command_end(self, campaign: str, seq: int) -> int:
        """The last seq of the command that event ``seq`` belongs to: a command's rows are
        consecutive, the first with command = seq (verify's chain check proves it)."""
        cursor = self.db.execute(
            "SELECT COALESCE((SELECT seq - 1 FROM events WHERE campaign = :campaign "
            "AND seq > :seq AND command = seq ORDER BY seq LIMIT 1), "
            "(SELECT MAX(seq) FROM events WHERE campaign = :campaign))",
            {"campaign": campaign, "seq": seq},
        )
        return int(cursor.fetchone()[0])

    def step_starts(
        self,
        campaign: str,
        kind: str,
        *,
        number: int | None = None,
        scenario: int | None = None,
        skip_types: Collection[str],
        skip_commands: Collection[int],
    ) -> list[tuple[int, int | None, int]]:
        """Steps of a kind (one number, or every play of one scenario, or all) in effect as
        (number, scenario, first seq), in order, with the rows of ``skip_types`` and
        ``skip_commands`` left out (see step_index)."""
        from ledger.storage import _step_index as step_index  # points in time, verify

        return step_index.step_starts(
            self.db,
            campaign,
            kind,
            number=number,
            scenario=scenario,
            skip_types=skip_types,
            skip_commands=skip_commands,
        )

    def step_change_rows(self, campaign: str, after: int = 0) -> list[Row]:
        """The rows after seq ``after`` whose step columns differ from the row before them
        (the step index's), in order: a step's first row in effect is always among them."""
        from ledger.storage import _step_index as step_index

        return [_row(values) for values in step_index.change_rows(self.db, campaign, after)]

    def step_end(
        self,
        campaign: str,
        kind: str,
        start: tuple[int, int | None, int],
        *,
        skip_types: Collection[str],
        skip_commands: Collection[int],
    ) -> int:
        """The last seq of the step ``step_starts`` gave as ``start``."""
        from ledger.storage import _step_index as step_index

        return step_index.step_end(
            self.db, campaign, kind, start, skip_types=skip_types, skip_commands=skip_commands
        )

    def command(self, campaign: str, idempotency_key: str) -> list[Row]:
        """The events of the command recorded under this idempotency key, if any."""
        first = self.db.execute(
            "SELECT command FROM events WHERE campaign = ? AND idempotency_key = ?",
            [campaign, idempotency_key],
        ).fetchone()
        if first is None:
            return []
        cursor = self.db.execute(
            f"{_SELECT} WHERE campaign = ? AND seq >= ? AND seq <= ? AND command = ? ORDER BY seq",
            [campaign, first[0], self.command_end(campaign, first[0]), first[0]],
        )
        return [_row(values) for values in cursor]

    def fingerprint(self, campaign: str, idempotency_key: str) -> str | None:
        """What the command recorded under this key was (its fingerprint), if known: keys
        recorded before files kept it have none."""
        found = self.db.execute(
            "SELECT fingerprint FROM command_fingerprints WHERE campaign = ? "
            "AND idempotency_key = ?",
            [campaign, idempotency_key],
        ).fetchone()
        return str(found[0]) if found else None

    def with_fingerprint(self, fingerprint: str | None) -> None:
        """What the next command appended is (``Campaign._fingerprint``): ``append`` stores it
        under the command's idempotency key, in the command's transaction."""
        self._next_fingerprint = fingerprint

    def append(
        self, rows: Sequence[Row], snapshots: Sequence[Snapshot] = (), *, savepoint: bool = True
    ) -> None:
        """Write one command's events (and snapshots) in one transaction, or nothing.

        Each row's seq must be free: if another writer took it first, UNIQUE(campaign, seq)
        fails and ConflictError is raised with nothing written.

        Inside a caller's transaction the rows get a savepoint of their own, unless
        ``savepoint`` is False: a caller whose whole transaction is rolled back on any error
        (an import, a fork) needs none, and under a savepoint SQLite first copies each page it
        changes into a statement journal (a temporary file past 64 KiB): a third of an
        import's time.

        Allowed to (``hold``), a write outside any transaction begins a held one and leaves
        it open; the writes after it are made in it, each under a savepoint (one row needs
        none), and the store remembers them as committed until ``commit_held`` says
        otherwise (HeldLost).
        """
        conn = self.db.conn
        fingerprint, self._next_fingerprint = self._next_fingerprint, None
        key = rows[0].idempotency_key if rows else None
        self.check_held(keep=True)
        held = self._held
        # In the held transaction, outside any caller's block: as good as committed for what
        # the store remembers (see ledger/storage/_held.py).
        own = held is not None and self.db.depth == 0
        begins = held is None and self._may_hold and bool(rows) and not conn.in_transaction
        # The head this command read (see the end); none inside a caller's transaction,
        # which may yet roll back.
        in_caller_transaction = conn.in_transaction and not own
        head = None if in_caller_transaction or not rows else self._heads.get(rows[0].campaign)
        changes = conn.total_changes
        knowledge = self._guard.knowledge() if begins else None
        # One row in the held transaction, and nothing else: its INSERT is all or nothing by
        # itself (SQLite rolls a failed statement back whole), so it needs no savepoint; the
        # guard (which reads nothing there while the file is quiet) refuses before it.
        alone_in_held = (
            own and len(rows) == 1 and not snapshots and (key is None or fingerprint is None)
        )
        if begins:
            block: contextlib.AbstractContextManager[object] = self._beginning_held()
        elif alone_in_held:
            block = contextlib.nullcontext()
        elif savepoint or not in_caller_transaction:
            block = self.db.atomic()
        else:
            block = contextlib.nullcontext()
        check = functools.partial(
            self._guard.check,
            rows,
            in_caller_transaction=in_caller_transaction,
            changes_before=changes,
            versions=held.versions if own and held is not None else None,
        )
        try:
            with block:
                versions = check() if alone_in_held else None
                if not (_BULK and len(rows) >= BULK_FROM and self._inserted_in_one(rows)):
                    self._insert_each(rows)
                if not alone_in_held:
                    versions = check()
                if key is not None and fingerprint is not None:
                    conn.execute(
                        "INSERT INTO command_fingerprints VALUES (?, ?, ?)",
                        [rows[0].campaign, key, fingerprint],
                    )
                if snapshots:  # most commands take none
                    self.db.conn.executemany(
                        "INSERT OR IGNORE INTO snapshots (campaign, seq, revision, fingerprint, "
                        "state) VALUES (?, ?, ?, ?, ?)",
                        [
                            [s.campaign, s.seq, s.revision, s.fingerprint, s.state]
                            for s in snapshots
                        ],
                    )
        except sqlite3.IntegrityError as error:
            campaign = rows[0].campaign if rows else "?"
            raise ConflictError(
                f"campaign {campaign!r} changed while this command was being recorded "
                f"({error}); nothing was written, run it again"
            ) from None
        if begins and versions is not None and knowledge is not None:
            self._held = Held(versions, knowledge, time.monotonic())
        if rows and self._held is not None and (own or begins):
            self._held.last = rows[-1]
        if rows:
            self._guard.wrote(rows, committed=not in_caller_transaction)
        if head is not None and head[0][1] == changes and head[1].seq + 1 == rows[0].seq:
            # The rows took the seqs right after the remembered head, so the last is the new
            # head: the next command need not read it back (a query per batch line). If
            # another connection committed since the head was read, data_version moved and
            # head() asks the file again; if it appended to this campaign, the insert failed.
            self._heads[rows[0].campaign] = ((head[0][0], conn.total_changes), rows[-1])
        if rows and not in_caller_transaction and all(row.seq != 1 for row in rows):
            # No campaign was created and no mark added: the campaigns and marks remembered
            # before these rows still hold after them, as the head above.
            for what, (version, found) in list(self._answers.items()):
                if version[1] == changes:
                    self._answers[what] = ((version[0], conn.total_changes), found)

    def _insert_each(self, rows: Sequence[Row]) -> None:
        # One executemany per run of rows with the same None columns: an import's page of
        # 1,000 rows is a handful of calls, not 1,000.
        for nulls, run in itertools.groupby(map(msgspec.structs.astuple, rows), _nulls):
            bound = [not null for null in nulls]
            self.db.conn.executemany(
                _insert(nulls), [list(itertools.compress(values, bound)) for values in run]
            )

    def _inserted_in_one(self, rows: Sequence[Row]) -> bool:
        """Whether ``rows`` were written by one statement. On any failure it wrote none of
        them (a statement is atomic): they are then written one by one, which fails as it
        always has, naming the same problem (a taken idempotency key, an integer SQLite
        cannot hold). An error that ended the transaction (a full disk) is raised."""
        conn = self.db.conn
        try:
            conn.execute(_BULK_INSERT, [_encode(list(map(msgspec.structs.astuple, rows)))])
        except (sqlite3.Error, ValueError, TypeError, OverflowError):
            if not conn.in_transaction:
                raise  # rolled back whole by SQLite (a full disk, an I/O error)
            return False
        return True

    def snapshot_points(
        self, campaign: str, fingerprint: str, upto: int, *, skip: int = 0, limit: int = 32
    ) -> list[tuple[int, int]]:
        """(seq, revision) of snapshots at or before ``upto``, latest first, a page at a time."""
        cursor = self.db.execute(
            "SELECT seq, revision FROM snapshots WHERE campaign = ? AND fingerprint = ? "
            "AND seq <= ? ORDER BY seq DESC, revision DESC LIMIT ? OFFSET ?",
            [campaign, fingerprint, upto, limit, skip],
        )
        return [(seq, revision) for seq, revision in cursor]

    def latest_snapshot(
        self, campaign: str, fingerprint: str, upto: int
    ) -> tuple[int, int, str] | None:
        """(seq, revision, state) of the first snapshot ``snapshot_points`` would give."""
        found = self.db.execute(
            "SELECT seq, revision, state FROM snapshots WHERE campaign = ? AND fingerprint = ? "
            "AND seq <= ? ORDER BY seq DESC, revision DESC LIMIT 1",
            [campaign, fingerprint, upto],
        ).fetchone()
        return (int(found[0]), int(found[1]), str(found[2])) if found else None

    def snapshot_state(self, campaign: str, fingerprint: str, seq: int, revision: int) -> str:
        found = self.db.execute(
            "SELECT state FROM snapshots WHERE campaign = ? AND fingerprint = ? AND seq = ? "
            "AND revision = ?",
            [campaign, fingerprint, seq, revision],
        ).fetchone()
        return str(found[0])

    def snapshot_states(
        self, campaign: str, fingerprint: str, after: int, upto: int
    ) -> dict[tuple[int, int], str]:
        """The states of the snapshots with after < seq <= upto, by (seq, revision)."""
        cursor = self.db.execute(
            "SELECT seq, revision, state FROM snapshots WHERE campaign = ? AND fingerprint = ? "
            "AND seq > ? AND seq <= ?",
            [campaign, fingerprint, after, upto],
        )
        return {(seq, revision): state for seq, revision, state in cursor}

    def snapshot_states_at(
        self, campaign: str, fingerprint: str, points: Iterable[tuple[int, int]]
    ) -> dict[tuple[int, int], str]:
        """The states of the snapshots at these (seq, revision) points, those stored."""
        cursor = self.db.execute(
            "SELECT seq, revision, state FROM snapshots WHERE campaign = ? AND fingerprint = ? "
            "AND (seq, revision) IN (SELECT value ->> 0, value ->> 1 FROM json_each(?))",
            [campaign, fingerprint, msgspec.json.encode(sorted(set(points))).decode()],
        )
        return {(seq, revision): state for seq, revision, state in cursor}

    def snapshot_index(self, campaign: str, fingerprint: str) -> list[tuple[int, int]]:
        """(seq, revision) of every snapshot of this fingerprint, without the states."""
        cursor = self.db.execute(
            "SELECT seq, revision FROM snapshots WHERE campaign = ? AND fingerprint = ? "
            "ORDER BY seq, revision",
            [campaign, fingerprint],
        )
        return [(seq, revision) for seq, revision in cursor]

    def all_snapshots(self, campaign: str) -> list[Snapshot]:
        cursor = self.db.execute(
            "SELECT seq, revision, fingerprint, state FROM snapshots WHERE campaign = ? "
            "ORDER BY seq, revision",
            [campaign],
        )
        return [
            Snapshot(campaign=campaign, seq=seq, revision=rev, fingerprint=fp, state=state)
            for seq, rev, fp, state in cursor
        ]

    def step_changes(
        self, campaign: str, after: int, upto: int | None
    ) -> list[tuple[int, str | None, int | None, int | None]]:
        """The step index's rows (seq and step columns) with after < seq <= upto (None: to
        the end), in order."""
        cursor = self.db.execute(
            "SELECT seq, step_kind, step_number, scenario FROM step_changes "
            "WHERE campaign = ? AND seq > ? AND seq <= ? ORDER BY seq",
            [campaign, after, 2**62 if upto is None else upto],
        )
        return [tuple(values) for values in cursor]

    def values(
        self, campaign: str, after: int, upto: int, columns: Sequence[str | None]
    ) -> list[Values]:
        """Rows with after < seq <= upto as plain tuples of ``columns`` (None reads NULL): the
        fold and verify build no Row for 100,000s of rows."""
        listed = ", ".join("NULL" if column is None else column for column in columns)
        return self.db.execute(
            f"SELECT {listed} FROM events WHERE campaign = ? AND seq > ? AND seq <= ? ORDER BY seq",
            [campaign, after, upto],
        ).fetchall()

    def page_rows(self) -> int:
        """How many rows a page of ``value_pages`` holds."""
        return PAGE

    def value_pages(
        self,
        campaign: str,
        after: int,
        upto: int,
        columns: Sequence[str | None],
        *,
        end: Callable[[int, int], int] | None = None,
    ) -> Iterator[list[Values]]:
        """``values`` a page at a time: a long campaign is never read whole. Events are
        append-only, so pages read up to a head seq read earlier see one history.
        ``end(start, stop)``, asked before each page (after < seq <= stop), may end it
        sooner; an end at or before ``start`` ends the reading."""
        start = after
        while start < upto:
            stop = min(start + PAGE, upto)
            if end is not None:
                stop = min(end(start, stop), stop)
                if stop <= start:
                    return
            yield self.values(campaign, start, stop, columns)
            start = stop


class Steady:
    """``EventStore.steady()``'s window (a class, not a generator: it is entered per command)."""

    def __init__(self, store: EventStore) -> None:
        self.store = store
        self.outer = store._steady

    def __enter__(self) -> None:
        self.store._steady = True

    def __exit__(self, *_: object) -> None:
        if not self.outer:  # an inner window ends with the outer one
            self.store._steady = False
            self.store._steady_version = None
