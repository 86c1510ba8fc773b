"""A ledger file and its campaigns, the application core: create and find campaigns, record
commands, undo and redo them, fold stored events into state (from the best valid snapshot),
name points in time (``city-2``, ``scenario-5.2:end``) and play sessions.

History, for every face (the CLI's ``log``, ``replay``, ``diff``, ``redo --command``; the web
app's filters and comparison):

- ``campaign.log(LogQuery(hero=..., types=..., step=..., since=..., until=..., session=...,
  undone=..., tail=..., before=...))`` (also ``query_log(campaign, query)``): the events a
  filter keeps, each a ``LogEntry`` (``reverted``, ``undone_by``), read through indexes (a
  tail, a page before a cursor: as narrow as the answer); ``command_log(campaign, seq)``:
  the events of the command beginning at ``seq``.
- ``campaign.undo_preview(count, commands)`` and ``campaign.redo_preview(count, commands)``:
  the commands an undo (a redo) would revert (bring back), nothing written;
  ``campaign.redo(commands=[seq, ...])``: bring back any undone command, or an undo's whole set
  by the undo's seq, refused with the reason if the campaign no longer admits it.
- ``point(campaign, ref)``: the one reading of a REF (``42``, ``city-2``, ``scenario-5.2:end``)
  every face uses, a ``TimePoint``: ``seq`` is the state ``--at`` shows (``resolve`` gives it
  alone), ``earliest`` to ``latest`` the rows around it showing that state; ``fork_end``
  where a fork holding exactly that state ends.
- ``timeline(campaign)``: every step's start and session's, each a ``Point`` with its REF;
  ``timeline_since(campaign, kept)`` continues a ``Timeline`` kept from an earlier head.
- ``span(campaign, since, until)`` and ``step_span(campaign, ref)``: the seqs between two
  points or of one step; ``range_moments``, ``step_moments``, ``session_moments``: those
  events with the state around each.
- ``diff_states(campaign.state(a), campaign.state(b))``: a ``StateDiff``, per Hero and for the
  party, with ``lines()`` in words and ``msgspec.to_builtins`` for JSON.
"""

from typing import TYPE_CHECKING

from ledger._facade import lazy_names

_HOMES = {
    "_campaign": "Campaign Clock Recorded utc_now",
    "_diff": "Change HeroDiff StateDiff diff_states step_text",
    "_ledger": "SNAPSHOT_INTERVAL Ledger",
    "_log": "LogEntry LogQuery command_log query_log",
    "_names": "CampaignInfo Origin encode_origin",
    "_projection": "Projector",
    "_refs": "USAGE StepRef TimePoint fork_end point resolve settled span step_span",
    "_retries": "ATTEMPTS retried",
    "_sessions": (
        "Moment end_session moments range_moments session_bounds session_moments start_session "
        "step_moments"
    ),
    "_snapshot_text": "snapshot_state=decode snapshot_text=encode snapshot_matches=matches",
    "_timeline": "Point Timeline timeline timeline_since",
    "_undo_history": "History Meta metas_from_rows",
}

__getattr__, __dir__ = lazy_names(__name__, _HOMES, globals())

if TYPE_CHECKING:
    from ledger.campaign._campaign import Campaign, Clock, Recorded, utc_now
    from ledger.campaign._diff import Change, HeroDiff, StateDiff, diff_states, step_text
    from ledger.campaign._ledger import SNAPSHOT_INTERVAL, Ledger
    from ledger.campaign._log import LogEntry, LogQuery, command_log, query_log
    from ledger.campaign._names import CampaignInfo, Origin, encode_origin
    from ledger.campaign._projection import Projector
    from ledger.campaign._refs import (
        USAGE,
        StepRef,
        TimePoint,
        fork_end,
        point,
        resolve,
        settled,
        span,
        step_span,
    )
    from ledger.campaign._retries import ATTEMPTS, retried
    from ledger.campaign._sessions import (
        Moment,
        end_session,
        moments,
        range_moments,
        session_bounds,
        session_moments,
        start_session,
        step_moments,
    )
    from ledger.campaign._snapshot_text import decode as snapshot_state
    from ledger.campaign._snapshot_text import encode as snapshot_text
    from ledger.campaign._snapshot_text import matches as snapshot_matches
    from ledger.campaign._timeline import Point, Timeline, timeline, timeline_since
    from ledger.campaign._undo_history import History, Meta, metas_from_rows

__all__ = [
    "ATTEMPTS",
    "SNAPSHOT_INTERVAL",
    "USAGE",
    "Campaign",
    "CampaignInfo",
    "Change",
    "Clock",
    "HeroDiff",
    "History",
    "Ledger",
    "LogEntry",
    "LogQuery",
    "Meta",
    "Moment",
    "Origin",
    "Point",
    "Projector",
    "Recorded",
    "StateDiff",
    "StepRef",
    "TimePoint",
    "Timeline",
    "command_log",
    "diff_states",
    "encode_origin",
    "end_session",
    "fork_end",
    "metas_from_rows",
    "moments",
    "point",
    "query_log",
    "range_moments",
    "resolve",
    "retried",
    "session_bounds",
    "session_moments",
    "settled",
    "snapshot_matches",
    "snapshot_state",
    "snapshot_text",
    "span",
    "start_session",
    "step_moments",
    "step_span",
    "step_text",
    "timeline",
    "timeline_since",
    "utc_now",
]
