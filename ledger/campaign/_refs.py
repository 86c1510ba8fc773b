"""Points of a campaign a player can name: ``--at 42``, ``--at city-2``, ``--at scenario-5.2``,
``--at journey-3:end``."""

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


def resolve(campaign: "Campaign", ref: str) -> int:
    """The seq a reference names in the history as it stands (undone commands left out)."""
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
    return _step(campaign, parsed)


def span(campaign: "Campaign", since: str | None, until: str | None) -> tuple[int, int]:
    """The first and last seq of the events that lead from point ``since`` (default: the
    campaign's start) to point ``until`` (default: now), as ``diff since until`` compares
    them: ``since="40", until="42"`` is events 41 and 42. Refused if ``until`` is not later."""
    head = campaign.head().seq
    after = _point(campaign, since, head) if since is not None else 0
    last = _point(campaign, until, head) if until is not None else head
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
    reverted = campaign.history().reverted()
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
