"""A time point means one thing everywhere (issue 21): a fork at REF holds exactly what
`--at REF` shows, the undos and redos recorded at a step's end or after it included, through
the CLI and the Python API alike; a fork that no copy of the history can make is refused."""

from pathlib import Path
from typing import Any

import msgspec
import pytest
from click.testing import Result

from ledger.campaign import Ledger, fork_end, point
from ledger.exchange import fork_campaign
from ledger.hosting import Registry
from ledger.verification import verify
from tests.helpers.cli import Invoke, hero, party_json, refuse
from tests.helpers.party import ZUVA

# A seq, a step's start, step ends with an undo and a redo at them, an undo itself, a play.
REFS = [
    "city-1:end",
    "city-1",
    "5",
    "6",
    "7",
    "journey-1:end",
    "scenario-4",
    "scenario-4.2",
    "scenario-4.2:end",
]


@pytest.fixture
def evening(party: Invoke) -> Invoke:
    """City 1 gains Torrax Stars, undoes them and brings them back at its end; Journey 1
    ends with an undo; scenario 4 is played twice, the second play ending in undo, redo."""
    party("step", "city")  # 4
    party("stars", "gain", "Torrax", "4")  # 5
    party("undo")  # 6: reverts 5
    party("stars", "gain", "Torrax", "1")  # 7
    party("redo", "--command", "5")  # 8: 5 is back, at the step's end
    party("step", "journey")  # 9
    party("damage", "Torrax", "1")  # 10
    party("undo")  # 11: reverts 10
    party("step", "scenario", "4")
    party("scenario", "end", "--outcome", "F1")
    party("step", "city")
    party("step", "journey")
    party("step", "scenario", "4")
    party("stars", "gain", ZUVA, "2")
    party("undo")
    party("redo")
    return party


def in_campaign(run: Invoke, campaign: str) -> Invoke:
    """``run`` on one campaign of the file (``--campaign``): a fork makes it hold two."""

    def chosen(*args: str, input: str | None = None) -> Result:
        return run("--campaign", campaign, *args, input=input)

    return chosen


def views(run: Invoke, *at: str) -> dict[str, Any]:
    """Everything `party show` and `hero show` give, but the campaign's name and the seq."""
    party = party_json(run, *at)
    for varying in ("campaign", "at"):
        party.pop(varying)
    return {"party": party, "heroes": {name: hero(run, name, *at) for name in (ZUVA, "Torrax")}}


@pytest.mark.parametrize("ref", REFS)
def test_a_fork_at_a_point_shows_what_at_shows(evening: Invoke, ref: str) -> None:
    evening("campaign", "fork", "Branch", "--from", "Test", "--at", ref)
    origin, branch = in_campaign(evening, "Test"), in_campaign(evening, "Branch")
    assert views(branch) == views(origin, "--at", ref)


def test_the_redo_at_a_steps_end_is_in_the_fork(evening: Invoke) -> None:
    assert hero(evening, "Torrax", "--at", "city-1:end")["stars"] == 5
    forked = evening("campaign", "fork", "Branch", "--from", "Test", "--at", "city-1:end")
    assert "its events 1 to 8," in forked.output  # the redo, #8, with it
    assert hero(in_campaign(evening, "Branch"), "Torrax")["stars"] == 5


@pytest.mark.parametrize("ref", REFS)
def test_the_api_forks_what_state_at_shows(
    evening: Invoke, db_path: Path, registry: Registry, ref: str
) -> None:
    with Ledger.open(db_path, registry) as ledger:
        origin = ledger.campaign("Test")
        at = point(origin, ref)
        fork = fork_campaign(ledger, "Branch", "Test", ref)
        shown = msgspec.structs.replace(origin.state(ref), name="Branch")
        assert msgspec.to_builtins(fork.state()) == msgspec.to_builtins(shown)
        assert at.earliest <= at.seq <= at.latest
        info = ledger.info("Branch")
        assert info.origin is not None
        assert info.origin.seq == fork_end(origin, at) == fork.head().seq
        assert verify(ledger) == []


def test_a_point_no_copy_can_show_is_refused(party: Invoke, invoke: Invoke, db_path: Path) -> None:
    party("step", "city")  # 4
    party("stars", "gain", "Torrax", "4")  # 5
    party("undo")  # 6: reverts 5
    party("step", "journey")  # 7
    party("damage", "Torrax", "1")  # 8
    party("redo", "--command", "5")  # 9: 5 is back, after the Journey step began
    assert hero(party, "Torrax", "--at", "journey-1")["stars"] == 4
    said = refuse(
        invoke,
        db_path,
        "campaign",
        "fork",
        "B",
        "--from",
        "Test",
        "--at",
        "journey-1",
        says="#9, a redo recorded later, brought back #5",
    )
    assert "fork at 9 or later" in said
    party("campaign", "fork", "B", "--from", "Test", "--at", "9")
    assert hero(in_campaign(party, "B"), "Torrax")["stars"] == 4
