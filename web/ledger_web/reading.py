"""What the web app reads: the core's JSON views, the very ones the CLI's ``--json`` prints.

Each function takes the worker thread's Service (``Ledgers.read`` gives it) and returns plain
data; a LedgerError (an unknown Hero, a REF that names no point) is the player's to read.
``at`` is what ``--at`` takes (``42``, ``city-2``, ``scenario-5.2:end``); None is now."""

from typing import Any

import msgspec

from ledger.campaign import LogEntry, LogQuery
from ledger.errors import BadInput
from ledger.service import Service
from ledger.views import log_json

MAX_EVENTS = 1000  # events in one answer of ``events_after``
MAX_LOG = 100  # events in one page of ``log``


def party(service: Service, at: str | None = None) -> dict[str, Any]:
    """The party as ``party show --json [--at REF]`` prints it."""
    return service.party(at)


def hero(service: Service, name: str, at: str | None = None) -> dict[str, Any]:
    """A Hero as ``hero show NAME --json [--at REF]`` prints it."""
    return service.hero(name, at)


def head(service: Service) -> dict[str, Any]:
    """The campaign's name and its last event's seq."""
    campaign = service.campaign()
    return {"campaign": campaign.name, "seq": campaign.head().seq}


def events_after(service: Service, after: int = 0, limit: int = MAX_EVENTS) -> dict[str, Any]:
    """The events after seq ``after`` (at most ``limit``), each as ``log --json`` shows it,
    and the head: a client that has seen up to ``after`` catches up from here."""
    if after < 0:
        raise BadInput(f"after must be a seq, 0 or more, not {after}")
    if not 1 <= limit <= MAX_EVENTS:
        raise BadInput(f"limit must be from 1 to {MAX_EVENTS}, not {limit}")
    campaign = service.campaign()
    head_seq = campaign.head().seq
    rows = campaign.store.rows(campaign.name, after=after, upto=min(head_seq, after + limit))
    undone_by = campaign.history_now().undone_by() if rows else {}  # the undo of each undone
    events = []
    for row in rows:
        description = campaign.projector.decode(row).describe()
        by = undone_by.get(row.command)
        entry = LogEntry(row=row, reverted=by is not None, description=description, undone_by=by)
        events.append(log_json(entry))
    return {"campaign": campaign.name, "head": head_seq, "events": events}


def log(service: Service, query: LogQuery, limit: int = MAX_LOG) -> dict[str, Any]:
    """A page of the log (``log --json`` with the same filters): the last ``limit`` events
    before ``query.before`` that the filters keep, in order, and ``next_before``, the cursor
    of the page before this one (None: this is the first). Read through the core's narrow
    reads: as long as the page, whatever the campaign's length."""
    if not 1 <= limit <= MAX_LOG:
        raise BadInput(f"limit must be from 1 to {MAX_LOG}, not {limit}")
    campaign = service.campaign()
    entries = service.entries(msgspec.structs.replace(query, tail=limit + 1))
    more = len(entries) > limit
    entries = entries[-limit:]
    return {
        "campaign": campaign.name,
        "head": campaign.head().seq,
        "events": [log_json(entry) for entry in entries],
        "next_before": entries[0].row.seq if more else None,
    }
