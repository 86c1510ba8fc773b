"""Before each write, the store checks that the history it writes onto is the one it knew:
the append-only triggers as it first found them, and the last event it knows (its seq and
hash, from its own last write or its first read of the head) still there, hashing as it
did, with whatever other writers appended since chained onto it. A changed history is
refused (IntegrityError, nothing written): a server open for an evening never records on
top of a file someone edited meanwhile.

The check runs inside the write's transaction, after its rows are inserted (the write lock
is held by then: no other writer can slip in between the check and the commit). Its cost
is one read of ``schema_version`` and ``data_version`` (the triggers are read again only
when the schema changed). While no other connection has committed since the known event
was read or written (``data_version`` unmoved) and this one changed nothing since
(``total_changes`` unmoved), nothing can have changed that event, and the rows need only
follow it. Otherwise the known event is read by its primary key and hashed, and every row
after it is checked to chain on. In a held transaction (ledger/storage/_held.py) the
versions are read by its first write only: no other connection can commit while it holds
the write lock.

What it cannot see: an edit before the last event it knows (``verify`` proves the whole
chain), bytes written into the file without SQLite, and inside a caller's transaction (a
batch line's retry, plugins reacting to events) it checks from the last event written
outside one when the newer one is gone."""

from collections.abc import Sequence

from ledger.errors import IntegrityError
from ledger.storage._connection import Connection
from ledger.storage._migrations import APPEND_ONLY_TRIGGERS
from ledger.storage._rows import AT, VALUES, Row, hashes

Known = tuple[int, str]  # (seq, hash)
Versions = tuple[int, int]  # (schema_version, data_version) read in a write's transaction
# (data_version, total_changes) of the connection when the known event was read or written:
# while both are the same, no connection has changed the file since.
Quiet = tuple[int, int]
Knowledge = tuple[dict[str, Known], dict[str, Known], dict[str, Quiet]]  # see knowledge()
_HASH = AT["hash"]
_PREV = AT["prev_hash"]
_SEQ = AT["seq"]
_SELECT = f"SELECT {', '.join(VALUES)} FROM events WHERE campaign = ? AND seq >= ? AND seq < ? "
_RUN = "run `verify` to see what changed"
# Both in one statement: read inside the write's transaction, which holds the write lock.
_VERSIONS = "SELECT schema_version, data_version FROM pragma_schema_version, pragma_data_version"


def _changed(campaign: str, what: str) -> IntegrityError:
    return IntegrityError(
        f"campaign {campaign!r} was changed outside the ledger since it was last read here "
        f"({what}); nothing was written: {_RUN}"
    )


class HistoryGuard:
    """What one connection knows of each campaign's history, and the check before a write."""

    def __init__(self, db: Connection) -> None:
        self.db = db
        self._known: dict[str, Known] = {}
        self._tentative: dict[str, Known] = {}  # written inside a caller's transaction
        self._quiet: dict[str, Quiet] = {}  # when each known event was read or written
        self._data_version: int | None = None  # read inside the last check's transaction
        self._schema_version: int | None = None
        self._triggers: dict[str, str] | None = None

    def knowledge(self) -> Knowledge:
        """What it knows now, for ``restore`` if the writes after this are rolled back."""
        return dict(self._known), dict(self._tentative), dict(self._quiet)

    def restore(self, knowledge: Knowledge) -> None:
        """Know again what ``knowledge()`` said: the writes since were rolled back."""
        known, tentative, quiet = knowledge
        self._known, self._tentative, self._quiet = dict(known), dict(tentative), dict(quiet)
        self._data_version = None

    def saw(self, row: Row, quiet: Quiet) -> None:
        """The head as read from the file (``quiet``: the connection's versions then, outside
        a transaction): known from now on, unless something newer is."""
        if row.campaign not in self._known:
            self._known[row.campaign] = (row.seq, row.hash)
            self._quiet[row.campaign] = quiet

    def wrote(self, rows: Sequence[Row], *, committed: bool) -> None:
        """A command's rows were written: ``committed`` (its own transaction) or inside a
        caller's, which may yet roll back."""
        last = rows[-1]
        if committed:
            self._known[last.campaign] = (last.seq, last.hash)
            self._tentative.pop(last.campaign, None)
            if self._data_version is None:  # not read by this write's check
                self._quiet.pop(last.campaign, None)
            else:  # no other connection could commit while this write held the lock
                self._quiet[last.campaign] = (self._data_version, self.db.conn.total_changes)
        else:
            self._tentative[last.campaign] = (last.seq, last.hash)

    def check(
        self,
        rows: Sequence[Row],
        *,
        in_caller_transaction: bool,
        changes_before: int,
        versions: Versions | None = None,
    ) -> Versions | None:
        """Refuse (IntegrityError) to write ``rows`` onto a history that changed. Called
        inside the write's transaction, after the rows are inserted; ``changes_before``: the
        connection's ``total_changes`` before they were. Returns the versions it read (None
        without rows), unless given ``versions`` as read in the same write transaction (a
        held one: ledger/storage/_store.py), which holds the write lock, so that no other
        connection can have moved them."""
        self._data_version = None
        if not rows:
            return None
        if versions is None:
            versions = self.db.conn.execute(_VERSIONS).fetchone()
        schema_version, data_version = versions
        self._check_triggers(schema_version)
        self._data_version = data_version
        campaign = rows[0].campaign
        if not in_caller_transaction and self._unchanged(rows, changes_before):
            return versions
        tentative = self._tentative.get(campaign)
        if tentative is not None:
            try:
                self._check_from(tentative, rows)
            except IntegrityError:
                self._tentative.pop(campaign)  # rolled back with its transaction
            else:
                if not in_caller_transaction:  # its transaction ended: it was committed
                    self._known[campaign] = tentative
                    self._tentative.pop(campaign)
                return versions
        known = self._known.get(campaign)
        if known is not None:
            self._check_from(known, rows)
        return versions

    def _unchanged(self, rows: Sequence[Row], changes_before: int) -> bool:
        """Nothing changed the file since the known event was read or written, and ``rows``
        follow it: no other connection committed since (``data_version``, read inside this
        write's transaction, which holds the write lock) and this one wrote nothing since."""
        campaign, first = rows[0].campaign, rows[0]
        known, quiet = self._known.get(campaign), self._quiet.get(campaign)
        return (
            known is not None
            and campaign not in self._tentative
            and quiet == (self._data_version, changes_before)
            and first.seq == known[0] + 1
            and first.prev_hash == known[1]
        )

    def _check_from(self, known: Known, rows: Sequence[Row]) -> None:
        """The event ``known`` names still hashes as known, and each row after it, up to the
        new rows, is chained onto the one before (another writer's commands)."""
        seq, expected = known
        first = rows[0]
        if first.seq <= seq:
            raise _changed(first.campaign, f"it ends before event #{seq}, which was recorded")
        found = self.db.conn.execute(_SELECT + "ORDER BY seq", [first.campaign, seq, first.seq])
        values = found.fetchall()
        if not values or values[0][_SEQ] != seq:
            raise _changed(first.campaign, f"event #{seq} is gone")
        computed = hashes(values)
        if values[0][_HASH] != expected or computed[0] != expected:
            raise _changed(first.campaign, f"event #{seq} is not the one recorded")
        for before, after, hash_ in zip(values, values[1:], computed[1:], strict=False):
            if after[_PREV] != before[_HASH] or after[_HASH] != hash_:
                raise _changed(first.campaign, f"event #{after[_SEQ]} does not chain on")
        if len(values) != first.seq - seq or first.prev_hash != values[-1][_HASH]:
            raise _changed(first.campaign, f"the events after #{seq} do not chain on")

    def _check_triggers(self, version: int) -> None:
        """The append-only triggers are there, with the SQL they had when first read
        (``version``: the schema's now)."""
        if version == self._schema_version:
            return
        found = dict(
            self.db.execute(
                "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name IN "
                f"({', '.join('?' * len(APPEND_ONLY_TRIGGERS))})",
                APPEND_ONLY_TRIGGERS,
            ).fetchall()
        )
        missing = [name for name in APPEND_ONLY_TRIGGERS if name not in found]
        if missing:
            raise IntegrityError(
                f"the append-only trigger {', '.join(missing)} is missing from the ledger file "
                f"(dropped outside the ledger); nothing was written: {_RUN}"
            )
        if self._triggers is not None and found != self._triggers:
            changed = [name for name in APPEND_ONLY_TRIGGERS if found[name] != self._triggers[name]]
            raise IntegrityError(
                f"the append-only trigger {', '.join(changed)} was changed outside the ledger; "
                f"nothing was written: {_RUN}"
            )
        self._triggers = found
        self._schema_version = version
