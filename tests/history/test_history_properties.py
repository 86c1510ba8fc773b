"""Property tests for undo/redo history, `--at` references, snapshots and event encoding.

Random histories (Heroes joining, the step cycle, stamina, damage, conditions, items, Stars,
multi-event commands, undo of the last N commands, undo of a named earlier command, redo) are
recorded through two handles on one fresh ledger file with a snapshot every 3 events; every
operation is attempted and refusals are skipped. An independent reference
(tests/helpers/history_model.py) written from the stored rows only (its own replay of the
undo/redo payloads, its own fold, its own reading of steps, its own redo stack) must agree,
after every operation, on the head state, on which commands are refused (exactly those
breaking a rule; undo/redo exactly those that would make a later event illegal or move it to
another step) and with which error; and at the end with:

1. ``Campaign.state(N)`` and ``resolve("N")`` for every event N, and ``resolve(ref)`` for every
   step reference that exists (city-k, journey-k, scenario-s, scenario-s.p, each with and
   without ``:end``), NotFound for the next ones that do not;
2. a second campaign into which only the commands still in effect were recorded;
3. every snapshot row against a fold from scratch under its revision, and ``verify``;
4. every registered event type round-trips through JSON.

Bugs found are kept below as regression tests, each with the shortest reproduction found.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from ledger.campaign import Campaign, Ledger
from ledger.campaign import _refs as refs
from ledger.errors import BadInput, LedgerError, NotFound, RuleViolation
from ledger.model import Step
from ledger.verification import verify
from ledger_base_game.events import StepStarted
from ledger_pytest.contract import event_strategy
from tests.helpers.history_model import (
    CAMPAIGN,
    COMMON,
    REGISTRY,
    Reference,
    Run,
    check_snapshots,
    fresh_ledger,
    fresh_ledgers,
    lanes,
    operations,
    run_history,
)

# ---------------------------------------------------------------------------------------------
# Properties 1-3: random histories with undo and redo.

SHORT_CYCLE = [
    ("join", "Ava"),
    ("join", "Bram"),
    ("advance", 1),
    ("damage", "Ava", 2),
    ("advance", 1),
    ("advance", 2),
    ("stars+", "Bram", 3),
    ("advance", 2),
]


@settings(COMMON)
@given(ops=operations, lanes=lanes)
@example(ops=[*SHORT_CYCLE, ("undo", 2), ("redo", 1), ("undo#", 3), ("redo", 2)], lanes=[0, 1])
@example(
    ops=[*SHORT_CYCLE, ("advance", 1), ("advance", 3), ("undo#", 0), ("undo", 3), ("redo", 3)],
    lanes=[1, 1, 0],
)
@example(
    lanes=[],
    ops=[
        ("join", "Ava"),
        ("batch", (("advance", 1), ("item+", "Ava", "Rope"), ("advance", 1))),
        ("undo", 1),
        ("redo", 1),
        ("batch", (("lose", "Ava", 7), ("heal", "Ava", 2))),
        ("undo#", 1),
    ],
)
def test_random_histories_match_a_fold_from_scratch(
    ops: list[tuple[Any, ...]], lanes: list[int]
) -> None:
    run_history(ops, lanes)


# ---------------------------------------------------------------------------------------------
# Regressions: bugs this file found in earlier revisions of the code (now fixed), each as the
# shortest history Hypothesis found. The random property above covers them too.

# 1. Campaign.undo ran store.commands(), a generator over a live SQLite cursor, before checking
#    the count: a kept BadInput from undo(0) held the cursor, so the handle stayed on an old WAL
#    snapshot (stale head and state, next write "database is locked").
STALE_MINIMAL = [("join", "Ava"), ("undo", 0), ("join", "Bram")]  # lanes [0, 1]


def test_kept_refusal_does_not_leave_a_handle_stale() -> None:
    run_history(STALE_MINIMAL, lanes=[0, 1])


def test_refused_undo_count_does_not_pin_the_connection() -> None:
    with fresh_ledgers(2) as (first, second):
        campaign = first.create_campaign("P")
        campaign.record([StepStarted(kind="city")])
        with pytest.raises(BadInput) as refused:
            campaign.undo(0)
        kept = [refused.value]  # kept, as a log or an error list would keep it
        second.campaign("P").record([StepStarted(kind="journey")])
        assert campaign.head().seq == 3, "the first handle does not see the second's event"
        assert campaign.state().step == Step(kind="journey", number=1)
        campaign.record([StepStarted(kind="scenario", scenario=1)])
        assert kept


# 2. verify replayed the whole history under every old snapshot revision, so a step undone and
#    recorded again "did not replay": a healthy ledger was reported corrupt.
VERIFY_MINIMAL = [("join", "Ava"), ("advance", 1), ("undo", 1), ("advance", 1)]


def test_verify_after_a_step_is_undone_and_recorded_again_minimal() -> None:
    run_history(VERIFY_MINIMAL)


@pytest.mark.parametrize("interval", [3, 100])
def test_verify_after_a_step_is_undone_and_recorded_again(interval: int) -> None:
    """Also with the default interval: the undo's own snapshot is an old revision then."""
    with (
        tempfile.TemporaryDirectory() as folder,
        Ledger.open(Path(folder) / "v.db", REGISTRY, snapshot_interval=interval) as ledger,
    ):
        campaign = ledger.create_campaign("V")
        for _ in range(2):  # city, undo it, city again (twice: two undo revisions)
            campaign.record([StepStarted(kind="city")])
            campaign.undo()
        campaign.record([StepStarted(kind="city")])
        check_snapshots(ledger, "V")
        assert verify(ledger) == []


# 3. refs read play 0 as "no play given", so scenario-1.0 named the first play.
def test_scenario_play_zero_is_not_the_first_play() -> None:
    with fresh_ledger() as ledger:
        Run([ledger]).play([("advance", 1), ("advance", 1), ("advance", 1)])
        campaign = ledger.campaign(CAMPAIGN)
        assert refs.resolve(campaign, "scenario-1") == 4
        with pytest.raises((NotFound, BadInput)):
            refs.resolve(campaign, "scenario-1.0")


# Found by the properties: an undo naming no command was recorded, and verify then
# rejected the ledger.
def test_undo_of_no_commands_is_refused() -> None:
    with fresh_ledger() as ledger:
        campaign = ledger.create_campaign("E")
        campaign.record([StepStarted(kind="city")])
        with pytest.raises((BadInput, RuleViolation)):
            campaign.undo(commands=[])
        assert campaign.head().seq == 2
        assert verify(ledger) == []


@pytest.fixture(scope="module")
def small_campaign() -> Iterator[tuple[Campaign, Reference]]:
    """City, Journey, scenario 1, its end, and an undone damage; shared by every example."""
    with fresh_ledger() as ledger:
        run = Run([ledger])
        run.play([("join", "Ava"), *[("advance", 1)] * 4, ("damage", "Ava", 1), ("undo", 1)])
        yield run.campaign, Reference(ledger)


@settings(COMMON)
@given(
    text=st.one_of(
        st.text(max_size=20),
        st.from_regex(r"(city|journey|scenario|CITY| scenario)-[0-9]{1,5}(\.[0-9]{1,4})?(:end)?"),
        st.from_regex(r"[0-9]{1,12}", fullmatch=True),
    )
)
def test_any_reference_text_is_resolved_or_refused(
    small_campaign: tuple[Campaign, Reference], text: str
) -> None:
    """Whatever a player types after --at names an event, or is refused with a LedgerError."""
    campaign, reference = small_campaign
    try:
        seq = refs.resolve(campaign, text)
        state = campaign.state(seq)
    except LedgerError:
        return
    assert 1 <= seq <= campaign.head().seq
    assert state == reference.states[seq]


# ---------------------------------------------------------------------------------------------
# Property 4: every registered event type round-trips through JSON.


@pytest.mark.parametrize("tag", sorted(REGISTRY.event_types))
@settings(COMMON)
@given(data=st.data())
def test_every_event_type_round_trips_through_json(tag: str, data: st.DataObject) -> None:
    event_type = REGISTRY.event_types[tag][0]
    event = data.draw(event_strategy(event_type))
    encoded = msgspec.json.encode(event)
    decoded = REGISTRY.decoder.decode(encoded)
    assert type(decoded) is event_type
    assert decoded == event
    assert json.loads(encoded)["type"] == tag
