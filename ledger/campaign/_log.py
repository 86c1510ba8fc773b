"""The log of a campaign, whole or filtered: what ``log`` shows with ``--hero``, ``--type``,
``--step``, ``--since``, ``--until``, ``--session``, ``--undone`` and ``--tail``, for every
face (the CLI, the web app's filters, Python)."""

from collections.abc import Iterable
from typing import TYPE_CHECKING

import msgspec

from ledger.campaign._refs import span, step_span
from ledger.errors import BadInput, LedgerError
from ledger.storage import Row
from ledger.text import name_key, quoted

if TYPE_CHECKING:
    from ledger.campaign._campaign import Campaign


class LogEntry(msgspec.Struct, frozen=True, kw_only=True):
    """One stored event as the log shows it. ``reverted``: its command is undone now, by the
    undo at seq ``undone_by``."""

    row: Row
    reverted: bool
    description: str
    undone_by: int | None = None


class LogQuery(msgspec.Struct, frozen=True, kw_only=True):
    """Which events to list; every filter given must hold (an empty query lists them all).

    ``hero``: events of that Hero (by any spelling ``hero show`` takes), also those that give
    them something. ``types``: event types, as stored (``base:damage-taken``) or without the
    plugin's prefix (``damage-taken``). ``step``: the events of one step (``city-2``,
    ``scenario-5.2``), the command that began it included. ``since``/``until``: points as
    ``--at`` takes them; the events after ``since`` up to ``until`` (``since="40",
    until="42"`` is events 41 and 42, what ``diff 40 42`` compares). ``session``: play session
    N (``since`` the latest event: none, not a refusal; ``until`` before ``since`` is refused).
    ``undone``: only the commands undone now (``redo --command SEQ`` brings them back).
    ``tail``: the last N of what the other filters keep. ``before``: only events before
    this seq (a cursor: a page of the log latest first asks ``tail=100, before=`` the first
    seq of the page before it)."""

    hero: str | None = None
    types: tuple[str, ...] = ()
    step: str | None = None
    since: str | None = None
    until: str | None = None
    session: int | None = None
    undone: bool = False
    tail: int | None = None
    before: int | None = None


def query_log(campaign: "Campaign", query: LogQuery | None = None) -> list[LogEntry]:
    """The campaign's events that ``query`` keeps, in order, undone ones marked.

    Read with SQL through the filter's index (a tail latest first), never by reading or
    describing the whole campaign: only the entries kept are built. Refused with the reason
    (nothing matches is not a refusal, an empty list is): a malformed or unknown point or
    step, an unknown Hero or event type, a tail below 1."""
    query = query or LogQuery()
    if query.tail is not None and query.tail < 1:
        raise BadInput(f"{{tail}} must be 1 or more, not {query.tail}", fields=["tail"])
    if query.before is not None and query.before < 1:
        raise BadInput(
            f"{{before}} must be a seq, 1 or more, not {query.before}", fields=["before"]
        )
    first, last = _window(campaign, query)
    if query.before is not None:
        last = min(last, query.before - 1)
    types = _types(campaign, query.types)
    heroes: set[str] | None = None
    recipients: set[str] = set()
    if query.hero is not None:
        key = name_key(campaign.state().hero(query.hero).name)
        spelled, given = campaign.store.spellings(campaign.name)
        heroes = {name for name in spelled if name_key(name) == key}
        recipients = {name for name in given if name_key(name) == key}
    undone_by = _undone_by(campaign)
    seqs = _undone_seqs(campaign, undone_by, first, last) if query.undone else None
    rows = campaign.store.log_rows(
        campaign.name,
        first,
        last,
        types=types,
        heroes=heroes,
        recipients=recipients,
        seqs=seqs,
        tail=query.tail,
    )
    return [_entry(campaign, row, undone_by.get(row.command)) for row in rows]


def command_log(campaign: "Campaign", command: int) -> list[LogEntry]:
    """Every event of the command whose first event is ``command``, in order (none if no
    command begins there): what a face shows after recording it, read by its seqs alone."""
    first = campaign.store.rows(campaign.name, after=command - 1, upto=command)
    if not first or first[0].command != command:
        return []
    return command_entries(campaign, [command])


def command_entries(campaign: "Campaign", commands: Iterable[int]) -> list[LogEntry]:
    """Every event of the given commands (by their first seq), in order."""
    undone_by = _undone_by(campaign)
    entries = []
    for command in sorted(set(commands)):
        last = campaign.store.command_end(campaign.name, command)
        for row in campaign.store.rows(campaign.name, after=command - 1, upto=last):
            entries.append(_entry(campaign, row, undone_by.get(row.command)))
    return entries


def _undone_by(campaign: "Campaign") -> dict[int, int]:
    """Each command undone now, with its undo: read from the undos and redos alone (their
    index), remembered until the head moves."""
    return campaign.history_now().undone_by()


def _undone_seqs(
    campaign: "Campaign", undone_by: dict[int, int], first: int, last: int
) -> list[int]:
    """The seqs of the undone commands' events in the window: a command's events are
    consecutive from its first, so each is one seek for its end."""
    seqs: list[int] = []
    for command in sorted(undone_by):
        if command > last:
            break
        end = campaign.store.command_end(campaign.name, command)
        seqs.extend(range(max(command, first), min(end, last) + 1))
    return seqs


def _entry(campaign: "Campaign", row: Row, undone_by: int | None) -> LogEntry:
    try:
        description = campaign.projector.decode(row).describe()
    except LedgerError as error:  # a missing plugin: the raw event still shows
        description = f"{row.type} ({error})"
    return LogEntry(
        row=row, reverted=undone_by is not None, description=description, undone_by=undone_by
    )


def _window(campaign: "Campaign", query: LogQuery) -> tuple[int, int]:
    """The seqs every window filter (step, since/until, session) keeps, first and last."""
    from ledger.campaign._sessions import session_bounds

    first, last = 1, campaign.head().seq
    if query.since is not None or query.until is not None:
        first, last = span(campaign, query.since, query.until, empty=True)
    for low, high in (
        step_span(campaign, query.step) if query.step is not None else (first, last),
        session_bounds(campaign, query.session) if query.session is not None else (first, last),
    ):
        first, last = max(first, low), min(last, high)
    return first, last


def _types(campaign: "Campaign", named: Iterable[str]) -> frozenset[str] | None:
    named = list(named)
    if not named:
        return None
    known = set(campaign.registry.event_types)
    short: dict[str, str] = {tag.partition(":")[2]: tag for tag in known}
    chosen = set()
    for name in named:
        text = name.strip().lower()
        tag = text if text in known else short.get(text)
        if tag is None:
            from difflib import get_close_matches  # only for a near miss (start-up)

            close = get_close_matches(text, known if ":" in text else short, n=3, cutoff=0.6)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise BadInput(
                f"no event type {quoted(name)}{hint} (`log --json` shows each event's type)"
            )
        chosen.add(tag)
    return frozenset(chosen)
