"""Play sessions: an evening of play, from `session start` to `session end` (or now)."""

from collections.abc import Iterator

import msgspec

from ledger.actions import Game
from ledger.campaign._campaign import Campaign
from ledger.campaign._refs import span, step_span
from ledger.campaign._undo_history import History
from ledger.errors import NotFound
from ledger.model import META_TYPES, CampaignState, Event, SessionEnded, SessionStarted
from ledger.storage import Row, row_values


def start_session(game: Game) -> list[Event]:
    """A play session begins; refused while one is open."""
    return [SessionStarted()]


def end_session(game: Game) -> list[Event]:
    """The play session ends; refused when none is open."""
    return [SessionEnded()]


class Moment(msgspec.Struct, frozen=True, kw_only=True):
    """One event of a session with the state around it. A command undone later has no
    effect; an undo or redo shows what it changed when it was recorded."""

    row: Row
    event: Event
    description: str
    reverted: bool
    before: CampaignState
    after: CampaignState


def session_bounds(campaign: Campaign, number: int) -> tuple[int, int]:
    """The first and last seq of session ``number`` (1 for the first), undone starts left out:
    read from the session marks' index (the start by its place among them, the end the next
    end after it), never the campaign."""
    store, name = campaign.store, campaign.name
    undone: list[int] = []  # the rows of the undone commands: a command's rows are consecutive
    for command in sorted(campaign.history_now().reverted()):
        undone.extend(range(command, store.command_end(name, command) + 1))
    start = None
    if number >= 1:
        start = store.marked(name, SessionStarted.tag(), skip_seqs=undone, skip=number - 1)
    if start is None:
        count = store.count_marked(name, SessionStarted.tag(), skip_seqs=undone)
        raise NotFound(f"campaign {name!r} has {count} session(s); there is no session {number}")
    end = store.marked(name, SessionEnded.tag(), skip_seqs=undone, after=start.seq)
    return start.seq, end.seq if end is not None else campaign.head().seq


def session_moments(campaign: Campaign, number: int) -> Iterator[Moment]:
    """Every event of the session with the state before and after it, in order."""
    return moments(campaign, *session_bounds(campaign, number))


def range_moments(
    campaign: Campaign, since: str | None = None, until: str | None = None
) -> Iterator[Moment]:
    """Every event from point ``since`` to point ``until`` (as ``log --since --until`` and
    ``diff since until`` read them) with the state before and after it, in order."""
    return moments(campaign, *span(campaign, since, until))


def step_moments(campaign: Campaign, ref: str) -> Iterator[Moment]:
    """Every event of the step ``ref`` names (``city-2``, ``scenario-5.2``), in order."""
    return moments(campaign, *step_span(campaign, ref))


def moments(campaign: Campaign, first: int, last: int) -> Iterator[Moment]:
    """Every event from seq ``first`` to ``last`` with the state before and after it."""
    history = campaign.history_now()
    reverted = history.reverted()
    state = campaign.state(first - 1) if first > 1 else CampaignState()
    projector = campaign.projector
    for row in campaign.store.rows(campaign.name, after=first - 1, upto=last):
        event = projector.decode(row)
        description = event.describe()
        undone = row.command in reverted
        if row.type in META_TYPES:
            then = History(m for m in history.metas if m.seq < row.seq)
            yield Moment(
                row=row,
                event=event,
                description=description,
                reverted=undone,
                before=projector.state_at(row.seq - 1, then),
                after=projector.state_at(row.seq, then.plus(history.metas[len(then.metas)])),
            )
            continue
        after = state if undone else projector.fold([[row_values(row)]], reverted, state)
        yield Moment(
            row=row,
            event=event,
            description=description,
            reverted=undone,
            before=state,
            after=after,
        )
        state = after
