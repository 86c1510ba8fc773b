"""Folding stored events into state, from the best snapshot that is still valid.

One fold serves every reader: ``--at`` and the latest state, an undo or redo refolding what it
changes, an import replaying a file, and verify replaying 100,000s of rows. Rows come as plain
tuples in the order of ``storage.VALUES`` (no Row is built for them), a page at a time."""

from collections.abc import Callable, Collection, Container, Iterable, Iterator, Sequence
from functools import cached_property

import msgspec

from ledger._json_keys import duplicate_keys
from ledger.campaign import _snapshot_text
from ledger.campaign._undo_history import History
from ledger.errors import BadInput, IntegrityError, LedgerError, PluginError
from ledger.hosting import Registry, failed_applying, how_to_load
from ledger.model import META_TYPES, CampaignState, Event, Step
from ledger.rules import debts
from ledger.storage import AT, VALUES, EventStore, Row, Snapshot, Values, row_values

_SEQ, _COMMAND, _TYPE, _SCHEMA, _HERO, _PAYLOAD, _PLUGIN, _VERSION = (
    AT[c]
    for c in ("seq", "command", "type", "schema", "hero", "payload", "plugin", "plugin_version")
)
_STEP_KIND, _STEP_NUMBER, _SCENARIO = (AT[c] for c in ("step_kind", "step_number", "scenario"))

# The columns the fold reads (the others read as NULL), and those a strict fold compares too.
FOLDED = tuple(
    c if c in ("seq", "command", "type", "schema", "plugin", "plugin_version", "payload") else None
    for c in VALUES
)
_COMPARED = ("type", "hero", "step_kind", "step_number", "scenario")
STRICT = tuple(c if c in _COMPARED else folded for c, folded in zip(VALUES, FOLDED, strict=True))


_READ = 1024  # distinct payloads a fold keeps decoded: memory stays flat, whatever the rows


def _step_columns(step: Step | None) -> tuple[str | None, int | None, int | None]:
    return (step.kind, step.number, step.scenario) if step else (None, None, None)


def _mismatch(values: Values, event: Event, state: CampaignState | None) -> str | None:
    """How a row's columns disagree with its payload and (when given) the state after it."""
    found: tuple[object, ...] = (values[_TYPE], values[_HERO])
    expected: tuple[object, ...] = (event.tag(), event.hero_name)
    if state is not None:
        found += (values[_STEP_KIND], values[_STEP_NUMBER], values[_SCENARIO])
        expected += _step_columns(state.step)
    if found == expected:
        return None
    for column, value, events_say in zip(_COMPARED, found, expected, strict=False):
        if value != events_say:
            return f"its {column} column says {value!r}, the events say {events_say!r}"
    return None


def _hero_field(kind: type[Event]) -> bool:
    """Whether the type's ``hero_name`` is its ``hero`` field (a string, decoded), read
    without the property: the fold compares it with the hero column of 100,000s of rows.
    Were it no string, the rows would differ and the exact check say so."""
    return "hero" in kind.__struct_fields__ and kind.hero_name is Event.hero_name


def needed_version(store: EventStore, campaign: str, plugin: str) -> str | None:
    """The latest version of ``plugin`` that recorded rows of ``campaign``: what it needs."""
    found = [
        version
        for (version,) in store.db.execute(
            "SELECT DISTINCT plugin_version FROM events WHERE campaign = ? AND plugin = ?",
            [campaign, plugin],
        )
    ]
    return max(found, key=_version_key) if found else None


def _version_key(version: str) -> tuple[tuple[int, str], ...]:
    return tuple(
        (int(part), "") if part.isdigit() else (-1, part)
        for part in version.replace("-", ".").split(".")
    )


def _about(seq: int | None, error: LedgerError) -> LedgerError:
    error.seq = seq
    return error


def _ignore(seq: int, state: CampaignState) -> None:
    pass


def _unambiguous(seq: int, payload: str) -> None:
    """Raise IntegrityError if the stored payload has a key twice in one object: the
    ledger's decoder reads the last value, SQLite's ``json_extract`` the first."""
    try:
        duplicate_keys(payload)
    except BadInput as error:
        raise _about(seq, IntegrityError(f"its payload is ambiguous: {error.args[0]}")) from None


class Projector:
    """Decodes one campaign's rows and folds them, using snapshots as a cache."""

    def __init__(self, store: EventStore, registry: Registry, campaign: str) -> None:
        self.store = store
        self.registry = registry
        self.campaign = campaign

    @cached_property
    def _current(self) -> dict[str, tuple[type[Event], int, bool]]:
        """By type column: the event type, its schema and whether its hero is its field."""
        return {
            tag: (kind, kind.schema, _hero_field(kind))
            for tag, (kind, _) in self.registry.event_types.items()
            if tag not in META_TYPES
        }

    def decode(self, row: Row) -> Event:
        return self._decode(row_values(row))

    def _decode(self, values: Values) -> Event:
        """The row's event, upcast from the schema it was stored under; a type no loaded
        plugin defines raises PluginError naming the plugin that recorded it."""
        tag, schema = values[_TYPE], values[_SCHEMA]
        known = self.registry.event_types.get(tag)
        if known is None:
            raise _about(values[_SEQ], self._not_loaded(tag, values[_PLUGIN], values[_VERSION]))
        payload: str | bytes = values[_PAYLOAD]
        if schema != known[0].schema:
            try:
                payload = self.registry.upcasters.upgrade(
                    tag,
                    schema,
                    values[_PAYLOAD],
                    current=known[0].schema,
                    plugin=values[_PLUGIN],
                    version=values[_VERSION],
                )
            except LedgerError as error:
                raise _about(values[_SEQ], error) from None
        try:
            event: Event = self.registry.decoder.decode(payload)
        except msgspec.ValidationError as error:
            raise _about(values[_SEQ], self._schema_changed(tag, values, known, error)) from None
        except (msgspec.DecodeError, RecursionError) as error:
            raise _about(values[_SEQ], IntegrityError(f"cannot be read: {error}")) from None
        return event

    def _not_loaded(self, tag: str, plugin: str, first_version: str) -> PluginError:
        """Why ``plugin`` cannot read this campaign, and the fix: the version the campaign
        needs (the latest its rows recorded, not the first row's); whether the plugin is
        installed but left out, failed to load, is loaded without this type, or is missing."""
        needed = needed_version(self.store, self.campaign, plugin) or first_version
        pm = self.registry.pm
        said = f"campaign {self.campaign!r} uses type {tag!r} from plugin {plugin!r} {needed}"
        if needed.startswith("dir:"):
            return PluginError(f"{said}, which is not loaded; {how_to_load(needed)}")
        left_out = getattr(pm, "left_out", {}).get(plugin)
        if left_out is not None:
            return PluginError(
                f"{said}; {left_out[0]} {left_out[1]} is installed but left out by "
                f"LEDGER_LOAD_PLUGINS: add {plugin} to LEDGER_LOAD_PLUGINS to open this campaign"
            )
        failed = getattr(pm, "failed", {}).get(plugin)
        if failed is not None:
            return PluginError(
                f"{said}; plugin {plugin!r} {failed}: fix that to open this campaign"
            )
        if pm.has_plugin(plugin):
            return PluginError(f"{said}: {self.registry.why_unknown(tag)}")
        return PluginError(
            f"{said}, which is not installed: install plugin {plugin!r} {needed} or later "
            f"(campaign-ledger plugin install NAME) to open this campaign"
        )

    def _schema_changed(
        self, tag: str, values: Values, known: tuple[type[Event], str], error: Exception
    ) -> LedgerError:
        """A stored payload the installed type cannot read: the plugin changed it without a
        schema bump (or the row is damaged)."""
        kind, plugin = known
        stored, installed = values[_VERSION], self.registry.versions.get(plugin, "?")
        return PluginError(
            f"{tag} (schema {values[_SCHEMA]}) recorded by plugin {values[_PLUGIN]!r} {stored} "
            f"cannot be read by plugin {plugin!r} {installed} as installed: {error}. If "
            f"{plugin} changed {kind.__name__}, it must raise its schema (schema: ClassVar[int] "
            f"= {kind.schema + 1}) and register an Upcaster from schema {values[_SCHEMA]} "
            "(docs/plugins.md, Changing an event type); else install the version that wrote it"
        )

    def rows(self, after: int, upto: int, *, strict: bool = False) -> Iterator[list[Values]]:
        """The rows after < seq <= upto, a page at a time, with the columns ``fold`` reads
        (``strict``: and compares)."""
        return self.store.value_pages(self.campaign, after, upto, STRICT if strict else FOLDED)

    def fold(
        self,
        pages: Iterable[Sequence[Values]],
        reverted: Collection[int],
        state: CampaignState | None = None,
        *,
        strict: bool = False,
        at: Container[int] = (),
        seen: Callable[[int, CampaignState], None] = _ignore,
        end: bool = True,
    ) -> CampaignState:
        """The state after the rows, folded from ``state`` (else from scratch). Undo and redo
        events, and the commands ``reverted`` names, leave the state as it is. ``seen`` is
        told the state after each seq in ``at``.

        ``strict`` (verify, import, undo and redo): a row whose columns disagree with its
        payload or the fold raises IntegrityError, undone events are read and compared too,
        and no command may end owing what an event announced (``end``: the rows end the
        campaign, so neither may the last)."""
        state = CampaignState() if state is None else state
        # Payloads already read by this fold, and their events: most rows repeat another's
        # payload (a Hero's damage 1, a Stars gain of 2), and an event is a frozen Struct, a
        # pure function of its text, so each distinct text is decoded and proved once.
        read: dict[str, Event] = {}
        step: Step | None = None
        step_columns = _step_columns(step)  # what a row's step columns must say
        for page in pages:
            # Here, not before the loop: no rows (a read at a snapshot) build no decoder, nor
            # ask the plugins for their event types (Registry.event_types).
            decode = self.registry.decoder.decode
            current = self._current
            for values in page:
                seq, command, tag = values[_SEQ], values[_COMMAND], values[_TYPE]
                if strict and state.owed and command == seq:
                    raise _incomplete(seq - 1, state)
                known = current.get(tag)
                if known is not None and values[_SCHEMA] == known[1] and command not in reverted:
                    # The usual row, with as little work as can be; any doubt goes to _one.
                    payload = values[_PAYLOAD]
                    event = read.get(payload)
                    if event is None:
                        event = self._read(seq, tag, values, decode, strict)
                        if len(read) == _READ:
                            read.clear()
                        read[payload] = event
                    before = state
                    try:
                        state = event.apply(state)
                    except LedgerError as error:
                        error.seq = seq
                        raise
                    except Exception as error:
                        raise _about(seq, self._failed(event, error)) from error
                    if strict:
                        if state.step is not step:
                            step = state.step
                            step_columns = _step_columns(step)
                        if (
                            type(event) is not known[0]  # the tag is the type column's
                            or values[_HERO] != (event.hero if known[2] else event.hero_name)  # type: ignore[attr-defined]
                            or (values[_STEP_KIND], values[_STEP_NUMBER], values[_SCENARIO])
                            != step_columns
                        ):
                            state = self._one(event, values, before, reverted)
                elif tag not in META_TYPES and (strict or command not in reverted):
                    # Upcast, of a type no plugin loaded defines, or (strict) undone.
                    if strict:
                        _unambiguous(seq, values[_PAYLOAD])
                    state = self._one(self._decode(values), values, state, reverted, strict)
                elif strict and tag in META_TYPES:
                    _unambiguous(seq, values[_PAYLOAD])  # an undo or redo, read by History
                if seq in at:
                    seen(seq, state)
        if strict and end and state.owed:
            raise _incomplete(None, state)
        return state

    def _read(
        self, seq: int, tag: str, values: Values, decode: Callable[[str], Event], strict: bool
    ) -> Event:
        """The event of a row of a current type, decoded (``strict``: and its payload proved
        to hold no key twice), or the error naming the row."""
        payload = values[_PAYLOAD]
        try:
            event = decode(payload)
        except msgspec.ValidationError as error:  # a plugin changed its type
            kind = self.registry.event_types[tag]
            raise _about(seq, self._schema_changed(tag, values, kind, error)) from None
        except (msgspec.DecodeError, RecursionError) as error:
            raise _about(seq, IntegrityError(f"cannot be read: {error}")) from None
        # Stored as make_row encodes it: no key twice. Else (an import's spacing, or a
        # tampered row) the exact check decides.
        if strict and msgspec.json.encode(event) != payload.encode():
            _unambiguous(seq, payload)
        return event

    def _one(
        self,
        event: Event,
        values: Values,
        state: CampaignState,
        reverted: Collection[int],
        strict: bool = True,
    ) -> CampaignState:
        """One row folded on its own: the state after it, or the error naming it."""
        applies = values[_COMMAND] not in reverted
        try:
            if applies:
                state = event.apply(state)
            problem = _mismatch(values, event, state if applies else None) if strict else None
            if problem:
                raise IntegrityError(problem)
        except LedgerError as error:
            error.seq = values[_SEQ]
            raise
        except Exception as error:
            raise _about(values[_SEQ], self._failed(event, error)) from error
        return state

    def _failed(self, event: Event, error: Exception) -> PluginError:
        return failed_applying(self.registry.event_types, event, error)

    def start(self, upto: int, history: History) -> tuple[CampaignState, int]:
        """The latest snapshot at or before ``upto`` that ``history`` has not invalidated
        (an undo or redo after it reached back before it), else the empty state at 0."""
        fingerprint, skip = self.registry.fingerprint, 0
        latest = self.store.latest_snapshot(self.campaign, fingerprint, upto)
        if latest is None:
            return CampaignState(), 0
        seq, revision, state = latest  # most often valid: one query instead of two
        touched = history.earliest_touched_after(revision)
        valid = history.took(revision) and (touched is None or touched > seq)
        if valid and (decoded := _readable(state)) is not None:
            return self.registry.typed_state(decoded), seq
        while points := self.store.snapshot_points(self.campaign, fingerprint, upto, skip=skip):
            for seq, revision in points:
                touched = history.earliest_touched_after(revision)
                if history.took(revision) and (touched is None or touched > seq):
                    state = self.store.snapshot_state(self.campaign, fingerprint, seq, revision)
                    if (decoded := _readable(state)) is not None:
                        return self.registry.typed_state(decoded), seq
            skip += len(points)
        return CampaignState(), 0

    def state_at(self, upto: int, history: History) -> CampaignState:
        """State right after event ``upto``, with the commands ``history`` undoes left out."""
        state, after = self.start(upto, history)
        return self.fold(self.rows(after, upto), history.reverted(), state)

    def states_after(
        self, points: Iterable[int], history: History, *, gap: int = 0
    ) -> Iterator[tuple[int, CampaignState]]:
        """The state right after each of ``points`` (ascending), each as ``state_at`` gives
        it, folded forward once: from the latest valid snapshot at or before the first point,
        then on through the others in one pass (from a later snapshot where more than ``gap``
        rows lie between two points and one is there), so n points cost one fold of their
        span, not n folds from a snapshot each."""
        reverted = history.reverted()
        state: CampaignState | None = None
        done = 0
        for run in _runs(points, gap):
            if state is None or (gap and run[0] - done > gap):
                start, after = self.start(run[0], history)
                if state is None or after > done:
                    state, done = start, after
            found = {point: state for point in run if point <= done}  # at a snapshot's seq
            rows = self.rows(done, run[-1])
            state = self.fold(rows, reverted, state, at=set(run), seen=found.__setitem__)
            done = run[-1]
            for point in run:
                yield point, found[point]

    def snapshot_state(self, seq: int, revision: int) -> CampaignState:
        fingerprint = self.registry.fingerprint
        return self.state_from(self.store.snapshot_state(self.campaign, fingerprint, seq, revision))

    def state_from(self, stored: str) -> CampaignState:
        """The state a snapshot's stored text holds, with the plugins' parts typed."""
        return self.registry.typed_state(_snapshot_text.decode(stored))

    def snapshot(self, seq: int, revision: int, state: CampaignState) -> Snapshot:
        return Snapshot(
            campaign=self.campaign,
            seq=seq,
            revision=revision,
            fingerprint=self.registry.fingerprint,
            state=_snapshot_text.encode(state),
        )


def _runs(points: Iterable[int], gap: int) -> Iterator[list[int]]:
    """The points in runs, a new run where more than ``gap`` (if given) lies between two."""
    run: list[int] = []
    for point in points:
        if run and point < run[-1]:
            raise ValueError(f"the points must ascend: {point} after {run[-1]}")
        if run and gap and point - run[-1] > gap:
            yield run
            run = []
        run.append(point)
    if run:
        yield run


def _readable(state: str) -> CampaignState | None:
    """A snapshot's state, or None when it cannot be read (a damaged or edited file): a
    snapshot is a cache, so the fold starts from an earlier one instead (verify names it)."""
    try:
        return _snapshot_text.decode(state)
    except (msgspec.DecodeError, RecursionError, UnicodeDecodeError, IndexError, ValueError):
        return None


def _incomplete(seq: int | None, state: CampaignState) -> IntegrityError:
    error = IntegrityError(f"a command ends without recording {debts.describe(state.owed)}")
    error.seq = seq
    return error
