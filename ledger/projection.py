"""Folding stored events into state, from the best snapshot that is still valid."""

from collections.abc import Callable, Collection, Container, Iterable, Iterator
from typing import Any

import msgspec

from ledger.errors import IntegrityError, LedgerError, PluginError
from ledger.event import META_TYPES, Event
from ledger.history import History
from ledger.registry import Registry
from ledger.rows import AT, Row
from ledger.rules import debts
from ledger.state import CampaignState, Step
from ledger.store import EventStore, Snapshot

_state_decoder = msgspec.json.Decoder(CampaignState)
Values = tuple[Any, ...]  # a row in the order of rows.VALUES
SEQ, COMMAND, TYPE, SCHEMA, HERO, PAYLOAD = (
    AT[c] for c in ("seq", "command", "type", "schema", "hero", "payload")
)
STEP_KIND, STEP_NUMBER, SCENARIO = (AT[c] for c in ("step_kind", "step_number", "scenario"))


def mismatch(row: Row, event: Event, state: CampaignState | None) -> str | None:
    """How a row's columns disagree with its payload and (when given) the state after it."""
    return columns_mismatch(
        row.type, row.hero, row.step_kind, row.step_number, row.scenario, event, state
    )


def columns_mismatch(
    type_: str,
    hero: str | None,
    step_kind: str | None,
    step_number: int | None,
    scenario: int | None,
    event: Event,
    state: CampaignState | None,
) -> str | None:
    """``mismatch`` for a row given by the columns it compares."""
    step = state.step if state is not None else None
    if (  # the usual answer first, cheaply: verify and import ask for every event
        type_ == event.tag()
        and hero == event.hero_name
        and (
            state is None
            or (step_kind, step_number, scenario)
            == ((step.kind, step.number, step.scenario) if step else (None, None, None))
        )
    ):
        return None
    columns: dict[str, object] = {"type": type_, "hero": hero}
    expected: dict[str, object] = {"type": event.tag(), "hero": event.hero_name}
    if state is not None:
        columns.update(step_kind=step_kind, step_number=step_number, scenario=scenario)
        expected["step_kind"] = step.kind if step else None
        expected["step_number"] = step.number if step else None
        expected["scenario"] = step.scenario if step else None
    for column, value in expected.items():
        if columns[column] != value:
            return f"its {column} column says {columns[column]!r}, the events say {value!r}"
    return None


def _step_columns(step: Step | None) -> tuple[str | None, int | None, int | None]:
    return (step.kind, step.number, step.scenario) if step else (None, None, None)


def _hero_field(kind: type[Event]) -> bool:
    """Whether the type's ``hero_name`` is its ``hero`` field (a string, decoded), read
    without the property: the fold compares it with the hero column of 100,000s of rows.
    Were it no string, the rows would differ and the exact check say so."""
    return "hero" in kind.__struct_fields__ and kind.hero_name is Event.hero_name


def _about(row: Row, error: LedgerError) -> LedgerError:
    return _about_seq(row.seq, error)


def _about_seq(seq: int, error: LedgerError) -> LedgerError:
    error.seq = seq
    return error


class Projector:
    """Decodes one campaign's rows and folds them, using snapshots as a cache."""

    def __init__(self, store: EventStore, registry: Registry, campaign: str) -> None:
        self.store = store
        self.registry = registry
        self.campaign = campaign

    def decode(self, row: Row) -> Event:
        known = self.registry.event_types.get(row.type)
        if known is None:
            raise _about(
                row,
                PluginError(
                    f"campaign {row.campaign!r} uses type {row.type!r} from plugin "
                    f"{row.plugin!r} {row.plugin_version}, which is not loaded; install and "
                    "enable that plugin to open this campaign"
                ),
            )
        payload: str | bytes = row.payload
        if row.schema != known[0].schema:
            try:
                payload = self.registry.upcasters.upgrade(row, known[0].schema)
            except LedgerError as error:
                raise _about(row, error) from None
        try:
            event: Event = self.registry.decoder.decode(payload)
        except (msgspec.DecodeError, RecursionError) as error:  # ValidationError is one
            raise _about(row, IntegrityError(f"cannot be read: {error}")) from None
        return event

    def replay(
        self,
        rows: Iterable[Row],
        reverted: Collection[int],
        state: CampaignState,
        *,
        check: bool = False,
    ) -> Iterator[tuple[Row, CampaignState]]:
        """Each row with the state right after it. Undo and redo events, and the commands they
        undo, leave the state as it is. With ``check``, a row whose columns disagree with its
        payload or the fold raises IntegrityError; undone events are read and compared too."""
        for row in rows:
            if check and state.owed and row.command == row.seq:
                raise _incomplete(row.seq - 1, state)
            applies = row.type not in META_TYPES and row.command not in reverted
            if applies or (check and row.type not in META_TYPES):
                event = self.decode(row)
                try:
                    state = event.apply(state) if applies else state
                    problem = mismatch(row, event, state if applies else None) if check else None
                    if problem:
                        raise IntegrityError(problem)
                except LedgerError as error:
                    error.seq = row.seq
                    raise
            yield row, state
        if check and state.owed:
            raise _incomplete(None, state)

    def check_values(
        self,
        pages: Iterable[list[Values]],
        reverted: Collection[int],
        at: Container[int],
        seen: Callable[[int, CampaignState], None],
        state: CampaignState | None = None,
        *,
        end: bool = True,
    ) -> CampaignState:
        """``replay(..., check=True)`` over rows read as tuples (``rows.VALUES`` order; only
        seq, command, type, schema, hero, the step columns and the payload are read), from
        ``state`` (else from scratch), calling ``seen`` with the state after each seq in
        ``at``: verify's fold. ``end``: the rows end the campaign, so nothing may be owed."""
        state = CampaignState() if state is None else state
        decode = self.registry.decoder.decode
        current = {  # type column: (event type, its schema, its hero field), for the fold
            tag: (kind, kind.schema, _hero_field(kind))
            for tag, (kind, _) in self.registry.event_types.items()
            if tag not in META_TYPES
        }
        step: Step | None = None
        step_columns = _step_columns(step)  # what a row's step columns must say
        for page in pages:
            for values in page:
                seq, command, type_ = values[SEQ], values[COMMAND], values[TYPE]
                if state.owed and command == seq:
                    raise _incomplete(seq - 1, state)
                known = current.get(type_)
                if known is not None and values[SCHEMA] == known[1] and command not in reverted:
                    # The usual row, cheaply; any doubt goes to _check_one.
                    try:
                        event = decode(values[PAYLOAD])
                    except (msgspec.DecodeError, RecursionError) as error:  # ValidationError is one
                        raise _about_seq(seq, IntegrityError(f"cannot be read: {error}")) from None
                    before = state
                    try:
                        state = event.apply(state)
                    except LedgerError as error:
                        error.seq = seq
                        raise
                    if state.step is not step:
                        step = state.step
                        step_columns = _step_columns(step)
                    if (
                        type(event) is not known[0]  # the tag is the type column's
                        or values[HERO] != (event.hero if known[2] else event.hero_name)  # type: ignore[attr-defined]
                        or (values[STEP_KIND], values[STEP_NUMBER], values[SCENARIO])
                        != step_columns
                    ):
                        state = self._check_one(event, values, before, reverted)
                elif type_ not in META_TYPES:  # undone, upcast or of an unknown type
                    upcast = known is None or values[SCHEMA] != known[1]
                    event = self._decode(values, None if upcast else decode)
                    state = self._check_one(event, values, state, reverted)
                if seq in at:
                    seen(seq, state)
        if end and state.owed:
            raise _incomplete(None, state)
        return state

    def _decode(self, values: Values, decode: Callable[[str], Event] | None = None) -> Event:
        """``decode`` for a row read as a tuple; ``decode`` given: its payload needs no
        upcasting."""
        if decode is None:
            return self.decode(self._row(values[SEQ]))  # names the plugin, upcasts
        try:
            return decode(values[PAYLOAD])
        except (msgspec.DecodeError, RecursionError) as error:  # ValidationError is one
            raise _about_seq(values[SEQ], IntegrityError(f"cannot be read: {error}")) from None

    def _check_one(
        self, event: Event, values: Values, state: CampaignState, reverted: Collection[int]
    ) -> CampaignState:
        """One row as ``replay(..., check=True)`` checks it: the state after it, or the error
        naming it."""
        try:
            applies = values[COMMAND] not in reverted
            if applies:
                state = event.apply(state)
            problem = columns_mismatch(
                values[TYPE],
                values[HERO],
                values[STEP_KIND],
                values[STEP_NUMBER],
                values[SCENARIO],
                event,
                state if applies else None,
            )
            if problem:
                raise IntegrityError(problem)
        except LedgerError as error:
            error.seq = values[SEQ]
            raise
        return state

    def _row(self, seq: int) -> Row:
        return self.store.rows(self.campaign, after=seq - 1, upto=seq)[0]

    def fold_rows(
        self, state: CampaignState, rows: Iterable[Row], reverted: Collection[int]
    ) -> CampaignState:
        for _, after in self.replay(rows, reverted, state):
            state = after
        return state

    def start(self, upto: int, history: History) -> tuple[CampaignState, int]:
        """The latest snapshot at or before ``upto`` that ``history`` has not invalidated
        (an undo or redo after it reached back before it), else the empty state at 0."""
        fingerprint, skip = self.registry.fingerprint, 0
        latest = self.store.latest_snapshot(self.campaign, fingerprint, upto)
        if latest is None:
            return CampaignState(), 0
        seq, revision, state = latest  # most often valid: one query instead of two
        touched = history.earliest_touched_after(revision)
        if (touched is None or touched > seq) and (decoded := _readable(state)) is not None:
            return decoded, seq
        while points := self.store.snapshot_points(self.campaign, fingerprint, upto, skip=skip):
            for seq, revision in points:
                touched = history.earliest_touched_after(revision)
                if touched is None or touched > seq:
                    state = self.store.snapshot_state(self.campaign, fingerprint, seq, revision)
                    if (decoded := _readable(state)) is not None:
                        return decoded, seq
            skip += len(points)
        return CampaignState(), 0

    def state_at(self, upto: int, history: History) -> CampaignState:
        """State right after event ``upto``, with the commands ``history`` undoes left out."""
        state, after = self.start(upto, history)
        rows = self.store.rows_to_fold(self.campaign, after, upto)
        return self.fold_rows(state, rows, history.reverted())

    def snapshot_state(self, seq: int, revision: int) -> CampaignState:
        fingerprint = self.registry.fingerprint
        return _state_decoder.decode(
            self.store.snapshot_state(self.campaign, fingerprint, seq, revision)
        )

    def snapshot(self, seq: int, revision: int, state: CampaignState) -> Snapshot:
        return Snapshot(
            campaign=self.campaign,
            seq=seq,
            revision=revision,
            fingerprint=self.registry.fingerprint,
            state=msgspec.json.encode(state).decode(),
        )


def _readable(state: str) -> CampaignState | None:
    """A snapshot's state, or None when it cannot be read (a damaged or edited file): a
    snapshot is a cache, so the fold starts from an earlier one instead (verify names it)."""
    try:
        return _state_decoder.decode(state)
    except (msgspec.DecodeError, RecursionError, UnicodeDecodeError):
        return None


def _incomplete(seq: int | None, state: CampaignState) -> IntegrityError:
    error = IntegrityError(f"a command ends without recording {debts.describe(state.owed)}")
    error.seq = seq
    return error
