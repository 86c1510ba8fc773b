"""Points of a campaign a player can name: ``--at 42``, ``--at city-2``, ``--at scenario-5.2``,
``--at journey-3:end``. Every face reads them here (``point``, ``resolve``), the spans of a
step and between two points, and where a fork at one ends, so a point means one thing."""

import re
from typing import TYPE_CHECKING

import msgspec

from ledger.errors import BadInput, NotFound
from ledger.model import META_TYPES
from ledger.text import quoted

if TYPE_CHECKING:
    from ledger.campaign._campaign import Campaign

_STEP_REF = re.compile(r"(city|journey|scenario)-([1-9][0-9]{0,3})(?:\.([1-9][0-9]{0,2}))?(:end)?")
USAGE = "N (after event N), city-N, journey-N, scenario-N or scenario-N.P, each with :end"


Start = tuple[int, int | None, int]  # number, scenario, first seq


class TimePoint(msgspec.Struct, frozen=True, kw_only=True):
    """A point a REF names, as every face reads it: ``seq`` is the event whose state it is
    (the events up to it, undone commands left out, as the history stands now). The rows
    from ``earliest`` to ``latest`` all show that state: those around ``seq`` that are
    undos, redos or commands undone since. A step's rows end at its end's ``latest``; a
    fork copies the history up to the last of them it can hold (``fork_end``)."""

    ref: str
    seq: int
    earliest: int
    latest: int


class StepRef(msgspec.Struct, frozen=True):
    """A step named in a REF (``scenario-5.2:end``): its kind, number, play and whether the
    point is its end."""

    kind: str
    number: int
    play: int | None
    end: bool


def parse(ref: str) -> int | StepRef:
    text = ref.strip().lower()
    if re.fullmatch(r"[0-9]{1,9}", text):
        return int(text)
    match = _STEP_REF.fullmatch(text)
    if match is None:
        raise BadInput(f"cannot read the point {quoted(ref)}; use {USAGE}")
    kind, number, play, end = match.groups()
    if play is not None and kind != "scenario":
        raise BadInput(f"only scenarios are played more than once; {quoted(ref)} has a play number")
    return StepRef(kind, int(number), int(play) if play else None, end is not None)


def point(campaign: "Campaign", ref: str) -> TimePoint:
    """The point ``ref`` names, with the rows that show the same state around it."""
    seq = resolve(campaign, ref)
    reverted = campaign.history_now().reverted()
    return TimePoint(
        ref=ref,
        seq=seq,
        earliest=_in_effect_upto(campaign, seq, reverted),
        latest=_without_effect_after(campaign, seq, reverted),
    )


def resolve(campaign: "Campaign", ref: str) -> int:
    """The seq a reference names in the history as it stands (undone commands left out):
    the ``seq`` of its ``point``, all a view needs."""
    parsed = parse(ref)
    if isinstance(parsed, int):
        return parsed
    first, last = _step(campaign, parsed)
    if parsed.end:
        return last
    # The start is after the whole command that began the step: a City step begins with the
    # level its XP has earned (§9.1), recorded in the same command.
    return min(campaign.store.command_end(campaign.name, first), last)


def step_span(campaign: "Campaign", ref: str) -> tuple[int, int]:
    """The first and last seq of the step ``ref`` names (``city-2``, ``scenario-5.2``), the
    command that began it included; refused for a point that is no step (``42``, ``:end``)."""
    parsed = parse(ref)
    if isinstance(parsed, int) or parsed.end:
        raise BadInput(
            f"{quoted(ref)} is a point, not a step; name a step as city-N, journey-N, "
            "scenario-N or scenario-N.P"
        )
    first, last = _step(campaign, parsed)
    return first, _without_effect_after(campaign, last, campaign.history_now().reverted())


def _without_effect_after(campaign: "Campaign", last: int, reverted: frozenset[int]) -> int:
    """The last seq before the first event in effect after ``last``: the undos, redos and
    undone commands recorded between a step's last event and the next step are its own."""
    while True:
        rows = campaign.store.rows(campaign.name, after=last, upto=last + 256)
        for row in rows:
            if row.type not in META_TYPES and row.command not in reverted:
                return row.seq - 1
        if not rows:
            return last
        last = rows[-1].seq


def _in_effect_upto(campaign: "Campaign", seq: int, reverted: frozenset[int]) -> int:
    """The last event in effect at or before ``seq`` (0 for none): the undos, redos and
    undone commands after it change nothing of the state at ``seq``."""
    while seq > 0:
        rows = campaign.store.rows(campaign.name, after=max(seq - 256, 0), upto=seq)
        for row in reversed(rows):
            if row.type not in META_TYPES and row.command not in reverted:
                return row.seq
        if not rows:
            return seq
        seq = rows[0].seq - 1
    return 0


def settled(campaign: "Campaign", seq: int, reverted: frozenset[int]) -> int:
    """The last event of the last command in effect that ends at or before ``seq`` (0 for
    none): the state at ``seq`` without a command half-applied. A few seeks back from it."""
    last = _in_effect_upto(campaign, seq, reverted)
    if last == 0 or campaign.store.command_end(campaign.name, last) <= seq:
        return last
    command = campaign.store.rows(campaign.name, after=last - 1, upto=last)[0].command
    return _in_effect_upto(campaign, command - 1, reverted)  # ends before this command


def fork_end(campaign: "Campaign", at: TimePoint) -> int:
    """The last row a copy of the history (its rows as recorded, undos and redos in them)
    can end at and show what ``at`` shows: the latest of ``at``'s rows that ends a command
    and after which no undo or redo recorded later changes what those rows hold. Refused
    with the reason if none can."""
    history = campaign.history_now()
    now = history.reverted()
    rows = campaign.store.rows(campaign.name, after=max(at.earliest - 1, 0), upto=at.latest + 1)
    commands = {row.seq: row.command for row in rows}
    for end in range(at.latest, max(at.earliest, 1) - 1, -1):
        if end + 1 in commands and commands[end + 1] == commands.get(end):
            continue  # inside a command
        if history.reverted(upto=end) == {command for command in now if command <= end}:
            return end
    if at.seq + 1 in commands and commands[at.seq + 1] == commands.get(at.seq):
        first = commands[at.seq]
        raise BadInput(
            f"event {at.seq} is in the middle of command #{first}; fork at {first - 1} or "
            f"at the command's last event, {campaign.store.command_end(campaign.name, first)}"
        )
    # ``latest`` ends a command here, so a copy ending there fails only because an undo or
    # redo recorded later changed one of its commands: the first such is named.
    later = next(
        meta
        for meta in history.metas
        if meta.seq > at.latest and min(meta.commands, default=at.latest + 1) <= at.latest
    )
    did = "an undo recorded later, undid" if later.undo else "a redo recorded later, brought back"
    changed = ", ".join(f"#{command}" for command in later.commands if command <= at.latest)
    raise BadInput(
        f"no fork up to {quoted(at.ref)} can show what --at {quoted(at.ref)} shows: "
        f"#{later.seq}, {did} {changed}, and a fork holds the history as it was recorded; "
        f"fork at {later.seq} or later"
    )


def span(
    campaign: "Campaign", since: str | None, until: str | None, *, empty: bool = False
) -> tuple[int, int]:
    """The first and last seq of the events that lead from point ``since`` (default: the
    campaign's start) to point ``until`` (default: now), as ``diff since until`` compares
    them: ``since="40", until="42"`` is events 41 and 42. Refused if ``until`` is not later;
    with ``empty``, only if it is earlier (``since`` now: no event yet, a list to poll)."""
    head = campaign.head().seq
    after = _point(campaign, since, head) if since is not None else 0
    last = _point(campaign, until, head) if until is not None else head
    if empty and last >= after:
        return after + 1, last
    if last <= after and until is None:
        raise BadInput(
            f"{{since}} {quoted(since or '0')} is event {after}, the last: no event comes after it",
            fields=["since"],
        )
    if last <= after:
        raise BadInput(
            f"{{until}} {quoted(until or str(head))} (event {last}) is not after "
            f"{{since}} {quoted(since or '0')} (event {after}): no event lies between them",
            fields=["since", "until"],
        )
    return after + 1, last


def _point(campaign: "Campaign", ref: str, head: int) -> int:
    seq = resolve(campaign, ref)
    if not 1 <= seq <= head:
        raise NotFound(
            f"campaign {campaign.name!r} has events 1 to {head}; there is no event {seq}"
        )
    return seq


def _step(campaign: "Campaign", parsed: StepRef) -> tuple[int, int]:
    """The first seq of the step ``parsed`` names and its last seq."""
    reverted = campaign.history_now().reverted()
    store = campaign.store

    def steps(number: int | None = None, scenario: int | None = None) -> list[Start]:
        return store.step_starts(
            campaign.name,
            parsed.kind,
            number=number,
            scenario=scenario,
            skip_types=META_TYPES,
            skip_commands=reverted,
        )

    if parsed.kind == "scenario":
        plays = steps(scenario=parsed.number)
        play = parsed.play or 1
        found = plays[play - 1] if len(plays) >= play else None
        what = f"scenario {parsed.number}" + (f" (play {parsed.play})" if parsed.play else "")
        had = f"played {len(plays)} time(s)"
    else:
        matches = steps(number=parsed.number)
        found = matches[0] if matches else None
        what = f"{parsed.kind.title()} step {parsed.number}"
        had = "" if found else f"{len(steps())} so far"
    if found is None:
        raise NotFound(f"campaign {campaign.name!r} has no {what} ({had})")
    last = store.step_end(
        campaign.name, parsed.kind, found, skip_types=META_TYPES, skip_commands=reverted
    )
    return found[2], last
