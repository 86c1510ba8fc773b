"""The step index (table ``step_changes``, migration m003) checked against the events.

``--at city-2`` and the other step references find a step through the rows whose step
columns differ from the row before them; a trigger records each such row as it is written.
The lookups rely on one fact (ledger/storage/_step_index.py): every row in effect whose step differs
from the row in effect before it is such a row. verify proves both: it recomputes the step
changes as it reads the rows and compares them with the table (written around the trigger,
or edited, the table would send a reference to the wrong event without a word), and it
checks the fact itself, which the step columns of undo and redo rows and of undone events
could otherwise break unseen (the fold checks only the columns of rows in effect)."""

from collections.abc import Collection

from ledger.model import META_TYPES
from ledger.storage import AT, VALUES, EventStore, Values
from ledger.verification._problem import Problem

SEQ, COMMAND, TYPE, STEP_KIND, STEP_NUMBER, SCENARIO = (
    AT[c] for c in ("seq", "command", "type", "step_kind", "step_number", "scenario")
)
Columns = tuple[str | None, int | None, int | None]  # step_kind, step_number, scenario
Change = tuple[int, str | None, int | None, int | None]  # seq and the step columns from it

_BEFORE_THE_FIRST = object()  # the first row always starts a step, even outside any step
_BACK = 64  # rows read at a time when looking back for the row in effect before a segment


def _columns(values: Values) -> Columns:
    return values[STEP_KIND], values[STEP_NUMBER], values[SCENARIO]


class StepIndexVerifier:
    def __init__(self, campaign: str, reverted: Collection[int]) -> None:
        self.campaign, self.reverted = campaign, reverted
        self.previous: object = _BEFORE_THE_FIRST  # the row before's step columns
        self.in_effect: object = _BEFORE_THE_FIRST  # the last row in effect's
        self.changes: list[Change] = []
        self.unmarked: int | None = None  # the first row in effect starting a step unseen

    def resume(self, store: EventStore, after: int) -> None:
        """Continue after row ``after`` (a second process's segment)."""
        before = store.values(self.campaign, after - 1, after, VALUES)
        self.previous = _columns(before[0]) if before else _BEFORE_THE_FIRST
        upto = after
        while upto > 0 and self.in_effect is _BEFORE_THE_FIRST:
            page = store.values(self.campaign, max(upto - _BACK, 0), upto, VALUES)
            for values in reversed(page):
                if self._applies(values):
                    self.in_effect = _columns(values)
                    break
            upto -= _BACK

    def _applies(self, values: Values) -> bool:
        return values[TYPE] not in META_TYPES and values[COMMAND] not in self.reverted

    def feed_page(self, page: list[Values]) -> None:
        previous, in_effect, changes = self.previous, self.in_effect, self.changes
        for values in page:
            columns = (values[STEP_KIND], values[STEP_NUMBER], values[SCENARIO])
            changed = columns != previous
            if changed:
                changes.append((values[SEQ], *columns))
                previous = columns
            if columns != in_effect and self._applies(values):
                if not changed and self.unmarked is None:
                    self.unmarked = values[SEQ]
                in_effect = columns
        self.previous, self.in_effect = previous, in_effect

    def problem(self, store: EventStore, after: int, upto: int, *, last: bool) -> Problem | None:
        """The first seq where the stored index and the events disagree, or where a step
        starts unseen; in the ``last`` segment also any index row after the head."""
        stored = store.step_changes(self.campaign, after, None if last else upto)
        found: list[tuple[int, str]] = []
        if stored != self.changes:
            computed = set(self.changes)
            for change in computed.symmetric_difference(stored):
                seq = change[0]
                if change in computed:
                    why = "misses this event's step change"
                elif seq > upto:
                    why = "holds a step change after the last event"
                else:
                    why = "holds a step change the events do not have"
                found.append((seq, why))
        if self.unmarked is not None:
            found.append(
                (
                    self.unmarked,
                    "misses this event's step change: the row before it "
                    "claims the same step (a changed undo, redo or undone event)",
                )
            )
        if not found:
            return None
        seq, why = min(found)
        return Problem(
            self.campaign,
            seq,
            f"the step index (step_changes) {why}; a step reference (--at) could find the "
            "wrong event",
        )
