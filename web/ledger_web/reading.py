"""What the web app reads: the same JSON views the CLI's ``--json`` prints.

Each function takes the worker thread's App (``Ledgers.read`` gives it) and returns plain
data; a LedgerError (an unknown Hero, a REF that names no point) is the player's to read.
``at`` is what ``--at`` takes (``42``, ``city-2``, ``scenario-5.2:end``); None is now."""

from typing import Any

from ledger.campaign import LogEntry
from ledger.errors import BadInput
from ledger_cli.helpers import App, output, output_city

MAX_EVENTS = 1000  # events in one answer of ``events_after``


def party(app: App, at: str | None = None) -> dict[str, Any]:
    """The party as ``party show --json [--at REF]`` prints it."""
    seq, state = app.state(at)
    return {**output.party_json(state, seq), **output_city.party_extra_json(state, app.registry)}


def hero(app: App, name: str, at: str | None = None) -> dict[str, Any]:
    """A Hero as ``hero show NAME --json [--at REF]`` prints it."""
    _, state = app.state(at)
    return output.hero_json(state.hero(name), state)


def head(app: App) -> dict[str, Any]:
    """The campaign's name and its last event's seq."""
    campaign = app.campaign()
    return {"campaign": campaign.name, "seq": campaign.head().seq}


def events_after(app: App, after: int = 0, limit: int = MAX_EVENTS) -> dict[str, Any]:
    """The events after seq ``after`` (at most ``limit``), each as ``log --json`` shows it,
    and the head: a client that has seen up to ``after`` catches up from here."""
    if after < 0:
        raise BadInput(f"after must be a seq, 0 or more, not {after}")
    if not 1 <= limit <= MAX_EVENTS:
        raise BadInput(f"limit must be from 1 to {MAX_EVENTS}, not {limit}")
    campaign = app.campaign()
    head_seq = campaign.head().seq
    rows = campaign.store.rows(campaign.name, after=after, upto=min(head_seq, after + limit))
    reverted = campaign.history().reverted() if rows else set()
    events = []
    for row in rows:
        description = campaign.projector.decode(row).describe()
        entry = LogEntry(row=row, reverted=row.command in reverted, description=description)
        events.append(output.log_json(entry))
    return {"campaign": campaign.name, "head": head_seq, "events": events}
