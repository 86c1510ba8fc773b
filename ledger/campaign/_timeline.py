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


class Timeline(msgspec.Struct, kw_only=True):
    """The timeline as of a head (its seq and hash) under an undo history (its revision),
    with what continuing it needs: the plays of each scenario, the last step, the sessions."""

    head: int = 0
    hash: str = ""
    revision: int = 0
    points: list[Point] = msgspec.field(default_factory=list)
    plays: dict[int, int] = msgspec.field(default_factory=dict)
    last: tuple[str | None, int | None] = (None, None)
    sessions: int = 0


def timeline(campaign: "Campaign") -> list[Point]:
    """Every step's start and every session's, in order, each with a REF ``resolve`` takes."""
    return timeline_since(campaign, None).points


def timeline_since(campaign: "Campaign", kept: Timeline | None) -> Timeline:
    """The timeline now, continued from ``kept`` (one of an earlier head) when the history it
    saw is still there and no undo or redo came since: only the rows after it are read. A
    face keeps the answer and passes it back (the web app, after every tap)."""
    head, history = campaign.head(), campaign.history_now()
    if kept is not None and (
        kept.revision != history.revision or kept.head > head.seq or not _holds(campaign, kept)
    ):
        kept = None
    if kept is not None and kept.head == head.seq:
        return kept
    found = Timeline(head=head.seq, hash=head.hash, revision=history.revision)
    if kept is not None:
        found.points, found.plays = list(kept.points), dict(kept.plays)
        found.last, found.sessions = kept.last, kept.sessions
    reverted = history.reverted()
    for row in _candidates(campaign, kept.head if kept else 0, head.seq):
        if row.command not in reverted and row.type not in META_TYPES:
            _add(found, row)
    return found


def _holds(campaign: "Campaign", kept: Timeline) -> bool:
    rows = campaign.store.rows(campaign.name, after=kept.head - 1, upto=kept.head)
    return bool(rows) and rows[0].hash == kept.hash


def _add(found: Timeline, row: Row) -> None:
    """The point ``row`` starts, if any (the rows' step columns: nothing decoded)."""
    if row.type == SessionStarted.tag():
        found.sessions += 1
        found.points.append(
            Point(
                ref=f"{row.seq}",
                label=f"session {found.sessions}",
                seq=row.seq,
                kind="session",
                session=found.sessions,
            )
        )
        return
    if row.type == SessionEnded.tag() or row.step_kind is None:
        return
    here = (row.step_kind, row.step_number)
    if here == found.last:
        return
    found.last = here
    if row.step_kind == "scenario" and row.scenario is not None:
        play = found.plays[row.scenario] = found.plays.get(row.scenario, 0) + 1
        suffix = f".{play}" if play > 1 else ""
        ref = f"scenario-{row.scenario}{suffix}"
        label = f"scenario {row.scenario}" + (f", play {play}" if play > 1 else "")
    else:
        ref = f"{row.step_kind}-{row.step_number}"
        label = f"{row.step_kind} {row.step_number}"
    found.points.append(Point(ref=ref, label=label, seq=row.seq, kind=row.step_kind))


def _candidates(campaign: "Campaign", after: int, upto: int) -> list[Row]:
    """The rows after ``after`` that can start a point: the step changes and the session
    starts, in order (their indexes)."""
    store, name = campaign.store, campaign.name
    rows = {row.seq: row for row in store.step_change_rows(name, after=after)}
    for row in store.log_rows(name, after + 1, upto, types={SessionStarted.tag()}):
        rows[row.seq] = row
    return [rows[seq] for seq in sorted(rows) if seq <= upto]
