"""`export FILE` / `import FILE` through the CLI: a faithful round trip, and every damaged
file refused with exit 1 and nothing written."""

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pluggy
import pytest
from click.testing import CliRunner, Result

from ledger import exchange
from ledger.storage import open_database
from ledger_cli.app import build_cli
from tests.helpers.cli import Invoke
from tests.helpers.files import rows_of

Run = Callable[..., Result]


def snapshot_count(path: Path) -> int:
    if not path.exists():
        return 0
    db = open_database(path, create=False)
    try:
        return int(db.execute("SELECT count(*) FROM snapshots").fetchone()[0])
    finally:
        db.close()


@pytest.fixture
def on(pm: pluggy.PluginManager) -> Callable[[Path], Run]:
    """A CLI runner bound to another ledger file: ``on(target)("import", file)``."""
    cli = build_cli(pm)
    runner = CliRunner()

    def bind(database: Path) -> Run:
        def run(*args: str) -> Result:
            return runner.invoke(cli, ["--database", str(database), *args])

        return run

    return bind


@pytest.fixture
def played(party: Invoke) -> Invoke:
    """The party fixture, then steps, items, conditions, stars, an undo left in place,
    and an undo that was redone: 20 events."""
    for args in [
        ("step", "city"),
        ("item", "gain", "Zuva'Sai", "Star Lotus token"),
        ("stars", "gain", "Torrax", "12"),
        ("stars", "give", "3", "--from", "Torrax", "--to", "Zuva'Sai"),
        ("stamina", "lose", "Zuva'Sai", "1"),
        ("damage", "Zuva'Sai", "2"),
        ("condition", "add", "Zuva'Sai", "Cursed"),
        ("damage", "Torrax", "3"),
        ("undo",),  # Torrax's damage stays undone
        ("step", "journey"),
        ("item", "gain", "Torrax", "Sealed Letter", "--quest"),
        ("step", "scenario", "1"),
        ("damage", "Torrax", "4"),
        ("condition", "add", "Torrax", "Bleeding"),
        ("undo",),
        ("redo",),
    ]:
        party(*args)
    log = json.loads(party("log", "--json").stdout)
    assert len(log) == 19
    assert [e["seq"] for e in log if e["reverted"]] == [11]
    return party


@pytest.fixture
def exported(played: Invoke, tmp_path: Path) -> Path:
    file = tmp_path / "test.ndjson"
    result = played("export", str(file))
    assert "exported 19 events of 'Test'" in result.output
    return file


def views(run: Run) -> dict[str, Any]:
    """Everything a player can read of the campaign, as JSON."""
    shown: dict[str, Any] = {}
    for name in ("Zuva'Sai", "Torrax"):
        result = run("hero", "show", name, "--json")
        assert result.exit_code == 0, result.output
        shown[name] = json.loads(result.stdout)
    for at in [None, "5", "city-1", "city-1:end", "journey-1", "scenario-1", "13"]:
        args = ("party", "show", "--json") + (("--at", at) if at else ())
        result = run(*args)
        assert result.exit_code == 0, result.output
        shown[f"party@{at}"] = json.loads(result.stdout)
    result = run("log", "--json")
    assert result.exit_code == 0, result.output
    shown["log"] = json.loads(result.stdout)
    return shown


# The round trip


def test_round_trip_into_a_fresh_database(
    exported: Path,
    invoke: Invoke,
    db_path: Path,
    tmp_path: Path,
    on: Callable[[Path], Run],
) -> None:
    target = tmp_path / "fresh.db"
    into = on(target)
    result = into("import", str(exported))
    assert result.exit_code == 0, result.output
    assert "imported 19 events of 'Test'" in result.output

    original = rows_of(db_path)
    imported = rows_of(target)
    assert len(imported) == 19
    assert imported == original  # every column, recorded_at and hashes included
    assert views(into) == views(invoke)

    checked = into("verify")
    assert checked.exit_code == 0, checked.output
    assert snapshot_count(target) >= 1  # the import caches the folded head

    # The imported campaign goes on being usable, with a chain continuing the original.
    assert into("damage", "Torrax", "1").exit_code == 0
    assert rows_of(target)[-1]["prev_hash"] == original[-1]["hash"]
    assert into("verify").exit_code == 0


def test_export_is_a_manifest_then_one_line_per_event(exported: Path, db_path: Path) -> None:
    lines = exported.read_text(encoding="utf-8").splitlines()
    manifest = json.loads(lines[0])
    stored = rows_of(db_path)
    assert manifest["format"] == "campaign-ledger/1"
    assert manifest["campaign"] == "Test"
    assert manifest["events"] == len(lines) - 1 == len(stored)
    assert manifest["head_hash"] == stored[-1]["hash"]
    assert [json.loads(line) for line in lines[1:]] == stored


def test_round_trip_into_a_database_holding_another_campaign(
    exported: Path, db_path: Path, tmp_path: Path, on: Callable[[Path], Run]
) -> None:
    target = tmp_path / "other.db"
    into = on(target)
    assert into("campaign", "new", "Other").exit_code == 0
    assert into("import", str(exported)).exit_code == 0
    stored = rows_of(target)
    assert [r for r in stored if r["campaign"] == "Test"] == rows_of(db_path)
    assert len([r for r in stored if r["campaign"] == "Other"]) == 1
    assert into("verify").exit_code == 0
    listed = into("campaign", "list", "--json")
    assert json.loads(listed.stdout) == ["Other", "Test"]


def test_exported_file_imports_again_after_a_round_trip(
    exported: Path, tmp_path: Path, on: Callable[[Path], Run]
) -> None:
    first, second = tmp_path / "first.db", tmp_path / "second.db"
    assert on(first)("import", str(exported)).exit_code == 0
    again = tmp_path / "again.ndjson"
    assert on(first)("export", str(again)).exit_code == 0
    assert again.read_bytes() == exported.read_bytes()
    assert on(second)("import", str(again)).exit_code == 0
    assert rows_of(second) == rows_of(first)


# Damaged files are refused


def lines_of(file: Path) -> list[str]:
    return file.read_text(encoding="utf-8").splitlines(keepends=True)


def change_payload_byte(lines: list[str]) -> list[str]:
    """One byte of one event's payload: Torrax's 12 stars (event #6) become 13."""
    (index,) = [i for i, line in enumerate(lines) if '\\"amount\\":12' in line]
    assert json.loads(lines[index])["seq"] == 6
    changed = lines[index].replace('\\"amount\\":12', '\\"amount\\":13')
    assert sum(a != b for a, b in zip(changed, lines[index], strict=True)) == 1
    return [*lines[:index], changed, *lines[index + 1 :]]


def edit_manifest(lines: list[str], **changes: Any) -> list[str]:
    manifest = json.loads(lines[0])
    manifest.update(changes)
    return [json.dumps(manifest, separators=(",", ":")) + "\n", *lines[1:]]


def edit_head_hash(lines: list[str]) -> list[str]:
    head = json.loads(lines[0])["head_hash"]
    flipped = head[:-1] + ("0" if head[-1] != "0" else "1")
    return edit_manifest(lines, head_hash=flipped)


DAMAGE: dict[str, Callable[[list[str]], list[str]]] = {
    "payload byte changed": change_payload_byte,
    "truncated (last line removed)": lambda lines: lines[:-1],
    "line removed from the middle": lambda lines: lines[:8] + lines[9:],
    "manifest head_hash edited": edit_head_hash,
    "malformed JSON line": lambda lines: [*lines[:5], lines[5][:40] + "\n", *lines[6:]],
    "unknown format": lambda lines: edit_manifest(lines, format="campaign-ledger/99"),
    # Beyond the brief: more ways a file gets damaged.
    "two lines swapped": lambda lines: [*lines[:4], lines[5], lines[4], *lines[6:]],
    "a line duplicated": lambda lines: [*lines[:8], lines[8], *lines[8:]],
    "manifest count edited": lambda lines: edit_manifest(lines, events=18),
    "manifest line missing": lambda lines: lines[1:],
    "empty file": lambda lines: [],
    "cut in the middle of the last line": lambda lines: [*lines[:-1], lines[-1][:100]],
}


@pytest.fixture(params=["fresh", "holding another campaign"])
def target(request: pytest.FixtureRequest, tmp_path: Path, on: Callable[[Path], Run]) -> Path:
    path = tmp_path / "target.db"
    if request.param != "fresh":
        assert on(path)("campaign", "new", "Other").exit_code == 0
    return path


@pytest.mark.parametrize("page", [exchange.PAGE, 4], ids=["one page", "pages of 4"])
@pytest.mark.parametrize("damage", list(DAMAGE))
def test_import_refuses_a_damaged_file(
    exported: Path,
    target: Path,
    tmp_path: Path,
    on: Callable[[Path], Run],
    damage: str,
    page: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # In pages of 4, rows are written (without a savepoint of their own: the import's
    # transaction is all or nothing) before a damage further on is found. Each file is read
    # here between the writes, then on a second thread while they are written: the same
    # refusal either way.
    monkeypatch.setattr(exchange, "PAGE", page)
    damaged = tmp_path / "damaged.ndjson"
    original = lines_of(exported)
    changed = DAMAGE[damage](original)
    assert changed != original
    damaged.write_text("".join(changed), encoding="utf-8")
    before, snapshots = rows_of(target), snapshot_count(target)
    files = sorted(path.name for path in tmp_path.iterdir())

    outputs = set()
    for second_thread in (False, True):
        monkeypatch.setattr(exchange, "_second_cpu", lambda: second_thread)  # noqa: B023
        result = on(target)("import", str(damaged))

        assert result.exit_code == 1, result.output
        assert "Error:" in result.output
        assert "Traceback" not in result.output
        if "target.db" not in files:  # a fresh target: not created, nor its -wal and -shm
            assert sorted(path.name for path in tmp_path.iterdir()) == files
        assert rows_of(target) == before  # none for a fresh database
        assert snapshot_count(target) == snapshots
        assert "Test" not in json.loads(on(target)("campaign", "list", "--json").stdout or "[]")
        outputs.add(result.output)
    assert len(outputs) == 1


def test_refusals_say_what_is_wrong(
    exported: Path, tmp_path: Path, on: Callable[[Path], Run]
) -> None:
    into = on(tmp_path / "target.db")
    damaged = tmp_path / "damaged.ndjson"
    expected = {
        "payload byte changed": "event #6",
        "truncated (last line removed)": "truncated or altered",
        "manifest head_hash edited": "truncated or altered",
        "malformed JSON line": "line 6",
        "unknown format": "campaign-ledger/99",
    }
    for damage, message in expected.items():
        damaged.write_text("".join(DAMAGE[damage](lines_of(exported))), encoding="utf-8")
        result = into("import", str(damaged))
        assert result.exit_code == 1
        assert message in result.output, (damage, result.output)


def test_import_refuses_a_campaign_name_that_already_exists(
    exported: Path, invoke: Invoke, db_path: Path
) -> None:
    before = rows_of(db_path)
    result = invoke("import", str(exported))
    assert result.exit_code == 1
    assert "already has a campaign named 'Test'" in result.output
    assert rows_of(db_path) == before


def test_import_refuses_an_existing_name_imported_twice(
    exported: Path, tmp_path: Path, on: Callable[[Path], Run]
) -> None:
    into = on(tmp_path / "target.db")
    assert into("import", str(exported)).exit_code == 0
    before = rows_of(tmp_path / "target.db")
    again = into("import", str(exported))
    assert again.exit_code == 1
    assert rows_of(tmp_path / "target.db") == before


def test_import_refuses_a_name_that_differs_only_in_case(
    exported: Path, tmp_path: Path, on: Callable[[Path], Run]
) -> None:
    path = tmp_path / "target.db"
    into = on(path)
    assert into("campaign", "new", "TEST").exit_code == 0
    assert into("campaign", "new", "test").exit_code == 1  # the rule for new campaigns
    before = rows_of(path)
    result = into("import", str(exported))
    assert result.exit_code == 1
    assert rows_of(path) == before


def test_export_keeps_an_existing_file_unless_forced(
    exported: Path, played: Invoke, invoke: Invoke, tmp_path: Path
) -> None:
    kept = tmp_path / "last-week.ndjson"
    kept.write_text("last week's export\n")
    refused = invoke("export", str(kept))
    assert refused.exit_code == 1
    assert f"{kept} already exists; nothing was exported (--force replaces it)" in refused.output
    assert "exported" not in refused.output.replace("nothing was exported", "")
    assert kept.read_text() == "last week's export\n"
    played("export", "--force", str(kept))
    assert kept.read_bytes() == exported.read_bytes()
    assert sorted(path.name for path in tmp_path.iterdir() if "ndjson" in path.name) == [
        "last-week.ndjson",
        "test.ndjson",
    ]  # no temporary file left beside them


def test_export_to_standard_output(exported: Path, played: Invoke) -> None:
    result = played("export", "-")
    assert result.stdout == exported.read_text(encoding="utf-8")
    assert "exported 19 events of 'Test'" in result.stderr


def test_a_refused_import_into_a_new_folder_leaves_nothing(
    exported: Path, tmp_path: Path, on: Callable[[Path], Run]
) -> None:
    damaged = tmp_path / "damaged.ndjson"
    damaged.write_text("".join(lines_of(exported)[:-1]), encoding="utf-8")
    result = on(tmp_path / "new" / "folder" / "target.db")("import", str(damaged))
    assert result.exit_code == 1
    assert "truncated or altered" in result.output
    assert not (tmp_path / "new").exists()
    assert on(tmp_path / "new" / "target.db")("import", str(exported)).exit_code == 0
    assert (tmp_path / "new" / "target.db").exists()
