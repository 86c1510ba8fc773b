"""A ledger file and its campaigns, the application core: create and find campaigns, record
commands, undo and redo them, fold stored events into state (from the best valid snapshot),
name points in time (``city-2``, ``scenario-5.2:end``) and play sessions."""

from ledger.campaign._campaign import Campaign, Clock, LogEntry, Recorded, utc_now
from ledger.campaign._ledger import SNAPSHOT_INTERVAL, Ledger
from ledger.campaign._names import CampaignInfo, Origin, encode_origin
from ledger.campaign._projection import Projector
from ledger.campaign._refs import USAGE, StepRef, resolve
from ledger.campaign._sessions import (
    Moment,
    end_session,
    session_bounds,
    session_moments,
    start_session,
)
from ledger.campaign._undo_history import History, Meta, metas_from_rows

__all__ = [
    "SNAPSHOT_INTERVAL",
    "USAGE",
    "Campaign",
    "CampaignInfo",
    "Clock",
    "History",
    "Ledger",
    "LogEntry",
    "Meta",
    "Moment",
    "Origin",
    "Projector",
    "Recorded",
    "StepRef",
    "encode_origin",
    "end_session",
    "metas_from_rows",
    "resolve",
    "session_bounds",
    "session_moments",
    "start_session",
    "utc_now",
]
