"""A campaign recorded before plugins had state of their own and conditions carried rules
(main at d1b1bd6, files in files_before_plugin_state/, made from before.txt): Blessed and
Weakened changed checks, an attack and a reaction, one command was undone. It still opens,
verifies and answers the same, its snapshots (of the code before) are left aside, and the
same commands typed today record rules and answer the same again."""

import json
import shlex
import shutil
from pathlib import Path

import pytest

from ledger.campaign import Ledger
from ledger.hosting import Registry
from ledger.verification import verify
from ledger_pytest.golden import check_golden
from tests.helpers.cli import Invoke

FILES = Path(__file__).parent / "files_before_plugin_state"
ANSWERS = {"party.json": (), "party-at-12.json": ("--at", "12"), "party-at-20.json": ("--at", "20")}


@pytest.fixture
def before(db_path: Path) -> Path:
    shutil.copy(FILES / "before.db", db_path)
    return db_path


def test_it_opens_verifies_and_answers_the_same(before: Path, ok: Invoke) -> None:
    assert "ok" in ok("verify").output
    for name, at in ANSWERS.items():
        assert json.loads(ok("party", "show", "--json", *at).stdout) == json.loads(
            (FILES / name).read_text()
        ), name


def test_its_snapshots_are_of_other_code_and_left_aside(before: Path, registry: Registry) -> None:
    with Ledger.open(before, registry, create=False) as ledger:
        fingerprints = {f for (f,) in ledger.store.db.execute("SELECT fingerprint FROM snapshots")}
        assert fingerprints
        assert registry.fingerprint not in fingerprints
        assert verify(ledger) == []
        torrax = ledger.campaign("Before").state(at=10).hero("Torrax")
    assert [(c.name, c.rules) for c in torrax.conditions] == [("Weakened", None)]
    assert torrax.plugins == {}


def test_its_export_replays_to_the_recorded_states(registry: Registry, tmp_path: Path) -> None:
    check_golden(registry, FILES / "before", tmp_path)


def test_the_same_commands_today_answer_the_same(ok: Invoke) -> None:
    for line in (FILES / "before.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            ok(*shlex.split(line))
    for name, at in ANSWERS.items():
        shown = json.loads(ok("party", "show", "--json", *at).stdout)
        assert shown == {**json.loads((FILES / name).read_text()), "campaign": "Before"}, name
