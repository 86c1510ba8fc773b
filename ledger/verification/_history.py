"""The undo and redo history of a campaign's rows, fed to it in order: the campaign starts by
being created under its name, and every undo and redo is one that ``undo`` and ``redo`` would
have recorded: an undo names commands in effect, a redo commands undone (``redo --command``
may name any of them, not only the last undone)."""

from array import array
from bisect import bisect_left, insort
from collections.abc import Callable, Iterable, Mapping
from operator import lt

import msgspec

from ledger.campaign import History, Meta
from ledger.errors import LedgerError
from ledger.model import META_TYPES, CampaignCreated, Redone, Undone
from ledger.storage import AT, Values
from ledger.text import check_name
from ledger.verification._problem import Problem
from ledger.verification._resume import CommandsSeen

_first_event = msgspec.json.Decoder(CampaignCreated)
_meta_event = msgspec.json.Decoder(Undone | Redone)
COMMAND, HERO, PAYLOAD, SCHEMA, SEQ, TYPE = (
    AT[c] for c in ("command", "hero", "payload", "schema", "seq", "type")
)


class _Tagged(msgspec.Struct):
    type: str


_tag = msgspec.json.Decoder(_Tagged)


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


class HistoryVerifier:
    """Fed rows in order: the campaign starts by being created under its name, and every undo
    and redo is one that `undo` and `redo` would have recorded."""

    def __init__(self, campaign: str) -> None:
        self.campaign = campaign
        self.problem: Problem | None = None
        self._started = False
        self._commands: Ascending | CommandsSeen = Ascending()  # a million in a long campaign
        self._undone: set[int] = set()
        self._previous_meta = False

    def feed_page(self, page: Iterable[Values]) -> None:
        """Each row of the page in turn, the usual row (an event of a command, its type column
        its payload's) checked with as little work per row as possible: what ``_command_row``
        does, inline; any other row goes through ``_feed``, which names a problem."""
        if self.problem is not None:
            return
        decode, starts = _tag.decode, []  # commands seen, added before any other row
        started, previous_meta = self._started, self._previous_meta
        # Most rows repeat another's payload: each read once a page. Only the tags of events
        # that are no undo or redo are kept, so a row whose type column says one is never
        # the usual row: those and any unreadable payload go to _feed.
        tags: dict[str, str] = {}
        for values in page:
            payload = values[PAYLOAD]
            tag = tags.get(payload)
            if tag is None:
                try:
                    tag = decode(payload).type
                except (msgspec.DecodeError, RecursionError):
                    tag = None  # _next names the problem
                else:
                    if tag in META_TYPES:
                        tag = None
                    else:
                        tags[payload] = tag
            if started and tag == values[TYPE]:
                seq, command = values[SEQ], values[COMMAND]
                if command == seq:
                    starts.append(seq)
                    previous_meta = False
                    continue
                if not previous_meta:
                    continue
            self._commands.extend(starts)
            starts.clear()
            self._previous_meta = previous_meta
            self._feed(values)
            if self.problem is not None:
                return
            started, previous_meta = self._started, self._previous_meta
        self._commands.extend(starts)
        self._previous_meta = previous_meta

    def _feed(self, values: Values) -> None:
        seq, command, payload = values[SEQ], values[COMMAND], values[PAYLOAD]
        if self._started:
            self.problem = self._next(
                seq, command, values[TYPE], values[HERO], values[SCHEMA], payload
            )
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
                else undone in self._undone  # `redo --command` names any undone one
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
        self._previous_meta = False

    def _meta_row(self, undo: bool, commands: tuple[int, ...]) -> None:
        if undo:
            self._undone.update(commands)
        else:
            self._undone.difference_update(commands)
        self._previous_meta = True

    def resume(
        self, metas: Mapping[int, Meta], upto: int, starts_command: Callable[[int], bool]
    ) -> None:
        """Go on after row ``upto`` as if every row up to it had been fed and found fine,
        knowing the undos and redos (``metas``, by seq) and, asked only for the commands an
        undo names, whether a row starts a command: a second process checks the rows after."""
        history = History(metas[seq] for seq in sorted(metas))
        self._commands = CommandsSeen(upto, metas, starts_command, self._commands)
        self._undone = set(history.reverted())
        self._started, self._previous_meta = True, upto in metas
