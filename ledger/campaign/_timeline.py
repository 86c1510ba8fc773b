"""The campaign's points in order, each with the REF that names it: every step's start
(``city-2``, ``scenario-4.2``) and every session's (its first seq), as a timeline shows them.
Undone commands, and the undos and redos themselves, start nothing.

Read from the step index (the rows whose step differs from the row before them: a step's
first row in effect is one, ledger/storage/_step_index.py) and the session marks' index:
as long as the timeline, not the campaign. Every other row in effect has the step of the
one before it, so it would start nothing."""

from typing import TYPE_CHECKING

import msgspec

from ledger.model import META_TYPES, SessionEnded, SessionStarted
from ledger.storage import Row

if TYPE_CHECKING:
    from ledger.campaign._campaign import Campaign


class Point(msgspec.Struct, frozen=True, kw_only=True):
    """A step's start or a session's: the REF that names it, in words, its first seq."""

    ref: str
    label: str
    seq: int
    kind: str  # "city", "journey", "scenario", "session"
    session: int | None = None


def timeline(campaign: "Campaign") -> list[Point]:
    """Every step's start and every session's, in order, each with a REF ``resolve`` takes."""
    points: list[Point] = []
    plays: dict[int, int] = {}
    last: tuple[str | None, int | None] = (None, None)
    sessions = 0
    reverted = campaign.history_now().reverted()
    for row in _candidates(campaign):  # the rows' step columns: nothing decoded
        if row.command in reverted or row.type in META_TYPES:
            continue
        if row.type == SessionStarted.tag():
            sessions += 1
            points.append(
                Point(
                    ref=f"{row.seq}",
                    label=f"session {sessions}",
                    seq=row.seq,
                    kind="session",
                    session=sessions,
                )
            )
            continue
        if row.type == SessionEnded.tag() or row.step_kind is None:
            continue
        here = (row.step_kind, row.step_number)
        if here == last:
            continue
        last = here
        if row.step_kind == "scenario" and row.scenario is not None:
            play = plays[row.scenario] = plays.get(row.scenario, 0) + 1
            suffix = f".{play}" if play > 1 else ""
            ref = f"scenario-{row.scenario}{suffix}"
            label = f"scenario {row.scenario}" + (f", play {play}" if play > 1 else "")
        else:
            ref = f"{row.step_kind}-{row.step_number}"
            label = f"{row.step_kind} {row.step_number}"
        points.append(Point(ref=ref, label=label, seq=row.seq, kind=row.step_kind))
    return points


def _candidates(campaign: "Campaign") -> list[Row]:
    """The rows that can start a point: the step changes and the session starts, in order."""
    rows = {row.seq: row for row in campaign.store.step_change_rows(campaign.name)}
    for row in campaign.store.rows_of_types(campaign.name, [SessionStarted.tag()]):
        rows[row.seq] = row
    return [rows[seq] for seq in sorted(rows)]
