"""Points of a campaign a player can name: ``--at 42``, ``--at city-2``, ``--at scenario-5.2``,
``--at journey-3:end``."""

import re

import msgspec

from ledger.campaign import Campaign
from ledger.errors import BadInput, NotFound
from ledger.event import META_TYPES
from ledger.text import quoted

_STEP_REF = re.compile(r"(city|journey|scenario)-(\d{1,4})(?:\.(\d{1,3}))?(:end)?")
USAGE = "N (after event N), city-N, journey-N, scenario-N or scenario-N.P, each with :end"


class StepRef(msgspec.Struct, frozen=True):
    kind: str
    number: int
    play: int | None
    end: bool


def parse(ref: str) -> int | StepRef:
    text = ref.strip().lower()
    if text.isdigit() and len(text) < 10:
        return int(text)
    match = _STEP_REF.fullmatch(text)
    if match is None:
        raise BadInput(f"cannot read the point {quoted(ref)}; use {USAGE}")
    kind, number, play, end = match.groups()
    if play is not None and kind != "scenario":
        raise BadInput(f"only scenarios are played more than once; {quoted(ref)} has a play number")
    return StepRef(kind, int(number), int(play) if play else None, end is not None)


def resolve(campaign: Campaign, ref: str) -> int:
    """The seq a reference names in the history as it stands (undone commands left out)."""
    parsed = parse(ref)
    if isinstance(parsed, int):
        return parsed
    reverted = campaign.history().reverted()
    rows = [
        row
        for row in campaign.store.rows_in_step(campaign.name, parsed.kind)
        if row.type not in META_TYPES and row.command not in reverted
    ]
    if parsed.kind == "scenario":
        plays = sorted(
            {r.step_number for r in rows if r.scenario == parsed.number and r.step_number}
        )
        wanted = plays[(parsed.play or 1) - 1] if len(plays) >= (parsed.play or 1) else None
        rows = [row for row in rows if row.step_number == wanted]
        what = f"scenario {parsed.number}" + (f" (play {parsed.play})" if parsed.play else "")
        had = f"played {len(plays)} time(s)"
    else:
        had = f"{len({row.step_number for row in rows})} so far"
        rows = [row for row in rows if row.step_number == parsed.number]
        what = f"{parsed.kind.title()} step {parsed.number}"
    if not rows:
        raise NotFound(f"campaign {campaign.name!r} has no {what} ({had})")
    return rows[-1].seq if parsed.end else rows[0].seq
