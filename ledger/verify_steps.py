"""The step index (table ``step_changes``, migration m003) checked against the events.

``--at city-2`` and the other step references find a step through the rows whose step
columns differ from the row before them; a trigger records each such row as it is written.
Written around the trigger (dropped and put back, or the table edited), the index would
send a reference to the wrong event without a word, so verify recomputes it as it reads the
rows (a tuple comparison per row) and compares it with the table."""

from ledger.projection import SCENARIO, SEQ, STEP_KIND, STEP_NUMBER, Values
from ledger.store import EventStore
from ledger.verify_checks import Problem

Change = tuple[int, str | None, int | None, int | None]  # seq and the step columns from it

_BEFORE_THE_FIRST = object()  # the first row always starts a step, even outside any step


class StepIndexCheck:
    def __init__(self, campaign: str) -> None:
        self.campaign = campaign
        self.previous: object = _BEFORE_THE_FIRST
        self.changes: list[Change] = []

    def resume(self, before: Values) -> None:
        """Continue after the row ``before`` (a second process's segment)."""
        self.previous = (before[STEP_KIND], before[STEP_NUMBER], before[SCENARIO])

    def feed_page(self, page: list[Values]) -> None:
        previous, changes = self.previous, self.changes
        for values in page:
            columns = (values[STEP_KIND], values[STEP_NUMBER], values[SCENARIO])
            if columns != previous:
                changes.append((values[SEQ], *columns))
                previous = columns
        self.previous = previous

    def problem(self, store: EventStore, after: int, upto: int) -> Problem | None:
        """The first seq where the stored index and the events disagree, if any."""
        stored = store.step_changes(self.campaign, after, upto)
        if stored == self.changes:
            return None
        wrong = min(set(stored).symmetric_difference(self.changes), key=lambda c: c[0])
        if wrong in stored:
            why = "holds a step change the events do not have"
        else:
            why = "misses this event's step change"
        return Problem(
            self.campaign,
            wrong[0],
            f"the step index (step_changes) {why}: a step reference (--at) could find the "
            "wrong event",
        )
