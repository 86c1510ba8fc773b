"""Random histories checked against an independent reference (model-based testing).

``operations`` (Hypothesis) draws a play log: Heroes joining, the step cycle, stamina, damage,
conditions, items, Stars, multi-event commands, undo of the last N commands, undo of a named
earlier command, redo. ``Run`` records it through one or more handles on a fresh ledger file
(``fresh_ledgers``) and checks every operation against ``Reference``, which reads only the
stored rows (its own replay of the undo/redo payloads, its own fold, its own reading of steps,
its own redo stack); ``Run.check_everything`` ends with refs, a replay of the commands in
effect, every snapshot and ``verify``. tests/history/test_history_properties.py says what each
property asks of it.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, TypeVar

import msgspec
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from ledger.campaign import Campaign, Ledger, Recorded
from ledger.campaign import _refs as refs
from ledger.campaign._snapshot_text import decode as snapshot_state
from ledger.errors import BadInput, LedgerError, NotFound, RuleViolation
from ledger.hosting import Registry, get_plugin_manager
from ledger.model import CampaignState, Event, Item, StepKind, UseEffect
from ledger.storage import Row
from ledger.verification import verify
from ledger_base_game.events import (
    ConditionGained,
    ConditionRemoved,
    DamageHealed,
    DamageTaken,
    HeroJoined,
    ItemDiscarded,
    ItemGained,
    ItemGiven,
    ItemUsed,
    ScenarioEnded,
    StaminaLocked,
    StaminaLost,
    StaminaRestored,
    StaminaSpent,
    StaminaUnlocked,
    StarsGained,
    StarsGiven,
    StarsSpent,
    StatusRemoved,
    StepStarted,
)

T = TypeVar("T")
StepColumns = tuple[str, int, int | None, int | None]  # kind, number, scenario, play
REGISTRY = Registry(get_plugin_manager(allowed={"ledger_base_game"}))
SNAPSHOT_INTERVAL = 3
CAMPAIGN = "Props"
UNDONE, REDONE = "ledger:undone", "ledger:redone"  # spelled out: the reference is independent
NEXT_KIND: dict[str | None, StepKind] = {
    None: "city",
    "city": "journey",
    "journey": "scenario",
    "scenario": "city",
}

HEROES = {"Ava": (2, 3, 4, 3, 6, 3), "Bram": (3, 2, 2, 6, 8, 4), "Cyl": (1, 1, 5, 2, 5, 2)}
CONDITIONS = {"Blessed": 2, "Bleeding": 3, "Slowed": 4, "Weakened": 5}
ITEMS = {
    "Star Lotus token": Item(name="Star Lotus token", token=True, use=UseEffect(heal=2)),
    "Blightcap token": Item(name="Blightcap token", token=True, use=UseEffect(restore=2)),
    "Sealed Letter": Item(name="Sealed Letter", quest=True),
    "Rope": Item(name="Rope", number=7),
}
SOURCES = ("passive", "Shield")
SCENARIOS = (1, 2, 3)

COMMON = settings(
    deadline=None,
    database=None,  # leave no .hypothesis folder behind; reproductions are in @example
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


# ---------------------------------------------------------------------------------------------
# Operations: small tuples, so a shrunk failing history reads like a play log.

hero = st.sampled_from(sorted(HEROES))
amount = st.integers(min_value=1, max_value=4)
advance = st.tuples(st.just("advance"), st.sampled_from(SCENARIOS))  # next step of the cycle
hero_op = st.one_of(
    st.tuples(st.sampled_from(["spend", "lose", "restore", "damage", "heal"]), hero, amount),
    st.tuples(st.just("lock"), hero, amount, st.sampled_from(SOURCES)),
    st.tuples(st.just("unlock"), hero, st.sampled_from(SOURCES)),
    st.tuples(st.just("unstatus"), hero, st.sampled_from(["wounded", "exhausted"])),
    st.tuples(st.sampled_from(["cond+", "cond-"]), hero, st.sampled_from(sorted(CONDITIONS))),
    st.tuples(st.sampled_from(["item+", "discard", "use"]), hero, st.sampled_from(sorted(ITEMS))),
    st.tuples(st.just("give"), hero, st.sampled_from(sorted(ITEMS)), hero),
    st.tuples(st.sampled_from(["stars+", "stars-"]), hero, amount),
    st.tuples(st.just("stars>"), hero, amount, hero),
)
rare_op = st.one_of(  # mostly refused: a Hero twice, a step out of the cycle, a stray end
    st.tuples(st.just("join"), hero),
    st.tuples(
        st.just("step"),
        st.sampled_from(["city", "journey", "scenario"]),
        st.sampled_from(SCENARIOS),
    ),
    st.tuples(st.just("end")),
)
event_op = st.one_of(advance, hero_op, hero_op, rare_op)
batch_op = st.one_of(  # mostly legal, so that multi-event commands get recorded
    advance,
    st.tuples(st.sampled_from(["spend", "damage", "restore", "stars+"]), hero, amount),
    st.tuples(st.just("item+"), hero, st.sampled_from(sorted(ITEMS))),
    st.tuples(st.just("cond+"), hero, st.sampled_from(sorted(CONDITIONS))),
    hero_op,
)
command_op = st.one_of(
    event_op,
    event_op,
    advance,
    st.tuples(st.just("batch"), st.lists(batch_op, min_size=2, max_size=3).map(tuple)),
)
count = st.sampled_from([1, 1, 1, 2, 2, 3, 0])  # 0 is always refused
undo_op = st.one_of(
    st.tuples(st.just("undo"), count),
    st.tuples(st.just("undo#"), st.integers(min_value=0, max_value=40)),  # index into commands
)
history_op = st.one_of(undo_op, st.tuples(st.just("redo"), count))
burst = st.builds(lambda first, rest: (first, *rest), undo_op, st.lists(history_op, max_size=3))
bursts = st.integers(0, 3).flatmap(lambda n: burst if n == 3 else st.just(()))  # after a command
# Which of two ledger handles records each operation (cycled; [] is always the first).
lanes = st.lists(st.integers(min_value=0, max_value=1), max_size=6)
# Some Heroes join first (as separate commands, so they can be undone too), then anything.
operations = st.builds(
    lambda joined, body: [("join", name) for name in joined] + body,
    st.lists(hero, min_size=2, max_size=3, unique=True),
    st.lists(  # single commands, and bursts of undo/redo so that redo has something to do
        st.builds(lambda op, history: [op, *history], command_op, bursts),
        min_size=8,
        max_size=25,
    ).map(lambda chunks: [op for chunk in chunks for op in chunk]),
)


def make_event(op: tuple[Any, ...], state: CampaignState) -> Event:
    kind = op[0]
    if kind == "join":
        might, agility, will, taunt, chips, wounded = HEROES[op[1]]
        return HeroJoined(
            hero=op[1],
            might=might,
            agility=agility,
            will=will,
            taunt=taunt,
            chips=chips,
            wounded_chips=wounded,
        )
    if kind == "advance":
        step = state.step
        if step is not None and step.kind == "scenario" and not step.ended:
            return ScenarioEnded(outcome=f"S{step.scenario}")
        next_kind = NEXT_KIND[step.kind if step else None]
        return StepStarted(kind=next_kind, scenario=op[1] if next_kind == "scenario" else None)
    if kind == "step":
        return StepStarted(kind=op[1], scenario=op[2] if op[1] == "scenario" else None)
    if kind == "end":
        return ScenarioEnded()
    simple = {
        "spend": StaminaSpent,
        "lose": StaminaLost,
        "restore": StaminaRestored,
        "damage": DamageTaken,
        "heal": DamageHealed,
        "stars+": StarsGained,
        "stars-": StarsSpent,
    }
    if kind in simple:
        return simple[kind](hero=op[1], amount=op[2])
    if kind == "lock":
        return StaminaLocked(hero=op[1], amount=op[2], source=op[3])
    if kind == "unlock":
        return StaminaUnlocked(hero=op[1], source=op[2])
    if kind == "unstatus":
        return StatusRemoved(hero=op[1], status=op[2])
    if kind == "cond+":
        return ConditionGained(hero=op[1], condition=op[2], number=CONDITIONS[op[2]])
    if kind == "cond-":
        return ConditionRemoved(hero=op[1], condition=op[2])
    if kind == "item+":
        return ItemGained(hero=op[1], item=ITEMS[op[2]])
    if kind == "discard":
        return ItemDiscarded(hero=op[1], item=op[2])
    if kind == "use":
        return ItemUsed(hero=op[1], item=op[2])
    if kind == "give":
        return ItemGiven(hero=op[1], item=op[2], to=op[3])
    if kind == "stars>":
        return StarsGiven(hero=op[1], amount=op[2], to=op[3])
    raise AssertionError(f"unknown operation {op!r}")


def make_events(op: tuple[Any, ...], state: CampaignState) -> list[Event]:
    """The events of one command; in a batch, later events see the state the earlier make."""
    if op[0] != "batch":
        return [make_event(op, state)]
    events = []
    for sub in op[1]:
        event = make_event(sub, state)
        events.append(event)
        with suppress(LedgerError):  # the command will be refused whole; build it anyway
            state = event.apply(state)
    return events


def apply_all(state: CampaignState, events: Sequence[Event]) -> CampaignState:
    for event in events:
        state = event.apply(state)
    return state


def attempt(call: Callable[[], T]) -> tuple[T | None, LedgerError | None]:
    """The result of a ledger call, or the LedgerError it was refused with (traceback and all,
    as a program that logs or keeps its errors would hold it)."""
    try:
        return call(), None
    except LedgerError as error:
        return None, error


# ---------------------------------------------------------------------------------------------
# The reference implementation: stored rows in, state and steps out. Uses no ledger module but
# the event types (whose `apply` is the rule) and the registry's decoder.


class Reference:
    def __init__(self, ledger: Ledger, name: str = CAMPAIGN) -> None:
        self.rows: list[Row] = list(ledger.store.rows(name))
        self.reverted = reverted_set(self.rows)
        self.domain_commands = sorted(
            {r.command for r in self.rows if r.type not in (UNDONE, REDONE) and r.command > 1}
        )
        self.in_effect = [c for c in self.domain_commands if c not in self.reverted]
        self.states: dict[int, CampaignState] = {}
        self.steps: dict[int, StepColumns | None] = {}  # effective rows: the step they fall in
        state = CampaignState()
        for row in self.rows:
            if self.effective(row):
                state = REGISTRY.decoder.decode(row.payload).apply(state)
                step = state.step
                self.steps[row.seq] = (
                    (step.kind, step.number, step.scenario, step.play) if step else None
                )
            self.states[row.seq] = state
        self.head = state

    def effective(self, row: Row, reverted: frozenset[int] | None = None) -> bool:
        reverted = self.reverted if reverted is None else reverted
        return row.type not in (UNDONE, REDONE) and row.command not in reverted

    def legal_without(self, reverted: frozenset[int]) -> bool:
        """Would the history with these commands reverted replay, each event in its step?"""
        state = CampaignState()
        for row in self.rows:
            if not self.effective(row, reverted):
                continue
            try:
                state = REGISTRY.decoder.decode(row.payload).apply(state)
            except LedgerError:
                return False
            step = state.step
            columns = (step.kind, step.number, step.scenario) if step else (None, None, None)
            if columns != (row.step_kind, row.step_number, row.scenario):
                return False
        return True

    def step_refs(self) -> tuple[dict[str, int], list[str]]:
        """Every step reference that exists with the seq it names, and some that do not."""
        seqs: dict[tuple[Any, ...], list[int]] = {}
        for seq, step in self.steps.items():
            if step is None:
                continue
            kind, number, scenario, play = step
            key: tuple[Any, ...] = (
                ("scenario", scenario, play) if kind == "scenario" else (kind, number)
            )
            seqs.setdefault(key, []).append(seq)
        expected: dict[str, int] = {}
        for key, found in seqs.items():
            if key[0] == "scenario":
                names = [f"scenario-{key[1]}.{key[2]}"] + ([f"scenario-{key[1]}"] * (key[2] == 1))
            else:
                names = [f"{key[0]}-{key[1]}"]
            # A step begins after the whole command that started it, within the step.
            command = next(r.command for r in self.rows if r.seq == min(found))
            begun = max(r.seq for r in self.rows if r.command == command)
            for name in names:
                expected[name] = min(begun, max(found))
                expected[f"{name}:end"] = max(found)
        missing = []
        for kind in ("city", "journey"):
            numbers = [k[1] for k in seqs if k[0] == kind]
            missing.append(f"{kind}-{max(numbers, default=0) + 1}")
        for scenario in SCENARIOS:
            plays = [k[2] for k in seqs if k[0] == "scenario" and k[1] == scenario]
            missing.append(f"scenario-{scenario}.{max(plays, default=0) + 1}")
            if not plays:
                missing += [f"scenario-{scenario}", f"scenario-{scenario}:end"]
        return expected, missing


def reverted_set(rows: Sequence[Row]) -> frozenset[int]:
    reverted: set[int] = set()
    for row in rows:
        if row.type == UNDONE:
            reverted |= set(json.loads(row.payload)["commands"])
        elif row.type == REDONE:
            reverted -= set(json.loads(row.payload)["commands"])
    return frozenset(reverted)


def without_name(state: CampaignState) -> CampaignState:
    return msgspec.structs.replace(state, name="")


@contextmanager
def fresh_ledgers(count: int) -> Iterator[list[Ledger]]:
    """``count`` handles on one new ledger file, as separate CLI invocations would open it."""
    with tempfile.TemporaryDirectory() as folder:
        ledgers: list[Ledger] = []
        try:
            for _ in range(count):
                ledger = Ledger.open(
                    Path(folder) / "props.db", REGISTRY, snapshot_interval=SNAPSHOT_INTERVAL
                )
                ledger.db.execute("PRAGMA synchronous = OFF")  # speed only
                ledgers.append(ledger)
            yield ledgers
        finally:
            for ledger in ledgers:
                ledger.close()


@contextmanager
def fresh_ledger() -> Iterator[Ledger]:
    with fresh_ledgers(1) as (ledger,):
        yield ledger


# ---------------------------------------------------------------------------------------------
# Running a history, checking each step against the reference.


class Run:
    """Plays operations on one campaign, checking each against the reference. ``lanes`` says
    which ledger handle records each operation (cycled), as if from separate invocations."""

    def __init__(self, ledgers: Sequence[Ledger], lanes: Sequence[int] = ()) -> None:
        self.refusals: list[LedgerError] = []  # kept with their tracebacks, as a log would
        self.ledger = ledgers[0]
        self.ledger.create_campaign(CAMPAIGN)
        self.campaigns = [ledger.campaign(CAMPAIGN) for ledger in ledgers]
        self.campaign: Campaign = self.campaigns[0]
        self.lanes = lanes
        self.redo_stack: list[int] = []  # the test's own model: undone commands, next one last

    def play(self, ops: Sequence[tuple[Any, ...]]) -> None:
        for index, op in enumerate(ops):
            lane = self.lanes[index % len(self.lanes)] if self.lanes else 0
            self.campaign = self.campaigns[lane % len(self.campaigns)]
            self.step(op)
        self.campaign = self.campaigns[0]

    def step(self, op: tuple[Any, ...]) -> None:
        ref = Reference(self.ledger)
        head = self.campaign.head().seq
        if op[0] in ("undo", "undo#", "redo"):
            recorded = self.history_step(op, ref, head)
        else:
            events = make_events(op, ref.head)
            expected, _ = attempt(
                lambda: apply_all(ref.head, events)
            )  # None: must be refused whole
            recorded, error = self.refused(attempt(lambda: self.campaign.record(events)))
            if recorded is None:
                assert expected is None, f"{op} refused although legal: {error}"
                assert self.campaign.head().seq == head, f"{op}: refused but wrote events"
            else:
                assert expected is not None, f"{op} accepted although it breaks a rule"
                assert recorded.before == ref.head
                assert recorded.after == expected
                assert [r.command for r in recorded.rows] == [head + 1] * len(events)
                self.redo_stack.clear()  # a new command empties the redo stack
        after = Reference(self.ledger)
        if recorded is not None:
            assert recorded.after == after.head
        for campaign in self.campaigns:
            assert campaign.state() == after.head, f"head state wrong after {op}"

    def refused(
        self, outcome: tuple[T | None, LedgerError | None]
    ) -> tuple[T | None, LedgerError | None]:
        if outcome[1] is not None:
            self.refusals.append(outcome[1])
        return outcome

    def history_step(self, op: tuple[Any, ...], ref: Reference, head: int) -> Recorded | None:
        kind, number = op
        if kind == "undo":
            chosen = (
                tuple(ref.in_effect[::-1][:number]) if 1 <= number <= len(ref.in_effect) else None
            )
            call = lambda: self.campaign.undo(number)  # noqa: E731
        elif kind == "undo#":
            target = (
                ref.domain_commands[number % len(ref.domain_commands)] if ref.domain_commands else 0
            )
            chosen = (target,) if target in ref.in_effect else None
            call = lambda: self.campaign.undo(commands=[target])  # noqa: E731
        else:
            chosen = (
                tuple(self.redo_stack[::-1][:number])
                if 1 <= number <= len(self.redo_stack)
                else None
            )
            call = lambda: self.campaign.redo(number)  # noqa: E731
        if chosen is not None:
            reverted = ref.reverted - set(chosen) if kind == "redo" else ref.reverted | set(chosen)
            legal = ref.legal_without(frozenset(reverted))
        else:
            legal = False
        recorded, error = self.refused(attempt(call))
        if recorded is None:
            assert self.campaign.head().seq == head, f"{op}: refused but wrote events"
            assert not legal, f"{op} refused although the history stays legal: {error}"
            # A count below 1 is bad input; every other refusal is a rule (docs/playing.md: "refused
            # with the reason"), including an undo that would orphan a later Hero event.
            expected = BadInput if kind != "undo#" and number < 1 else RuleViolation
            assert isinstance(error, expected), f"{op} refused with {error!r}"
            return None
        assert legal, f"{op} accepted although it should be refused ({chosen=})"
        (row,) = recorded.rows
        assert row.type == (REDONE if kind == "redo" else UNDONE)
        assert tuple(json.loads(row.payload)["commands"]) == chosen
        assert recorded.before == ref.head
        if kind == "redo":
            self.redo_stack = [c for c in self.redo_stack if c not in chosen]
        else:
            self.redo_stack.extend(chosen)
        return recorded

    # The final checks -----------------------------------------------------------------------

    def check_everything(self) -> None:
        ledger, campaign = self.ledger, self.campaign
        ref = Reference(ledger)
        head = campaign.head().seq
        assert head == len(ref.rows) == ref.rows[-1].seq

        # 1. Every seq, by number and by "N".
        for seq, expected in ref.states.items():
            assert campaign.state(seq) == expected, f"state at #{seq}"
            assert refs.resolve(campaign, str(seq)) == seq
        assert campaign.state() == ref.head
        assert {e.row.seq for e in campaign.log() if e.reverted} == {
            r.seq for r in ref.rows if r.command in ref.reverted
        }

        # Effective rows sit in the step the corrected fold puts them in.
        for row in ref.rows:
            if ref.effective(row):
                step = ref.steps[row.seq]
                columns = step[:3] if step else (None, None, None)
                assert columns == (row.step_kind, row.step_number, row.scenario), f"#{row.seq}"

        # 1b. Every step reference.
        expected_refs, missing = ref.step_refs()
        for name, seq in expected_refs.items():
            resolved = refs.resolve(campaign, name)
            assert resolved == seq, f"{name} resolved to #{resolved}, expected #{seq}"
            assert campaign.state(resolved) == ref.states[seq], name
        for name in missing:
            with pytest.raises(NotFound):
                refs.resolve(campaign, name)

        # 2. Only the commands in effect, recorded afresh, give the same state.
        replay = ledger.create_campaign("Replay")
        for command in ref.in_effect:
            rows = [r for r in ref.rows if r.command == command]
            recorded = replay.record([REGISTRY.decoder.decode(r.payload) for r in rows])
            for old, new in zip(rows, recorded.rows, strict=True):
                assert (old.step_kind, old.step_number, old.scenario) == (
                    new.step_kind,
                    new.step_number,
                    new.scenario,
                ), f"command #{command} lands in another step when recorded afresh"
        assert without_name(replay.state()) == without_name(campaign.state())
        assert replay.state().heroes == campaign.state().heroes
        assert replay.state().step == campaign.state().step

        # 3. Every snapshot (of both campaigns) equals the reference fold under its revision,
        # and `verify` (hash chains, history, replay, snapshots) finds nothing wrong.
        for name in (CAMPAIGN, "Replay"):
            check_snapshots(ledger, name)
        assert verify(ledger) == []


def check_snapshots(ledger: Ledger, name: str) -> None:
    """A snapshot (seq S, revision R) holds the fold of the events up to S, leaving out the
    commands undone by the undo/redo events up to R."""
    rows = list(ledger.store.rows(name))
    snapshots = ledger.store.all_snapshots(name)
    assert snapshots or len(rows) < SNAPSHOT_INTERVAL
    for snapshot in snapshots:
        assert snapshot.fingerprint == REGISTRY.fingerprint
        reverted = reverted_set([r for r in rows if r.seq <= snapshot.revision])
        state = CampaignState()
        for row in rows:
            if row.seq > snapshot.seq:
                break
            if row.type not in (UNDONE, REDONE) and row.command not in reverted:
                state = REGISTRY.decoder.decode(row.payload).apply(state)
        stored = snapshot_state(snapshot.state)  # the stored text, packed or not
        assert stored == state, f"{name}: snapshot #{snapshot.seq} (revision {snapshot.revision})"


def run_history(ops: Sequence[tuple[Any, ...]], lanes: Sequence[int] = ()) -> None:
    with fresh_ledgers(2) as ledgers:
        run = Run(ledgers, lanes)
        run.play(ops)
        run.check_everything()
