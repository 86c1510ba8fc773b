"""The lookups that lost their index (m003_lean_indexes) still find their rows without a scan
of events, a file of the old schema upgrades and answers them the same, and on random
histories (undo and redo of step starts included) they equal a brute-force reading of the
rows."""

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from sqlite_utils import Database

from ledger.campaign import Campaign, Ledger
from ledger.campaign import _refs as refs
from ledger.campaign import _sessions as sessions
from ledger.errors import NotFound
from ledger.model import META_TYPES, SessionEnded, SessionStarted
from ledger.storage import COLUMNS, MARKED_TYPES, EventStore, Row, migrations, sqlite3
from ledger.storage import _database as database_module
from ledger.verification import verify
from tests.helpers.campaigns import TWO_CYCLES_KEY, play_two_cycles
from tests.helpers.history_model import COMMON, Run, fresh_ledger, operations

NAME = "Lean"
STEP_REFS = [
    f"{ref}{end}"
    for ref in ("city-1", "journey-1", "scenario-4", "city-2", "scenario-4.2", "journey-2")
    for end in ("", ":end")
]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("lean") / "played.db"
    with Ledger.open(path) as ledger:
        play_two_cycles(ledger.create_campaign(NAME))
    return path


def answers(campaign: Campaign) -> dict[str, Any]:
    """Every lookup that used one of the dropped indexes, with its answer."""
    store, name = campaign.store, campaign.name
    found: dict[str, Any] = {ref: refs.resolve(campaign, ref) for ref in STEP_REFS}
    for missing in ("city-4", "scenario-4.3", "scenario-5"):
        with pytest.raises(NotFound) as refused:
            refs.resolve(campaign, missing)
        found[missing] = str(refused.value)
    found["sessions"] = [sessions.session_bounds(campaign, n) for n in (1, 2)]
    found["history"] = [m.seq for m in campaign.history().metas]
    skip = {"skip_types": META_TYPES, "skip_commands": {1, *campaign.history().reverted()}}
    found["commands"] = store.commands(name, **skip, limit=5)
    found["commands among"] = store.commands(name, **skip, among=[2, 4, 5, 6, 99])
    found["last command"] = store.last_command_not_of_types(name, META_TYPES)
    found["idempotent"] = [row.seq for row in store.command(name, TWO_CYCLES_KEY)]
    found["command ends"] = [store.command_end(name, seq) for seq in range(1, 12)]
    return found


def statements(campaign: Campaign, lookups: Callable[[Campaign], object]) -> list[str]:
    """The SQL (parameters filled in) that ``lookups`` ran."""
    ran: list[str] = []
    campaign.store.db.conn.set_trace_callback(ran.append)
    try:
        lookups(campaign)
    finally:
        campaign.store.db.conn.set_trace_callback(None)
    return [sql for sql in ran if re.match(r"\s*(SELECT|WITH)\b", sql, re.IGNORECASE)]


def unbounded_reads(db: Any, sql: str) -> list[str]:
    """Lines of the query plan that read a whole table (a table-valued function aside), or
    all of a campaign's events where the query does not stop at the first rows it finds (by
    ORDER BY seq DESC LIMIT, or the maximum of the key)."""
    plan = [detail for *_, detail in db.execute(f"EXPLAIN QUERY PLAN {sql}").fetchall()]
    stops = re.search(r"ORDER BY seq DESC LIMIT|MAX\(seq\)", sql) is not None
    whole_campaign = r"SEARCH (events|e|a|prev|c) USING PRIMARY KEY \(campaign=\?\)$"
    return [
        line
        for line in plan
        if re.match(r"SCAN (?!CONSTANT ROW)(?!.*VIRTUAL TABLE)", line)
        or (not stops and re.match(whole_campaign, line))
    ]


def test_every_lookup_searches_an_index_or_the_primary_key(played: Path) -> None:
    with Ledger.open(played) as ledger:
        campaign = ledger.campaign(NAME)
        ran = statements(campaign, answers)
        assert len(ran) > 20
        scans = {sql: unbounded_reads(ledger.db, sql) for sql in ran}
    assert {sql: lines for sql, lines in scans.items() if lines} == {}


def test_an_unbounded_read_is_seen(played: Path) -> None:
    with Ledger.open(played) as ledger:
        for where in ("step_number = 2", "campaign = 'Lean' AND step_number = 2"):
            assert unbounded_reads(ledger.db, f"SELECT seq FROM events WHERE {where}") != []


def test_undo_redo_and_session_rows_come_from_the_partial_index(played: Path) -> None:
    with Ledger.open(played) as ledger:
        campaign = ledger.campaign(NAME)
        ran = statements(campaign, lambda c: (c.history(), sessions.session_bounds(c, 1)))
        plans = [line for sql in ran for line in ledger.db.execute(f"EXPLAIN QUERY PLAN {sql}")]
        # The seqs from the index alone (covering), the rows then by the primary key.
        assert any(re.search(r"USING (COVERING )?INDEX events_marked", str(line)) for line in plans)


def test_the_partial_index_holds_only_the_marked_types(played: Path) -> None:
    with Ledger.open(played) as ledger:
        (held,) = ledger.db.execute(
            "SELECT count(*) FROM events INDEXED BY events_marked WHERE campaign = ? AND "
            "type IN ('ledger:undone', 'ledger:redone', 'ledger:session-started', "
            "'ledger:session-ended')",
            [NAME],
        ).fetchone()
        marked = [r for r in ledger.store.rows(NAME) if r.type in MARKED_TYPES]
        assert held == len(marked) == 6
        # Other types (a plugin may ask) are found by reading the campaign.
        joined = ledger.store.rows_of_types(NAME, ["base:hero-joined", "ledger:undone"])
        everything = ledger.store.rows(NAME)
        assert joined == [r for r in everything if r.type in ("base:hero-joined", "ledger:undone")]
        assert len(joined) == 4


def test_the_marked_types_are_the_ledgers_undo_redo_and_session_events() -> None:
    assert {*META_TYPES, SessionStarted.tag(), SessionEnded.tag()} == MARKED_TYPES


def test_the_lookups_answer_as_expected(played: Path) -> None:
    with Ledger.open(played) as ledger:
        found = answers(ledger.campaign(NAME))
        rows = ledger.store.rows(NAME)
    at = {row.seq: row for row in rows}

    def payload(ref: str) -> str:
        return at[found[ref]].type

    assert payload("city-1") == "base:step-started"
    assert at[found["city-1"] + 1].type == "base:damage-taken"
    assert found["city-1:end"] == found["city-1"] + 2  # the damage, as one command
    assert payload("journey-2") == "base:step-started"
    assert at[found["journey-2"] - 1].type == "ledger:undone"  # the start undone is skipped
    assert found["scenario-4.2:end"] > found["scenario-4.2"] > found["scenario-4:end"]
    assert "played 2 time(s)" in found["scenario-4.3"]
    assert "City step 4 (3 so far)" in found["city-4"]
    assert found["idempotent"] == [r.seq for r in rows if r.idempotency_key == TWO_CYCLES_KEY]
    assert found["command ends"][:7] == [1, 2, 3, 4, 5, 7, 7]


def old_schema_copy(played: Path, folder: Path) -> Path:
    """The played campaign's rows in a file of the schema before m003_lean_indexes."""
    path = folder / "old.db"
    db = sqlite3.connect(path)
    migrations.apply(Database(db), stop_before="m003_lean_indexes")
    assert {"events_type", "events_step", "events_command", "events_scenario"} <= {
        name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'index'")
    }
    db.execute("ATTACH DATABASE ? AS played", [str(played)])
    db.execute(f"INSERT INTO events SELECT {', '.join(COLUMNS)} FROM played.events")
    db.execute("INSERT INTO snapshots SELECT * FROM played.snapshots")
    db.commit()
    db.execute("DETACH DATABASE played")
    db.close()
    return path


def test_an_old_file_upgrades_and_answers_the_same(played: Path, tmp_path: Path) -> None:
    old = old_schema_copy(played, tmp_path)
    with Ledger.open(played) as ledger:
        expected = answers(ledger.campaign(NAME))
        changes = ledger.db.execute("SELECT * FROM step_changes ORDER BY seq").fetchall()
    with Ledger.open(old) as ledger:
        indexes = ledger.db.execute("SELECT name FROM sqlite_master WHERE type = 'index'")
        assert "events_step" not in {name for (name,) in indexes}
        assert answers(ledger.campaign(NAME)) == expected
        # What the upgrade found equals what the trigger wrote while recording.
        assert ledger.db.execute("SELECT * FROM step_changes ORDER BY seq").fetchall() == changes
        assert len(changes) > 10


def test_step_changes_are_append_only(played: Path, tmp_path: Path) -> None:
    with Ledger.open(old_schema_copy(played, tmp_path)) as ledger:
        for sql in ("DELETE FROM step_changes", "UPDATE step_changes SET seq = seq + 1"):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                ledger.db.execute(sql)


# Brute force over random histories


def brute_steps(rows: list[Row], reverted: frozenset[int]) -> dict[tuple[Any, ...], list[int]]:
    """(kind, number, scenario): the seqs of the rows in effect in that step."""
    steps: dict[tuple[Any, ...], list[int]] = {}
    for row in rows:
        if row.step_kind and row.type not in META_TYPES and row.command not in reverted:
            steps.setdefault((row.step_kind, row.step_number, row.scenario), []).append(row.seq)
    return steps


def step_bounds(store: EventStore, name: str, kind: str, **options: Any) -> list[Any]:
    """(number, scenario, first seq, last seq) of the steps, as refs.py finds them."""
    starts = store.step_starts(name, kind, **options)
    skip = {key: options[key] for key in ("skip_types", "skip_commands")}
    return [(*start, store.step_end(name, kind, start, **skip)) for start in starts]


def check_against_the_rows(store: EventStore, campaign: Campaign) -> None:
    name = campaign.name
    rows = store.rows(name)
    reverted = campaign.history().reverted()
    skip = {"skip_types": META_TYPES, "skip_commands": reverted}
    steps = brute_steps(rows, reverted)
    for kind in ("city", "journey", "scenario"):
        every = sorted(
            ((n, s, min(seqs), max(seqs)) for (k, n, s), seqs in steps.items() if k == kind),
            key=lambda step: step[2],
        )
        assert step_bounds(store, name, kind, **skip) == every
        for number in range(1, 5):
            expected = [step for step in every if step[0] == number]
            assert step_bounds(store, name, kind, number=number, **skip) == expected
    for scenario in (1, 2, 3):
        plays = [step for step in every if step[1] == scenario]  # every: the scenario steps
        assert step_bounds(store, name, "scenario", scenario=scenario, **skip) == plays
    for row in rows:
        assert store.command_end(name, row.seq) == max(
            r.seq for r in rows if r.command == row.command
        )


@settings(COMMON)
@given(ops=operations)
def test_step_bounds_equal_a_brute_force_reading(ops: list[tuple[Any, ...]]) -> None:
    with fresh_ledger() as ledger:
        run = Run([ledger])
        run.play(ops)
        check_against_the_rows(ledger.store, run.campaign)
        assert verify(ledger) == []  # the step index and what the lookups rely on hold


def test_two_processes_opening_an_old_file_at_once_both_open_it(
    played: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other process applies the upgrade right after this one read what is pending:
    this one asks again under the write lock instead of dropping dropped indexes."""
    old = old_schema_copy(played, tmp_path)
    pending = database_module.pending  # what this process looks at first, before the lock
    raced: list[int] = []

    def then_the_other_process_migrates(db: Any) -> Any:
        found = pending(db)
        this_file = db.execute("PRAGMA database_list").fetchone()[2] == str(old)
        if found and this_file and not raced:
            raced.append(len(found))
            other = Database(sqlite3.connect(old))
            migrations.apply(other)
            other.conn.commit()
            other.close()
        return found

    monkeypatch.setattr(database_module, "pending", then_the_other_process_migrates)
    with Ledger.open(old) as ledger:
        assert raced == [5]  # m003 (and m004 to m007) were pending when this process first looked
        assert len(ledger.db.execute("SELECT * FROM step_changes").fetchall()) > 10
        applied = [m.name for m in migrations.applied(ledger.db.utils())]
        assert applied.count("m003_lean_indexes") == 1
