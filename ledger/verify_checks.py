"""The checks verify feeds every row to, in order: the hash chain and the undo/redo history.

Each takes a Row (import) or a plain tuple in the order of ``rows.VALUES`` (verify, which
reads 100,000s of rows and builds no Row for them); both give the same answer."""

from array import array
from bisect import bisect_left, insort
from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import lt
from typing import Any

import msgspec

from ledger.errors import LedgerError
from ledger.event import META_TYPES, CampaignCreated, Redone, Undone
from ledger.history import History, Meta
from ledger.rows import AT, GENESIS, Row, content_hash, page_hasher, values_hash
from ledger.text import check_name
from ledger.verify_resume import CommandsSeen

_first_event = msgspec.json.Decoder(CampaignCreated)
_meta_event = msgspec.json.Decoder(Undone | Redone)
Values = tuple[Any, ...]
(CAMPAIGN, COMMAND, HERO, PAYLOAD, PREV_HASH, SCHEMA, SEQ, TYPE, HASH) = (
    AT[c]
    for c in (
        "campaign",
        "command",
        "hero",
        "payload",
        "prev_hash",
        "schema",
        "seq",
        "type",
        "hash",
    )
)


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
        self._hashes = page_hasher()

    def resume(self, values: Values) -> None:
        """Go on after the row ``values`` as if every row up to it had been fed (and found
        fine): a second process checks the rows after it."""
        self._prev_hash, self._expected_seq = values[HASH], values[SEQ] + 1
        self._command = values[COMMAND]

    def feed(self, row: Row) -> None:
        if self.problem is None:
            self._check(row.campaign, row.seq, row.command, row.prev_hash, row.hash, row)

    def feed_values(self, values: Values) -> None:
        if self.problem is None:
            self._check(
                values[CAMPAIGN],
                values[SEQ],
                values[COMMAND],
                values[PREV_HASH],
                values[HASH],
                values,
            )

    def feed_page(self, page: Sequence[Values]) -> None:
        """``feed_values`` for each row, with the usual answer (all is well) found with as
        little work per row as possible; any other row goes through ``_check``."""
        if self.problem is not None:
            return
        campaign, expected, prev_hash, command = (
            self.campaign,
            self._expected_seq,
            self._prev_hash,
            self._command,
        )
        for values, digest in zip(page, self._hashes(page), strict=True):
            seq, stored, now = values[SEQ], values[HASH], values[COMMAND]
            if (
                seq == expected
                and values[CAMPAIGN] == campaign
                and values[PREV_HASH] == prev_hash
                and now in (command, seq)
                and stored == digest
            ):
                expected, prev_hash, command = seq + 1, stored, now
                continue
            self._expected_seq, self._prev_hash, self._command = expected, prev_hash, command
            self.feed_values(values)
            if self.problem is not None:
                return
            expected, prev_hash, command = self._expected_seq, self._prev_hash, self._command
        self._expected_seq, self._prev_hash, self._command = expected, prev_hash, command

    def _check(
        self, campaign: str, seq: int, command: int, prev_hash: str, stored: str, row: Row | Values
    ) -> None:
        expected = self._expected_seq
        if campaign != self.campaign or seq != expected:
            self.problem = Problem(self.campaign, seq, f"expected event #{expected} here")
        elif prev_hash != self._prev_hash:
            self.problem = Problem(self.campaign, expected, "does not link to the event before it")
        elif stored != (content_hash(row) if isinstance(row, Row) else values_hash(row)):
            self.problem = Problem(
                self.campaign, expected, "its content does not match its hash (altered)"
            )
        elif command not in (self._command, seq):
            self.problem = Problem(
                self.campaign, expected, f"names command #{command}, not its own"
            )
        else:
            self._prev_hash, self._expected_seq, self._command = stored, expected + 1, command


class Ascending:
    """A set of ints that come in increasing order (rows are read by seq), as a sorted array:
    8 bytes each where a set of ints takes about 60."""

    def __init__(self) -> None:
        self._items = array("q")

    def add(self, item: int) -> None:
        if not self._items or item > self._items[-1]:
            self._items.append(item)
        elif item not in self:  # never for rows read in order; still a set if it were
            insort(self._items, item)

    def extend(self, items: list[int]) -> None:
        """``add`` each, at once when they come in order after the last."""
        after = items and (not self._items or items[0] > self._items[-1])
        if after and all(map(lt, items, items[1:])):
            self._items.extend(items)
            return
        for item in items:
            self.add(item)

    def __contains__(self, item: object) -> bool:
        if not isinstance(item, int):
            return False
        at = bisect_left(self._items, item)
        return at < len(self._items) and self._items[at] == item

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Ascending) and self._items == other._items

    __hash__ = None  # type: ignore[assignment]


class HistoryCheck:
    """Fed rows in order: the campaign starts by being created under its name, and every undo
    and redo is one that `undo` and `redo` would have recorded."""

    def __init__(self, campaign: str) -> None:
        self.campaign = campaign
        self.problem: Problem | None = None
        self._started = False
        self._commands: Ascending | CommandsSeen = Ascending()  # a million in a long campaign
        self._undone: set[int] = set()
        self._redoable: list[int] = []
        self._previous_meta = False

    def feed(self, row: Row) -> None:
        if self.problem is None:
            self._feed(row.seq, row.command, row.type, row.hero, row.schema, row.payload)

    def feed_values(self, values: Values) -> None:
        if self.problem is None:
            self._feed(
                values[SEQ],
                values[COMMAND],
                values[TYPE],
                values[HERO],
                values[SCHEMA],
                values[PAYLOAD],
            )

    def feed_page(self, page: Iterable[Values]) -> None:
        """``feed_values`` for each row, with the usual row (an event of a command, its type
        column its payload's) checked with as little work per row as possible: what
        ``_command_row`` does, inline; any other row goes through ``_feed``."""
        if self.problem is not None:
            return
        decode, starts = _tag.decode, []  # commands seen, added before any other row
        started, previous_meta = self._started, self._previous_meta
        for values in page:
            type_ = values[TYPE]
            if started and type_ not in META_TYPES:
                try:
                    tag = decode(values[PAYLOAD]).type
                except (msgspec.DecodeError, RecursionError):
                    tag = None  # _next names the problem
                if tag == type_:
                    seq, command = values[SEQ], values[COMMAND]
                    if command == seq:
                        starts.append(seq)
                        if self._redoable:
                            self._redoable.clear()
                        previous_meta = False
                        continue
                    if not previous_meta:
                        continue
            self._commands.extend(starts)
            starts.clear()
            self._previous_meta = previous_meta
            self.feed_values(values)
            if self.problem is not None:
                return
            started, previous_meta = self._started, self._previous_meta
        self._commands.extend(starts)
        self._previous_meta = previous_meta

    def _feed(
        self, seq: int, command: int, type_: str, hero: str | None, schema: int, payload: str
    ) -> None:
        if self._started:
            self.problem = self._next(seq, command, type_, hero, schema, payload)
        else:
            self.problem = self._first(command, payload)
            self._started = True

    def _first(self, command: int, payload: str) -> Problem | None:
        campaign = self.campaign
        try:
            created = _first_event.decode(payload)
            check_name(created.name, "campaign name")
        except (msgspec.DecodeError, RecursionError, LedgerError) as error:
            return Problem(campaign, 1, f"is not the creation of a campaign ({error})")
        if created.name != campaign or command != 1:
            return Problem(campaign, 1, f"creates campaign {created.name!r}, not {campaign!r}")
        return None

    def _next(
        self, seq: int, command: int, type_: str, hero: str | None, schema: int, payload: str
    ) -> Problem | None:
        campaign = self.campaign
        try:
            tag = _tag.decode(payload).type
        except (msgspec.DecodeError, RecursionError) as error:
            return Problem(campaign, seq, f"cannot be read ({error})")
        if tag != type_:
            return Problem(campaign, seq, f"its type column says {type_!r}, not {tag!r}")
        if type_ not in META_TYPES:
            if command != seq and self._previous_meta:
                return Problem(campaign, seq, "continues an undo or redo as one command")
            self._command_row(seq, command)
            return None
        try:
            meta = _meta_event.decode(payload)
        except (msgspec.DecodeError, RecursionError) as error:
            return Problem(campaign, seq, f"is not a readable undo or redo ({error})")
        if command != seq or not meta.commands:
            return Problem(campaign, seq, "an undo or redo must be a command of its own")
        undo = isinstance(meta, Undone)
        for undone in meta.commands:
            legal = (
                (undone in self._commands and undone not in self._undone)
                if undo
                else undone in self._redoable
            )
            if not legal:
                verb = "undoes" if undo else "redoes"
                return Problem(campaign, seq, f"{verb} #{undone}, which it could not")
        if hero is not None or schema != type(meta).schema:
            return Problem(campaign, seq, "its hero or schema column is not an undo's")
        self._meta_row(undo, meta.commands)
        return None

    # What a row found fine changes: the same whether it was checked or resumed after.

    def _command_row(self, seq: int, command: int) -> None:
        if command == seq:
            self._commands.add(command)
            self._redoable.clear()
        self._previous_meta = False

    def _meta_row(self, undo: bool, commands: tuple[int, ...]) -> None:
        if undo:
            self._undone.update(commands)
            self._redoable.extend(commands)
        else:
            self._undone.difference_update(commands)
            self._redoable = [c for c in self._redoable if c not in commands]
        self._previous_meta = True

    def resume(
        self, metas: Mapping[int, Meta], upto: int, starts_command: Callable[[int], bool]
    ) -> None:
        """Go on after row ``upto`` as if every row up to it had been fed and found fine,
        knowing the undos and redos (``metas``, by seq) and, asked only for the commands an
        undo names, whether a row starts a command: a second process checks the rows after.
        Found fine, a row right after an undo or redo starts a command (which empties the
        redo stack): the stack holds the unbroken run of undos and redos ending at ``upto``."""
        history = History(metas[seq] for seq in sorted(metas))
        last_command = upto
        while last_command in metas:
            last_command -= 1
        self._commands = CommandsSeen(upto, metas, starts_command, self._commands)
        self._undone = set(history.reverted())
        self._redoable = history.redo_stack(last_command)
        self._started, self._previous_meta = True, upto in metas


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
