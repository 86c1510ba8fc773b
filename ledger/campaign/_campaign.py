"""One campaign: record commands, undo and redo them, and read state at any point."""

from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import msgspec

from ledger.campaign._event_text import check_new_text, refuse_unencodable
from ledger.campaign._projection import Projector
from ledger.campaign._retries import retried
from ledger.campaign._undo_history import History, Meta, metas_from_rows
from ledger.errors import BadInput, ConflictError, LedgerError, NotFound, OutOfRange, RuleViolation
from ledger.hosting import failed_applying, refuse_if_vetoed, vetoes, write
from ledger.model import META_TYPES, CampaignState, Event, Redone, Undone
from ledger.rules import debts
from ledger.storage import Row, Snapshot
from ledger.text import check_name, check_text, quoted

if TYPE_CHECKING:
    from ledger.actions import Action, Game
    from ledger.campaign._ledger import Ledger
    from ledger.campaign._log import LogEntry, LogQuery

# Reading the state imports no more than it needs: the log and the points in time are
# imported where they are used (docs/performance.md, target 6).


def _actions() -> Any:
    """``ledger.actions`` (what ``do`` and ``game`` need, a read at a snapshot never), imported
    when first used and then kept: ``from ledger.actions import ...`` inside a method costs
    each call some 8 k instructions (the module's missing ``__path__`` is looked up as an
    AttributeError), twice a batch line."""
    if not _ACTIONS:
        import ledger.actions

        _ACTIONS.append(ledger.actions)
    return _ACTIONS[0]


_ACTIONS: list[Any] = []

Clock = Callable[[], datetime]
MAX_COUNT = 100_000  # commands one undo or redo may name


def utc_now() -> datetime:
    """The clock a ledger stamps rows with by default: now, in UTC."""
    return datetime.now(UTC)


class Recorded(msgspec.Struct, frozen=True, kw_only=True):
    """What a command wrote, and the state before and after it."""

    rows: list[Row]
    events: list[Event]
    before: CampaignState
    after: CampaignState
    replayed: bool = False  # True when an idempotency key found the command already recorded


def _name(action: "Action") -> str:
    return f"{getattr(action, '__module__', '')}.{getattr(action, '__qualname__', repr(action))}"


def _as_text(value: object) -> str:
    """Intent values msgspec cannot encode (a Path, an open file) by their name or text."""
    return str(getattr(value, "name", value))


def _check_count(count: int, verb: str) -> None:
    if not 1 <= count <= MAX_COUNT:
        raise OutOfRange(
            f"the number of commands to {verb} must be from 1 to {MAX_COUNT}, not {count}"
        )


class Campaign:
    """One campaign of a ledger file: ``ledger.campaign("Moonsilver")``. Records commands (``do``,
    ``record``), undoes and redoes them, and answers ``state(at=...)`` for any point."""

    def __init__(self, ledger: "Ledger", name: str) -> None:
        self.ledger = ledger
        self.name = name  # as its events carry it
        self.title = name  # the name it goes by, once renamed (Ledger.campaign tells it)
        self.store = ledger.store
        self.registry = ledger.registry
        self.projector = Projector(ledger.store, ledger.registry, name)

    # Reading

    def head(self) -> Row:
        head = self.store.head(self.name)
        if head is None:
            raise NotFound(f"no campaign named {self.name!r}")
        return head

    def history(self) -> History:
        return History(metas_from_rows(self.store.rows_of_types(self.name, sorted(META_TYPES))))

    def history_now(self) -> History:
        """The undo history as it stands, remembered until the head moves."""
        return self._history_at(self.head())

    def state(self, at: int | str | None = None) -> CampaignState:
        """State right after event ``at`` (default: the latest), undone commands left out.
        ``at`` may name a point as ``--at`` does: ``"42"``, ``"city-2"``, ``"scenario-5.2"``,
        ``"journey-3:end"``."""
        if isinstance(at, str):
            from ledger.campaign._refs import resolve

            at = resolve(self, at)
        head_row = self.head()
        head = head_row.seq
        if at is None:
            at = head
        if not 1 <= at <= head:
            raise NotFound(f"campaign {self.name!r} has events 1 to {head}; there is no event {at}")
        history = self._history_at(head_row)
        if at == head:
            return self._head_state(head_row, history)
        return self.projector.state_at(at, history)

    def states_before(self, seqs: Iterable[int]) -> Iterator[tuple[int, CampaignState]]:
        """Each of ``seqs`` (ascending) with the state right before it, undone commands left
        out, as ``state(at=seq - 1)`` gives it (the empty state before event 1), folded
        forward once through them: a query over thousands of events (the odds before every
        check) reads the campaign once, not a state per event."""
        head_row = self.head()
        history = self._history_at(head_row)

        def points() -> Iterator[int]:
            for seq in seqs:
                if not 1 <= seq <= head_row.seq + 1:
                    raise NotFound(
                        f"campaign {self.name!r} has events 1 to {head_row.seq}; "
                        f"there is no state before event {seq}"
                    )
                yield seq - 1

        gap = self.ledger.snapshot_interval
        for at, state in self.projector.states_after(points(), history, gap=gap):
            yield at + 1, state

    def _history_at(self, head: Row) -> History:
        """The undo history, remembered per ledger until the head moves: every --at in a
        process (a batch, a long-lived App) would otherwise read it again."""
        cached = self.ledger.head_histories.get(self.name)
        if cached is not None and cached[0] == head.hash:
            return cached[1]
        history = self.history()
        self.ledger.head_histories[self.name] = (head.hash, history)
        return history

    def _head_state(self, head: Row, history: History) -> CampaignState:
        """The latest state, remembered per ledger until the head moves (batch, CLI lookups)."""
        cached = self.ledger.head_states.get(self.name)
        if cached is not None and cached[0] == head.hash:
            return cached[1]
        state = self.projector.state_at(head.seq, history)
        self.ledger.head_states[self.name] = (head.hash, state)
        return state

    def log(self, query: "LogQuery | None" = None) -> "list[LogEntry]":
        """Every event, undone ones marked; only those ``query`` keeps if given (see
        ``LogQuery``: by Hero, type, step, between two points, session, undone, the last N)."""
        from ledger.campaign._log import query_log

        return query_log(self, query)

    def game(self) -> "Game":
        """The campaign as an action reads it: the state now and the loaded plugins."""
        state = self.state()
        registry = self.registry.for_state(state)
        game: Game = _actions().Game(state=state, registry=registry, campaign=self)
        return game

    # Writing

    def do(
        self,
        action: "Action",
        /,
        *,
        idempotency_key: str | None = None,
        expected_seq: int | None = None,
        fingerprint: str | None = None,
        **intent: object,
    ) -> Recorded:
        """Decide ``action`` for ``intent`` against the state now and record its events.

        ``campaign.do(damage, hero="Torrax", amount=3)``. If another writer appends between
        the decision and the write, the action decides again against the new state, under
        the file's write lock (so a spend someone else made is refused, never applied twice;
        ``retried``). A command already recorded under ``idempotency_key`` is answered as
        recorded, not decided again; with ``expected_seq`` it is refused (ConflictError,
        nothing written) unless the campaign's last event is that one.
        """
        decide = _actions().decide
        if fingerprint is None:
            fingerprint = self._fingerprint(idempotency_key, "do", _name(action), intent)

        def attempt() -> Recorded:
            head, earlier = self._begin(expected_seq, idempotency_key, fingerprint)
            if earlier:
                return earlier
            events = decide(action, self.game(), intent)
            return self.record(
                events,
                expected_seq=head.seq,
                idempotency_key=idempotency_key,
                fingerprint=fingerprint,
            )

        return retried(self.ledger, attempt, expected_seq=expected_seq)

    def record(
        self,
        events: Sequence[Event],
        *,
        expected_seq: int | None = None,
        idempotency_key: str | None = None,
        fingerprint: str | None = None,
    ) -> Recorded:
        """Validate the events against the current state and append them as one command.

        Raises RuleViolation (nothing written) if any event is illegal, ConflictError if the
        campaign moved past ``expected_seq`` or another writer got there first. A command
        already recorded under ``idempotency_key`` is returned instead of recorded again,
        if it is the same command (``fingerprint``: by default the face's, else the
        events'); another command under a used key is refused.
        """
        if not events:
            raise BadInput("a command must record at least one event")
        if any(event.tag() in META_TYPES for event in events):
            raise BadInput("undo and redo are recorded with Campaign.undo() and Campaign.redo()")
        if idempotency_key is not None and fingerprint is None:
            encoded = [msgspec.json.encode(event) for event in events]
            fingerprint = self._fingerprint(idempotency_key, "record", encoded)
        head, earlier = self._begin(expected_seq, idempotency_key, fingerprint)
        if earlier:
            return earlier
        history = self._history_at(head)
        before = self._head_state(head, history)
        recorded = self._append(
            head, events, before, history.revision, idempotency_key, fingerprint=fingerprint
        )
        # No undo or redo among the events (refused above): the history is still this one.
        self.ledger.head_histories[self.name] = (recorded.rows[-1].hash, history)
        return recorded

    def undo(
        self,
        count: int = 1,
        commands: Sequence[int] | None = None,
        *,
        expected_seq: int | None = None,
        idempotency_key: str | None = None,
    ) -> Recorded:
        """Revert the last ``count`` commands still in effect, or the named ``commands``."""
        fingerprint = self._fingerprint(idempotency_key, "undo", count, commands)
        head, earlier = self._begin(expected_seq, idempotency_key, fingerprint)
        if earlier:
            return earlier
        history = self.history()
        chosen = self._undo_choice(history, count, commands)
        undone = Undone(commands=chosen)
        return self._record_meta(head, undone, history, idempotency_key, fingerprint)

    def undo_preview(
        self, count: int = 1, commands: Sequence[int] | None = None
    ) -> "list[LogEntry]":
        """Every event of the commands ``undo(count, commands)`` would revert now, in order,
        refused as it would be; nothing is written. A face shows them before asking."""
        from ledger.campaign._log import command_entries

        return command_entries(self, self._undo_choice(self.history(), count, commands))

    def _undo_choice(
        self, history: History, count: int, commands: Sequence[int] | None
    ) -> tuple[int, ...]:
        not_in_effect = {1, *history.reverted()}  # creating the campaign cannot be undone
        if commands is None:
            _check_count(count, "undo")
            chosen = tuple(
                self.store.commands(
                    self.name, skip_types=META_TYPES, skip_commands=not_in_effect, limit=count
                )
            )
            if len(chosen) != count:
                raise RuleViolation(f"cannot undo {count} command(s): {len(chosen)} can be undone")
        else:
            if not commands:
                raise BadInput("name at least one command to undo")
            found = set(
                self.store.commands(
                    self.name, skip_types=META_TYPES, skip_commands=not_in_effect, among=commands
                )
            )
            metas = {meta.seq: meta for meta in history.metas}
            for command in commands:
                if command in found:
                    continue
                if command in metas:
                    verb = "an undo" if metas[command].undo else "a redo"
                    raise RuleViolation(
                        f"#{command} is {verb}, not a command to undo; `redo --command "
                        f"{command}` brings back what an undo reverted"
                    )
                raise RuleViolation(f"#{command} is not a command in effect that can be undone")
            chosen = tuple(sorted(set(commands), reverse=True))
        return chosen

    def redo(
        self,
        count: int = 1,
        commands: Sequence[int] | None = None,
        *,
        expected_seq: int | None = None,
        idempotency_key: str | None = None,
    ) -> Recorded:
        """Bring back the last ``count`` undone commands, unless commands came after them; or
        the named ``commands``: any command undone now, however long ago, and for the seq of
        an undo every command it reverted that is still undone. Decided through the fold: a
        redo that an event recorded since would no longer admit is refused with the reason."""
        named = () if commands is None else (commands,)  # a plain redo's as before
        fingerprint = self._fingerprint(idempotency_key, "redo", count, *named)
        head, earlier = self._begin(expected_seq, idempotency_key, fingerprint)
        if earlier:
            return earlier
        history = self.history()
        redone = Redone(commands=self._redo_choice(history, count, commands))
        return self._record_meta(head, redone, history, idempotency_key, fingerprint)

    def redo_preview(
        self, count: int = 1, commands: Sequence[int] | None = None
    ) -> "list[LogEntry]":
        """Every event of the commands ``redo(count, commands)`` would bring back now, in
        order, refused as it would be; nothing is written. A face shows them on its button."""
        from ledger.campaign._log import command_entries

        return command_entries(self, self._redo_choice(self.history(), count, commands))

    def _redo_choice(
        self, history: History, count: int, commands: Sequence[int] | None
    ) -> tuple[int, ...]:
        if commands is not None:
            return history.redo_choice(commands)
        _check_count(count, "redo")
        last = self.store.last_command_not_of_types(self.name, META_TYPES)
        stack = history.redo_stack(after=last)
        if count > len(stack):
            why = ""
            if history.reverted():
                why = (
                    " (a command was recorded after the undo; `redo --command SEQ` brings back "
                    "any undone command, `log --undone` lists them)"
                )
            raise RuleViolation(f"cannot redo {count} command(s): {len(stack)} can be redone{why}")
        return tuple(stack[::-1][:count])

    def _fingerprint(self, idempotency_key: str | None, *command: object) -> str | None:
        """What a command under a key is, to tell a retry from another command: the face's
        own description (the CLI's is its command line), else a hash of ``command``."""
        if idempotency_key is None:
            return None
        face = self.ledger.command_fingerprint
        described = face() if face is not None else None
        if described is not None:
            return described
        text = msgspec.json.encode(command, order="sorted", enc_hook=_as_text)
        import hashlib  # only under an idempotency key: OpenSSL is 10 M instructions to load

        return "sha256:" + hashlib.sha256(text).hexdigest()

    def _begin(
        self, expected_seq: int | None, idempotency_key: str | None, fingerprint: str | None
    ) -> tuple[Row, Recorded | None]:
        """The head to append after, or the command already recorded under the key; another
        command under the key is refused."""
        if idempotency_key is not None:
            check_text(idempotency_key, "idempotency key")
            idempotency_key = check_name(idempotency_key, "idempotency key")
            earlier = self.store.command(self.name, idempotency_key)
            if earlier:
                used_for = self.store.fingerprint(self.name, idempotency_key)
                if used_for is not None and fingerprint is not None and used_for != fingerprint:
                    raise BadInput(
                        f"the idempotency key {quoted(idempotency_key)} was used for another "
                        f"command (#{earlier[0].command}); nothing was written. A new "
                        "command needs a new key"
                    )
                # It may be a batch's command not yet flushed to the disk (group commit):
                # flush before saying it is recorded.
                from ledger.storage import flush_log

                flush_log(self.store.db)
                state = self.state()
                events = [self.projector.decode(row) for row in earlier]
                replayed = Recorded(
                    rows=earlier, events=events, before=state, after=state, replayed=True
                )
                return self.head(), replayed
        head = self.head()
        if expected_seq is not None and expected_seq != head.seq:
            raise ConflictError(
                f"campaign {self.name!r} is at event {head.seq}, not {expected_seq}; "
                f"someone recorded in the meantime{self._since(expected_seq, head.seq)}, "
                "nothing was written"
            )
        return head, None

    def _since(self, seen: int, head: int, shown: int = 3) -> str:
        """What was recorded after event ``seen``, in words (the first ``shown`` events): a
        caller that saw the campaign at ``seen`` learns what changed."""
        if not 0 <= seen < head:
            return ""
        rows = self.store.rows(self.name, after=seen, upto=min(head, seen + shown))
        told = "; ".join(f"#{row.seq} {self.projector.decode(row).describe()}" for row in rows)
        more = f" and {head - seen - len(rows)} more" if head - seen > len(rows) else ""
        return f" (since #{seen}: {told}{more})"

    def _record_meta(
        self,
        head: Row,
        event: Undone | Redone,
        history: History,
        idempotency_key: str | None,
        fingerprint: str | None,
    ) -> Recorded:
        """Refold from the last snapshot the change leaves valid; any later event that would
        become illegal, or no longer match its recorded step, refuses the undo or redo."""
        seq = head.seq + 1
        changed = history.plus(Meta(seq, isinstance(event, Undone), event.commands))
        before = self._head_state(head, history)
        start, after = self.projector.start(head.seq, changed)
        snapshots: list[Snapshot] = []
        interval = self.ledger.snapshot_interval
        verb = "undo" if isinstance(event, Undone) else "redo"
        try:
            state = self.projector.fold(
                self.projector.rows(after, head.seq, strict=True),
                changed.reverted(),
                start,
                strict=True,
                at=range(interval, head.seq + 1, interval),
                seen=lambda at, folded: snapshots.append(self.projector.snapshot(at, seq, folded)),
            )
        except LedgerError as error:
            raise RuleViolation(
                f"{verb} refused: a later event would no longer stand ({error}); "
                "undo the later commands first"
            ) from None
        recorded = self._append(head, [event], state, seq, idempotency_key, snapshots, fingerprint)
        return msgspec.structs.replace(recorded, before=before)

    def _append(
        self,
        head: Row,
        events: Sequence[Event],
        state: CampaignState,
        revision: int,
        idempotency_key: str | None,
        snapshots: Sequence[Snapshot] = (),
        fingerprint: str | None = None,
    ) -> Recorded:
        before = state
        rows: list[Row] = []
        written: list[tuple[Row, Event, CampaignState]] = []
        reasons: list[str] = []
        snapshots = list(snapshots)
        command = head.seq + 1
        recorded_at = self.ledger.clock().isoformat(timespec="microseconds")
        prev_hash = head.hash
        checked = [self._validated(event) for event in events]
        events = [event for event, _ in checked]
        for seq, (event, encoded) in enumerate(checked, start=command):
            try:
                legal = event.apply(state)  # the rules first: validators only see legal events
            except LedgerError:
                raise
            except Exception as error:
                raise failed_applying(self.registry.event_types, event, error) from error
            check_new_text(event, encoded, state)  # what the rules let through (they strip)
            reasons += vetoes(self.registry.for_state(state), state, event)
            reasons += self.registry.part_problems(event, legal)
            state = legal
            row = self.make_row(
                event,
                seq,
                command,
                state,
                prev_hash,
                recorded_at,
                idempotency_key if seq == command else None,
            )
            rows.append(row)
            written.append((row, event, state))
            prev_hash = row.hash
            if seq % self.ledger.snapshot_interval == 0 or event.tag() in META_TYPES:
                snapshots.append(self.projector.snapshot(seq, revision, state))
        if state.owed:
            raise RuleViolation(
                f"the command is incomplete, it does not record: {debts.describe(state.owed)}"
            )
        refuse_if_vetoed(reasons)
        write(self.registry.pm, self.store, written, snapshots, fingerprint)
        self.ledger.head_states[self.name] = (prev_hash, state)
        return Recorded(rows=rows, events=list(events), before=before, after=state)

    def _validated(self, event: Event) -> tuple[Event, bytes]:
        """The event as a replay will read it, and its JSON: a Struct built in Python is not
        type-checked, so a field of the wrong type (or an unknown Literal value) is refused."""
        try:
            encoded = msgspec.json.encode(event)
        except UnicodeEncodeError:
            refuse_unencodable(event)  # names the field
            raise
        try:
            decoded: Event = self.registry.decoder.decode(encoded)
        except (msgspec.DecodeError, RecursionError) as error:
            raise BadInput(f"event {event.tag()} is malformed: {error}") from None
        return decoded, encoded

    def make_row(
        self,
        event: Event,
        seq: int,
        command: int,
        state: CampaignState,
        prev_hash: str,
        recorded_at: str,
        idempotency_key: str | None = None,
    ) -> Row:
        plugin, version = self.registry.origin(event)
        step = state.step
        return Row(
            campaign=self.name,
            seq=seq,
            command=command,
            type=event.tag(),
            schema=type(event).schema,
            plugin=plugin,
            plugin_version=version,
            recorded_at=recorded_at,
            step_kind=step.kind if step else None,
            step_number=step.number if step else None,
            scenario=step.scenario if step else None,
            hero=event.hero_name,
            idempotency_key=idempotency_key,
            payload=msgspec.json.encode(event).decode(),
            prev_hash=prev_hash,
        ).sealed()
