"""Proof that stored history was not altered: hash chains, triggers, history, snapshots."""

from collections.abc import Callable, Iterable, Iterator

import msgspec

from ledger.errors import LedgerError
from ledger.event import META_TYPES, CampaignCreated, Redone, Undone
from ledger.history import History, metas_from_rows
from ledger.ledger import Ledger
from ledger.migrations import APPEND_ONLY_TRIGGERS
from ledger.projection import Projector
from ledger.rows import GENESIS, Row, content_hash
from ledger.state import CampaignState
from ledger.store import EventStore
from ledger.text import check_name

Progress = Callable[[str, int], None]  # campaign, its number of events
_first_event = msgspec.json.Decoder(CampaignCreated)
_meta_event = msgspec.json.Decoder(Undone | Redone)
PAGE = 2_000  # rows read at a time: memory stays flat however long the campaign


class _Tagged(msgspec.Struct):
    type: str


_tag = msgspec.json.Decoder(_Tagged)


class Problem(msgspec.Struct, frozen=True):
    campaign: str | None
    seq: int | None
    message: str

    def __str__(self) -> str:
        where = f"campaign {self.campaign!r}" if self.campaign else "database"
        at = f", event #{self.seq}" if self.seq is not None else ""
        return f"{where}{at}: {self.message}"


class ChainCheck:
    """Fed rows in order, finds the first that breaks the chain: a gap, a wrong link, or a
    hash that does not match."""

    def __init__(self, campaign: str) -> None:
        self.campaign = campaign
        self.problem: Problem | None = None
        self._prev_hash, self._expected_seq, self._command = GENESIS, 1, 0

    def feed(self, row: Row) -> None:
        if self.problem is not None:
            return
        campaign = self.campaign
        if row.campaign != campaign or row.seq != self._expected_seq:
            self.problem = Problem(campaign, row.seq, f"expected event #{self._expected_seq} here")
        elif row.prev_hash != self._prev_hash:
            self.problem = Problem(campaign, row.seq, "does not link to the event before it")
        elif row.hash != content_hash(row):
            self.problem = Problem(
                campaign, row.seq, "its content does not match its hash (altered)"
            )
        elif row.command not in (self._command, row.seq):
            self.problem = Problem(campaign, row.seq, f"names command #{row.command}, not its own")
        else:
            self._prev_hash, self._expected_seq, self._command = row.hash, row.seq + 1, row.command


class HistoryCheck:
    """Fed rows in order: the campaign starts by being created under its name, and every undo
    and redo is one that `undo` and `redo` would have recorded."""

    def __init__(self, campaign: str) -> None:
        self.campaign = campaign
        self.problem: Problem | None = None
        self._started = False
        self._commands: set[int] = set()
        self._undone: set[int] = set()
        self._redoable: list[int] = []
        self._previous_meta = False

    def feed(self, row: Row) -> None:
        if self.problem is None:
            self.problem = self._first(row) if not self._started else self._next(row)
            self._started = True

    def _first(self, row: Row) -> Problem | None:
        campaign = self.campaign
        try:
            created = _first_event.decode(row.payload)
            check_name(created.name, "campaign name")
        except (msgspec.DecodeError, LedgerError) as error:
            return Problem(campaign, 1, f"is not the creation of a campaign ({error})")
        if created.name != campaign or row.command != 1:
            return Problem(campaign, 1, f"creates campaign {created.name!r}, not {campaign!r}")
        return None

    def _next(self, row: Row) -> Problem | None:
        campaign = self.campaign
        try:
            tag = _tag.decode(row.payload).type
        except msgspec.DecodeError as error:
            return Problem(campaign, row.seq, f"cannot be read ({error})")
        if tag != row.type:
            return Problem(campaign, row.seq, f"its type column says {row.type!r}, not {tag!r}")
        if row.type not in META_TYPES:
            if row.command == row.seq:
                self._commands.add(row.command)
                self._redoable.clear()
            elif self._previous_meta:
                return Problem(campaign, row.seq, "continues an undo or redo as one command")
            self._previous_meta = False
            return None
        try:
            meta = _meta_event.decode(row.payload)
        except msgspec.DecodeError as error:
            return Problem(campaign, row.seq, f"is not a readable undo or redo ({error})")
        if row.command != row.seq or not meta.commands:
            return Problem(campaign, row.seq, "an undo or redo must be a command of its own")
        for command in meta.commands:
            legal = (
                (command in self._commands and command not in self._undone)
                if isinstance(meta, Undone)
                else command in self._redoable
            )
            if not legal:
                verb = "undoes" if isinstance(meta, Undone) else "redoes"
                return Problem(campaign, row.seq, f"{verb} #{command}, which it could not")
        if row.hero is not None or row.schema != type(meta).schema:
            return Problem(campaign, row.seq, "its hero or schema column is not an undo's")
        if isinstance(meta, Undone):
            self._undone.update(meta.commands)
            self._redoable.extend(meta.commands)
        else:
            self._undone.difference_update(meta.commands)
            self._redoable = [c for c in self._redoable if c not in meta.commands]
        self._previous_meta = True
        return None


def chain_problem(rows: Iterable[Row], campaign: str) -> Problem | None:
    """The first row that breaks the chain: a gap, a wrong link, or a hash that does not match."""
    check = ChainCheck(campaign)
    for row in rows:
        check.feed(row)
        if check.problem:
            break
    return check.problem


def history_problem(rows: Iterable[Row], campaign: str) -> Problem | None:
    """The campaign starts by being created under its name, and every undo and redo is one
    that `undo` and `redo` would have recorded."""
    check = HistoryCheck(campaign)
    for row in rows:
        check.feed(row)
        if check.problem:
            break
    return check.problem


def _pages(store: EventStore, campaign: str, head: int, upto: int | None = None) -> Iterator[Row]:
    """The campaign's rows in order, read a page at a time: a long campaign is never loaded
    whole. Events are append-only, so pages read up to ``head`` see one history."""
    last = head if upto is None else min(upto, head)
    after = 0
    while after < last:
        page = min(after + PAGE, last)
        yield from store.rows(campaign, after=after, upto=page)
        after = page


class _SnapshotCheck:
    """Each snapshot (of the loaded code's fingerprint) equals a fold from scratch of the
    history it was taken under."""

    def __init__(self, projector: Projector, history: History) -> None:
        self.projector = projector
        self.problems: list[Problem] = []
        fingerprint = projector.registry.fingerprint
        points = projector.store.snapshot_index(projector.campaign, fingerprint)
        now = history.reverted()
        self.inline: dict[int, list[int]] = {}  # seq: revisions the main replay can check
        self.others: dict[int, list[int]] = {}  # revision: seqs needing their own replay
        for seq, revision in points:
            if history.reverted(upto=revision) == now:
                self.inline.setdefault(seq, []).append(revision)
            else:
                self.others.setdefault(revision, []).append(seq)

    def compare(self, seq: int, revisions: Iterable[int], state: CampaignState) -> None:
        projector = self.projector
        text = msgspec.json.encode(state).decode()
        fingerprint = projector.registry.fingerprint
        for revision in revisions:
            if projector.store.snapshot_state(projector.campaign, fingerprint, seq, revision) != (
                text
            ):
                self.problems.append(
                    Problem(
                        projector.campaign,
                        seq,
                        f"the snapshot (revision {revision}) differs from a fold from scratch",
                    )
                )

    def check_others(self, head: int, history: History) -> None:
        """Snapshots taken under another history: one replay each, up to its last snapshot
        (later events may need later undos to be legal)."""
        projector = self.projector
        for revision, seqs in sorted(self.others.items()):
            due = set(seqs)
            rows = _pages(projector.store, projector.campaign, head, upto=max(due))
            for row, state in projector.replay(
                rows, history.reverted(upto=revision), CampaignState()
            ):
                if row.seq in due:
                    self.compare(row.seq, [revision], state)


def campaign_problems(
    ledger: Ledger, campaign: str, progress: Progress | None = None
) -> list[Problem]:
    """One pass over the campaign's rows checks the chain, the history, the replay and the
    snapshots of the current history; the first problem of the first kind found is reported
    (chain, then history, then replay), else every snapshot that differs."""
    store = ledger.store
    head_row = store.head(campaign)
    head = head_row.seq if head_row else 0
    if progress:
        progress(campaign, head)
    projector = Projector(store, ledger.registry, campaign)
    chain, history_check = ChainCheck(campaign), HistoryCheck(campaign)

    def watched() -> Iterator[Row]:
        for row in _pages(store, campaign, head):
            chain.feed(row)
            history_check.feed(row)
            yield row

    rows = watched()
    replayed: Problem | None = None
    snapshots: _SnapshotCheck | None = None
    try:
        metas = [r for r in store.rows_of_types(campaign, META_TYPES) if r.seq <= head]
        history = History(metas_from_rows(metas))
    except msgspec.DecodeError:
        history = None  # an unreadable undo or redo: the history check names it
    if history is not None:
        snapshots = _SnapshotCheck(projector, history)
        try:
            for row, state in projector.replay(
                rows, history.reverted(), CampaignState(), check=True
            ):
                revisions = snapshots.inline.get(row.seq)
                if revisions:
                    snapshots.compare(row.seq, revisions, state)
        except LedgerError as error:
            replayed = Problem(campaign, error.seq, f"does not replay: {error.args[0]}")
    for _ in rows:  # the chain and history checks read to the end
        pass
    broken = chain.problem or history_check.problem or replayed
    if broken or history is None or snapshots is None:
        return [broken or Problem(campaign, None, "an undo or redo cannot be read")]
    snapshots.check_others(head, history)
    return sorted(snapshots.problems, key=lambda p: p.seq or 0)


def verify(ledger: Ledger, progress: Progress | None = None) -> list[Problem]:
    """Every problem found; an empty list means the ledger verifies."""
    problems = [
        Problem(None, None, f"the append-only trigger {name} is missing")
        for name in APPEND_ONLY_TRIGGERS
        if not ledger.db.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = ?", [name]
        ).fetchone()
    ]
    # Not ledger.campaigns(): a campaign whose first event was deleted must not drop out of sight.
    for campaign in sorted(ledger.store.stored_campaigns()):
        problems += campaign_problems(ledger, campaign, progress)
    return problems
