"""The event store's guarantees, proven against the SQLite file itself.

Schema (STRICT, durable pragmas), append-only triggers, tamper detection by `verify`,
one command = one transaction, optimistic concurrency, idempotency keys, the hash chain,
the SQLite version warning, and opening a campaign whose plugin is missing.
"""

import hashlib
import json
import re
import sqlite3 as stdlib_sqlite3
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

import ledger.storage._database
from ledger.campaign import Campaign, Ledger
from ledger.errors import ConflictError, PluginError, RuleViolation
from ledger.hosting import Registry, get_plugin_manager
from ledger.storage import GENESIS, EventStore, Row, content_hash, open_database, warn_if_old_sqlite
from ledger.storage import sqlite3 as ledger_sqlite3
from ledger.verification import Problem, verify
from ledger_base_game.events import (
    ConditionGained,
    DamageTaken,
    HeroJoined,
    StaminaLost,
    StepStarted,
)
from tests.helpers.cli import Invoke
from tests.helpers.files import event_count, rows_of
from tests.helpers.tampering import around_snapshot_triggers, tamper_payload

EVENT_COLUMNS = [
    "campaign",
    "seq",
    "command",
    "type",
    "schema",
    "plugin",
    "plugin_version",
    "recorded_at",
    "step_kind",
    "step_number",
    "scenario",
    "hero",
    "idempotency_key",
    "payload",
    "prev_hash",
    "hash",
]


# Helpers


def joined(hero: str, chips: int = 8, wounded: int = 4) -> HeroJoined:
    return HeroJoined(
        hero=hero, might=2, agility=3, will=4, taunt=3, chips=chips, wounded_chips=wounded
    )


def play(ledger: Ledger, name: str = "Test") -> Campaign:
    """A campaign with 8 events: created, two Heroes, a City step, then four more events."""
    campaign = ledger.create_campaign(name)
    campaign.record([joined("Zuva'Sai")])
    campaign.record([joined("Torrax", chips=10, wounded=5)])
    campaign.record([StepStarted(kind="city")])
    campaign.record([StaminaLost(hero="Zuva'Sai", amount=1)])
    campaign.record([DamageTaken(hero="Torrax", amount=2), DamageTaken(hero="Zuva'Sai", amount=1)])
    campaign.record([ConditionGained(hero="Torrax", condition="Cursed", number=1)])
    assert campaign.head().seq == 8
    return campaign


def snapshots_of(ledger: Ledger) -> list[tuple[Any, ...]]:
    return ledger.db.execute("SELECT * FROM snapshots ORDER BY campaign, seq, revision").fetchall()


@pytest.fixture
def campaign(ledger: Ledger) -> Campaign:
    return play(ledger)


@pytest.fixture
def stdlib_conn(db_path: Path, campaign: Campaign) -> Iterator[stdlib_sqlite3.Connection]:
    """The plain standard-library sqlite3 module on the same file (no sqlite-utils, no
    pysqlite3, default pragmas: recursive_triggers off)."""
    conn = stdlib_sqlite3.connect(db_path)
    try:
        yield conn
    finally:
        conn.rollback()
        conn.close()


# The schema and the connection


def test_events_is_a_strict_table_with_the_envelope_columns(ledger: Ledger) -> None:
    columns = ledger.db.execute("PRAGMA table_info(events)").fetchall()
    assert [c[1] for c in columns] == EVENT_COLUMNS
    types = {c[1]: c[2] for c in columns}
    assert types["seq"] == types["command"] == types["schema"] == "INTEGER"
    assert types["payload"] == types["hash"] == types["prev_hash"] == "TEXT"
    not_null = {c[1] for c in columns if c[3]}
    assert not_null == set(EVENT_COLUMNS) - {
        "step_kind",
        "step_number",
        "scenario",
        "hero",
        "idempotency_key",
    }
    primary_key = sorted((c[5], c[1]) for c in columns if c[5])
    assert primary_key == [(1, "campaign"), (2, "seq")]
    strict = ledger.db.execute(
        "SELECT strict FROM pragma_table_list WHERE name = 'events'"
    ).fetchone()
    assert strict == (1,)
    (sql,) = ledger.db.execute("SELECT sql FROM sqlite_master WHERE name = 'events'").fetchone()
    assert re.search(r"\)\s*STRICT\b", sql)


def test_strict_table_refuses_a_value_of_the_wrong_type(ledger: Ledger, campaign: Campaign) -> None:
    row = [*ledger.db.execute("SELECT * FROM events WHERE seq = 8").fetchone()]
    row[1] = "nine"  # seq is INTEGER: a STRICT table does not coerce or keep text
    with pytest.raises(ledger_sqlite3.IntegrityError, match="cannot store TEXT value"):
        ledger.db.execute(f"INSERT INTO events VALUES ({', '.join('?' * len(row))})", row)
    assert event_count_of(ledger) == 8


def event_count_of(ledger: Ledger) -> int:
    return int(ledger.db.execute("SELECT count(*) FROM events").fetchone()[0])


def test_connection_is_wal_with_synchronous_full(ledger: Ledger) -> None:
    assert ledger.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert ledger.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_reopened_file_is_still_wal_with_synchronous_full(db_path: Path, ledger: Ledger) -> None:
    with Ledger.open(db_path, ledger.registry, create=False) as again:
        assert again.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert again.db.execute("PRAGMA synchronous").fetchone()[0] == 2


# Append-only, enforced by SQLite


RAW_CHANGES = [
    "UPDATE events SET payload = '{}' WHERE seq = 3",
    "UPDATE events SET hash = prev_hash",
    "UPDATE events SET recorded_at = recorded_at",  # even a no-op update
    "DELETE FROM events WHERE seq = 8",
    "DELETE FROM events",
]


@pytest.mark.parametrize("sql", RAW_CHANGES)
def test_update_and_delete_fail_inside_sqlite(
    db_path: Path, ledger: Ledger, campaign: Campaign, sql: str
) -> None:
    before = rows_of(db_path)
    with pytest.raises(ledger_sqlite3.IntegrityError, match="events are append-only"):
        ledger.db.execute(sql)
    assert not ledger.db.conn.in_transaction
    assert rows_of(db_path) == before
    assert verify(ledger) == []


@pytest.mark.parametrize("sql", RAW_CHANGES)
def test_update_and_delete_fail_through_the_stdlib_sqlite3_module(
    db_path: Path, stdlib_conn: stdlib_sqlite3.Connection, sql: str
) -> None:
    before = rows_of(db_path)
    with pytest.raises(stdlib_sqlite3.IntegrityError, match="events are append-only"):
        stdlib_conn.execute(sql)
    stdlib_conn.commit()  # whatever the open transaction holds: nothing
    assert rows_of(db_path) == before


def test_upsert_fires_the_update_trigger(
    db_path: Path, stdlib_conn: stdlib_sqlite3.Connection
) -> None:
    before = rows_of(db_path)
    row = stdlib_conn.execute("SELECT * FROM events WHERE seq = 3").fetchone()
    with pytest.raises(stdlib_sqlite3.IntegrityError, match="events are append-only"):
        stdlib_conn.execute(
            f"INSERT INTO events VALUES ({', '.join('?' * len(row))}) "
            "ON CONFLICT DO UPDATE SET hash = 'forged'",
            row,
        )
    stdlib_conn.commit()
    assert rows_of(db_path) == before


def test_insert_or_replace_through_sqlite_utils_is_refused(
    db_path: Path, ledger: Ledger, campaign: Campaign
) -> None:
    """sqlite-utils turns recursive_triggers on, so REPLACE's implicit delete fires the trigger."""
    before = rows_of(db_path)
    row = [*ledger.db.execute("SELECT * FROM events WHERE seq = 3").fetchone()]
    row[-1] = "forged"
    with pytest.raises(ledger_sqlite3.IntegrityError, match="events are append-only"):
        ledger.db.execute(
            f"INSERT OR REPLACE INTO events VALUES ({', '.join('?' * len(row))})", row
        )
    assert rows_of(db_path) == before


def test_insert_or_replace_through_the_stdlib_sqlite3_module_is_refused(
    db_path: Path, stdlib_conn: stdlib_sqlite3.Connection
) -> None:
    before = rows_of(db_path)
    row = [*stdlib_conn.execute("SELECT * FROM events WHERE seq = 3").fetchone()]
    row[-1] = "forged"
    try:
        stdlib_conn.execute(f"REPLACE INTO events VALUES ({', '.join('?' * len(row))})", row)
        stdlib_conn.commit()
    except stdlib_sqlite3.IntegrityError:
        stdlib_conn.rollback()
    assert rows_of(db_path) == before


# verify: tampering, triggers, snapshots


@pytest.mark.parametrize("seq", [1, 5, 8])
def test_verify_names_the_tampered_event(ledger: Ledger, campaign: Campaign, seq: int) -> None:
    assert verify(ledger) == []
    tamper_payload(ledger, "Test", seq)
    problems = verify(ledger)
    assert len(problems) == 1
    assert problems[0].campaign == "Test"
    assert problems[0].seq == seq
    assert "altered" in problems[0].message


def test_cli_verify_names_the_tampered_event_and_exits_1(ledger: Ledger, invoke: Invoke) -> None:
    play(ledger)
    play(ledger, "Other")  # an intact campaign in the same file is not blamed
    assert invoke("verify").exit_code == 0
    tamper_payload(ledger, "Test", 5)
    result = invoke("verify")
    assert result.exit_code == 1
    assert re.findall(r"event #(\d+)", result.output) == ["5"]
    assert "campaign 'Test', event #5" in result.output
    assert "Other" not in result.output
    as_json = invoke("verify", "--json")
    assert as_json.exit_code == 1
    shown = json.loads(as_json.stdout)
    assert shown["ok"] is False
    assert len(shown["problems"]) == 1
    assert "event #5" in shown["problems"][0]


def test_verify_names_the_first_bad_event_when_two_are_tampered(
    ledger: Ledger, campaign: Campaign
) -> None:
    tamper_payload(ledger, "Test", 7)
    tamper_payload(ledger, "Test", 4)
    problems = verify(ledger)
    assert [(p.campaign, p.seq) for p in problems] == [("Test", 4)]


@pytest.mark.parametrize("trigger", ["events_no_update", "events_no_delete"])
def test_verify_reports_a_missing_trigger(
    ledger: Ledger, campaign: Campaign, invoke: Invoke, trigger: str
) -> None:
    ledger.db.execute(f"DROP TRIGGER {trigger}")
    problems = verify(ledger)
    assert problems == [Problem(None, None, f"the append-only trigger {trigger} is missing")]
    result = invoke("verify")
    assert result.exit_code == 1
    assert f"{trigger} is missing" in result.output


def test_verify_reports_a_corrupted_snapshot(
    ledger: Ledger, campaign: Campaign, invoke: Invoke
) -> None:
    # The fixture ledger takes a snapshot every 5 events.
    stored = ledger.db.execute(
        "SELECT seq, state FROM snapshots WHERE campaign = 'Test' ORDER BY seq"
    ).fetchall()
    assert [seq for seq, _ in stored] == [5]
    state = json.loads(stored[0][1])
    state[0]["heroes"]["Torrax"]["stamina"]["unspent"] += 1
    around_snapshot_triggers(
        ledger.db,
        "UPDATE snapshots SET state = ? WHERE campaign = 'Test' AND seq = 5",
        [msgspec.json.encode(state).decode()],
    )
    problems = verify(ledger)
    assert len(problems) == 1
    assert (problems[0].campaign, problems[0].seq) == ("Test", 5)
    assert "snapshot" in problems[0].message
    result = invoke("verify")
    assert result.exit_code == 1
    assert "event #5" in result.output
    assert "snapshot" in result.output


def test_clean_ledger_verifies(ledger: Ledger, campaign: Campaign, invoke: Invoke) -> None:
    campaign.undo()
    campaign.redo()
    assert verify(ledger) == []
    result = invoke("verify")
    assert result.exit_code == 0, result.output
    assert "ok" in result.output
    shown = json.loads(invoke("verify", "--json").stdout)
    assert shown == {"ok": True, "problems": []}


# One command = one transaction; concurrent writers


def test_command_with_a_later_illegal_event_writes_nothing(
    db_path: Path, ledger: Ledger, campaign: Campaign
) -> None:
    rows, snapshots, state = rows_of(db_path), snapshots_of(ledger), campaign.state()
    legal = joined("Venia")
    illegal = joined("venia")  # legal alone, illegal after the first: same Hero twice
    with pytest.raises(RuleViolation, match="already in this campaign"):
        campaign.record([legal, DamageTaken(hero="Torrax", amount=1), illegal])
    assert rows_of(db_path) == rows
    assert snapshots_of(ledger) == snapshots
    assert campaign.state() == state
    assert campaign.head().seq == 8


def test_store_append_is_all_or_nothing_when_a_later_row_conflicts(
    db_path: Path, ledger: Ledger, campaign: Campaign
) -> None:
    head = campaign.head()
    state = campaign.state()
    fresh = campaign.make_row(
        DamageTaken(hero="Torrax", amount=1), 9, 9, state, head.hash, head.recorded_at
    )
    snapshot = campaign.projector.snapshot(9, 0, state)
    rows, snapshots = rows_of(db_path), snapshots_of(ledger)
    with pytest.raises(ConflictError, match="nothing was written"):
        ledger.store.append([fresh, head], [snapshot])  # head's seq 8 is taken
    assert rows_of(db_path) == rows
    assert snapshots_of(ledger) == snapshots
    assert not ledger.db.conn.in_transaction


def test_store_append_in_a_callers_transaction_takes_a_savepoint_unless_told_not_to(
    db_path: Path, ledger: Ledger, campaign: Campaign
) -> None:
    """A savepoint undoes a failed append alone (a batch line's retry); an import, whose
    whole transaction is rolled back on any failure, writes its pages without one."""
    head, state = campaign.head(), campaign.state()
    fresh = campaign.make_row(
        DamageTaken(hero="Torrax", amount=1), 9, 9, state, head.hash, head.recorded_at
    )
    rows, statements = rows_of(db_path), list[str]()
    ledger.db.conn.set_trace_callback(statements.append)
    try:
        with ledger.write_lock():
            with pytest.raises(ConflictError):
                ledger.store.append([fresh, head])  # head's seq 8 is taken
            assert ledger.store.head("Test") == head  # the savepoint undid fresh alone
            with pytest.raises(ConflictError):
                ledger.store.append([fresh, head], savepoint=False)
            assert ledger.store.head("Test") == fresh  # left for the caller to roll back
            ledger.db.conn.rollback()
    finally:
        ledger.db.conn.set_trace_callback(None)
    assert sum(s.startswith("SAVEPOINT") for s in statements) == 1
    assert rows_of(db_path) == rows


def test_two_ledgers_expected_seq_conflict(
    db_path: Path, ledger: Ledger, campaign: Campaign
) -> None:
    with Ledger.open(db_path, ledger.registry) as other:
        mine, theirs = campaign, other.campaign("Test")
        head = mine.head().seq
        assert theirs.head().seq == head == 8
        theirs.record([DamageTaken(hero="Torrax", amount=1)], expected_seq=head)
        after_theirs = rows_of(db_path)
        with pytest.raises(ConflictError, match="is at event 9, not 8"):
            mine.record([DamageTaken(hero="Zuva'Sai", amount=1)], expected_seq=head)
        assert rows_of(db_path) == after_theirs
        assert len(after_theirs) == 9
        assert after_theirs[-1]["hero"] == "Torrax"
        assert verify(ledger) == []


def test_race_without_expected_seq_hits_unique_campaign_seq(
    db_path: Path, ledger: Ledger, campaign: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other writer appends after this one read the head but before it writes."""
    with Ledger.open(db_path, ledger.registry) as other:
        original = ledger.store.append
        raced = []

        def append_after_the_other_writer(rows: Any, snapshots: Any = ()) -> None:
            assert rows[0].seq == 9  # computed from the head this writer read
            raced.append(other.campaign("Test").record([DamageTaken(hero="Torrax", amount=1)]))
            original(rows, snapshots)

        monkeypatch.setattr(ledger.store, "append", append_after_the_other_writer)
        with pytest.raises(ConflictError, match="changed while this command was being recorded"):
            campaign.record(
                [DamageTaken(hero="Zuva'Sai", amount=1), DamageTaken(hero="Torrax", amount=2)]
            )
        monkeypatch.undo()
        assert raced
        stored = rows_of(db_path)
        assert len(stored) == 9
        assert stored[-1]["hash"] == raced[0].rows[0].hash
        assert campaign.state().hero("Torrax").stamina.wound == 3  # 2 earlier + the other's 1
        assert verify(ledger) == []


def test_race_with_the_same_idempotency_key_conflicts(
    db_path: Path, ledger: Ledger, campaign: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two retries of one command racing: the second insert hits the idempotency index."""
    with Ledger.open(db_path, ledger.registry) as other:
        original = ledger.store.append

        def append_after_the_other_writer(rows: Any, snapshots: Any = ()) -> None:
            other.campaign("Test").record(
                [DamageTaken(hero="Torrax", amount=1)], idempotency_key="k"
            )
            # As if this writer had read the head after the other's append: the seq is free
            # and the row links to the new head, so only the idempotency index can refuse it.
            (row,) = rows
            head = other.store.head("Test")
            assert head is not None
            moved = msgspec.structs.replace(
                row, seq=head.seq + 1, command=head.seq + 1, prev_hash=head.hash
            ).sealed()
            original([moved], snapshots)

        monkeypatch.setattr(ledger.store, "append", append_after_the_other_writer)
        with pytest.raises(ConflictError, match=r"events\.idempotency_key"):
            campaign.record([DamageTaken(hero="Torrax", amount=1)], idempotency_key="k")
        monkeypatch.undo()
        assert len(rows_of(db_path)) == 9


def test_cli_expect_seq(party: Invoke, invoke: Invoke, db_path: Path) -> None:
    assert event_count(db_path) == 3
    refused = invoke("--expect-seq", "2", "damage", "Torrax", "1")
    assert refused.exit_code == 1
    assert "is at event 3, not 2" in refused.output
    assert event_count(db_path) == 3
    party("--expect-seq", "3", "damage", "Torrax", "1")
    assert event_count(db_path) == 4


# Idempotency keys


def test_idempotency_key_records_once(db_path: Path, ledger: Ledger, campaign: Campaign) -> None:
    events = [DamageTaken(hero="Torrax", amount=1), DamageTaken(hero="Zuva'Sai", amount=1)]
    first = campaign.record(events, idempotency_key="k")
    assert not first.replayed
    assert [r.seq for r in first.rows] == [9, 10]
    assert [r.idempotency_key for r in first.rows] == ["k", None]
    stored = rows_of(db_path)
    state = campaign.state()

    retry = campaign.record(events, idempotency_key="k")
    assert retry.replayed
    assert retry.rows == first.rows
    assert retry.events == first.events
    assert retry.before == retry.after == state
    # A retry carrying the head it saw before its first try is still a replay, not a conflict.
    again = campaign.record(events, expected_seq=8, idempotency_key="k")
    assert again.replayed
    assert again.rows == first.rows
    assert rows_of(db_path) == stored
    assert campaign.state() == state
    assert campaign.state().hero("Torrax").stamina.wound == 3  # 2 + 1, once

    other = campaign.record(events, idempotency_key="k2")
    assert not other.replayed
    assert [r.seq for r in other.rows] == [11, 12]


def test_cli_idempotency_key_records_once(party: Invoke, db_path: Path) -> None:
    first = party("--idempotency-key", "k", "damage", "Torrax", "2")
    assert "#4" in first.output
    assert event_count(db_path) == 4
    stored = rows_of(db_path)
    retry = party("--idempotency-key", "k", "damage", "Torrax", "2")
    assert "Already recorded as command #4; nothing written." in retry.output
    as_json = json.loads(party("--idempotency-key", "k", "damage", "Torrax", "2", "--json").stdout)
    assert as_json["replayed"] is True
    assert as_json["events"] == [{"seq": 4, "type": "base:damage-taken", "hero": "Torrax"}]
    assert rows_of(db_path) == stored
    shown = json.loads(party("hero", "show", "Torrax", "--json").stdout)
    assert shown["stamina"]["wound"] == 2


# The hash chain


def expected_hash(row: dict[str, Any]) -> str:
    """Recomputed independently: SHA-256 of the sorted, compact JSON of every other column."""
    envelope = {k: v for k, v in row.items() if k != "hash"}
    text = json.dumps(envelope, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def test_hash_chain(db_path: Path, ledger: Ledger, campaign: Campaign) -> None:
    campaign.undo()
    rows = rows_of(db_path)
    assert [r["seq"] for r in rows] == list(range(1, 10))
    prev = GENESIS
    for row in rows:
        assert row["prev_hash"] == prev
        assert row["hash"] == expected_hash(row)
        assert row["hash"] == content_hash(Row(**row))
        prev = row["hash"]
    assert len({r["hash"] for r in rows}) == len(rows)


def test_prev_hash_is_part_of_the_hash(db_path: Path, campaign: Campaign) -> None:
    row = rows_of(db_path)[3]
    relinked = {**row, "prev_hash": "f" * 64}
    assert expected_hash(relinked) != row["hash"]


def test_two_campaigns_have_independent_chains(
    db_path: Path, ledger: Ledger, invoke: Invoke
) -> None:
    first = ledger.create_campaign("First")
    second = ledger.create_campaign("Second")
    for hero in ("A", "B", "C"):
        first.record([joined(hero)])
        second.record([joined(hero)])
        second.record([DamageTaken(hero=hero, amount=1)])
    rows = rows_of(db_path)
    chains = {name: [r for r in rows if r["campaign"] == name] for name in ("First", "Second")}
    assert [r["seq"] for r in chains["First"]] == list(range(1, 5))
    assert [r["seq"] for r in chains["Second"]] == list(range(1, 8))
    for chain in chains.values():
        prev = GENESIS
        for row in chain:
            assert row["prev_hash"] == prev
            assert row["hash"] == expected_hash(row)
            prev = row["hash"]
    # Same content apart from the campaign name, yet no hash is shared between the chains.
    assert not {r["hash"] for r in chains["First"]} & {r["hash"] for r in chains["Second"]}
    assert verify(ledger) == []
    tamper_payload(ledger, "Second", 3)
    assert [(p.campaign, p.seq) for p in verify(ledger)] == [("Second", 3)]


def test_store_reads_each_campaign_in_order(ledger: Ledger) -> None:
    first = ledger.create_campaign("First")
    second = ledger.create_campaign("Second")
    first.record([joined("A")])
    second.record([joined("B")])
    store = EventStore(ledger.db)
    assert store.campaigns() == ["First", "Second"]
    assert [r.seq for r in store.rows("First")] == [1, 2]
    assert [r.hero for r in store.rows("Second")] == [None, "B"]


# The SQLite version warning


def test_old_sqlite_warns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ledger.storage._database, "_warned", False)
    with pytest.warns(RuntimeWarning, match=r"3\.51\.3") as caught:
        assert warn_if_old_sqlite((3, 40, 1)) is True
    assert len(caught) == 1
    assert "SQLite 3.40.1" in str(caught[0].message)
    with warnings.catch_warnings():  # once per process
        warnings.simplefilter("error")
        assert warn_if_old_sqlite((3, 40, 1)) is True


@pytest.mark.parametrize("version", [(3, 53, 0), (3, 51, 3), (4, 0, 0)])
def test_current_sqlite_does_not_warn(
    monkeypatch: pytest.MonkeyPatch, version: tuple[int, ...]
) -> None:
    monkeypatch.setattr(ledger.storage._database, "_warned", False)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert warn_if_old_sqlite(version) is False
    assert ledger.storage._database._warned is False


def test_the_installed_sqlite_is_current(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(ledger.storage._database, "_warned", False)
    assert ledger.storage._database.sqlite_version() >= (3, 51, 3)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        open_database(tmp_path / "fresh.db").close()


# A campaign whose plugin is not loaded


def test_missing_plugin_refuses_state_but_log_shows_raw_events(
    db_path: Path, ledger: Ledger, campaign: Campaign
) -> None:
    stored = rows_of(db_path)
    bare = Registry(get_plugin_manager(allowed=set()))
    assert "ledger_base_game" not in bare.versions
    with Ledger.open(db_path, bare, create=False) as opened:
        without = opened.campaign("Test")
        with pytest.raises(PluginError, match="ledger_base_game") as error:
            without.state()
        assert "campaign-ledger 0.1.0 is installed but left out by LEDGER_LOAD_PLUGINS" in str(
            error.value
        )
        entries = without.log()
        assert [msgspec.structs.asdict(e.row) for e in entries] == stored
        assert entries[0].description == "Campaign 'Test' created"
        for entry in entries[1:]:
            assert entry.description.startswith(entry.row.type)
            assert "ledger_base_game" in entry.description
    assert rows_of(db_path) == stored


def test_cli_with_no_plugins_refuses_state_but_logs(party: Invoke, db_path: Path) -> None:
    from click.testing import CliRunner

    from ledger_cli.app import build_cli

    cli = build_cli(get_plugin_manager(allowed=set()))
    runner = CliRunner()
    offered = runner.invoke(cli, ["--database", str(db_path), "party", "show"])
    assert offered.exit_code == 2  # the base game's commands come with the base game
    shown = runner.invoke(cli, ["--database", str(db_path), "verify"])
    assert shown.exit_code == 1
    assert "ledger_base_game" in shown.output
    log = runner.invoke(cli, ["--database", str(db_path), "log", "--json"])
    assert log.exit_code == 0, log.output
    entries = json.loads(log.stdout)
    assert [e["type"] for e in entries] == [
        "ledger:campaign-created",
        "base:hero-joined",
        "base:hero-joined",
    ]
    assert entries[1]["payload"]["hero"] == "Zuva'Sai"


def test_the_remembered_head_follows_other_connections_and_rollbacks(
    ledger: Ledger, campaign: Campaign, db_path: Path
) -> None:
    """head() is remembered until the file may have changed: a commit by another connection
    (data_version) or by this one (total_changes); never inside a transaction."""
    store = ledger.store
    first = store.head(campaign.name)
    assert first is not None
    assert store.head(campaign.name) == first  # nothing changed: remembered
    with Ledger.open(db_path) as other:
        other.campaign(campaign.name).record([DamageTaken(hero="Torrax", amount=1)])
    moved = store.head(campaign.name)
    assert moved is not None
    assert moved.seq == first.seq + 1  # another connection's commit is seen
    campaign.record([DamageTaken(hero="Torrax", amount=1)])
    assert store.head(campaign.name).seq == first.seq + 2  # type: ignore[union-attr]
    inside: list[int] = []

    def record_then_fail() -> None:
        with ledger.write_lock():
            campaign.record([DamageTaken(hero="Torrax", amount=1)])
            inside.append(store.head(campaign.name).seq)  # type: ignore[union-attr]
            raise RuntimeError("rolled back")

    with pytest.raises(RuntimeError):
        record_then_fail()
    assert inside == [first.seq + 3]
    assert store.head(campaign.name).seq == first.seq + 2  # type: ignore[union-attr]


def test_a_recorded_command_moves_the_remembered_head_without_asking(
    ledger: Ledger, campaign: Campaign, db_path: Path
) -> None:
    """After this connection's own commit the head is the last row written: no query. Any
    other connection's commit in between makes head() ask the file again."""
    store = ledger.store
    asked: list[str] = []
    store.db.conn.set_trace_callback(asked.append)
    try:
        recorded = campaign.record([DamageTaken(hero="Torrax", amount=1)])
        asked.clear()
        head = store.head(campaign.name)
        assert head == recorded.rows[-1]
        assert not [sql for sql in asked if sql.startswith("SELECT")]
        with Ledger.open(db_path) as other:  # another campaign: our head did not move
            other.create_campaign("Elsewhere")
        asked.clear()
        assert store.head(campaign.name) == recorded.rows[-1]
        assert [sql for sql in asked if sql.startswith("SELECT")]  # but it had to ask
    finally:
        store.db.conn.set_trace_callback(None)
    with Ledger.open(db_path) as fresh:
        assert fresh.store.head(campaign.name) == recorded.rows[-1]
