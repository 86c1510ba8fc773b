"""A re-hashed file has a valid chain (nothing signs it), so import and verify also check
that every row agrees with its payload, that the history replays under the rules, and that
every undo and redo is one the ledger would have recorded."""

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ledger.campaign import Ledger
from ledger.hosting import Registry
from ledger.storage import Row
from ledger.verification import verify
from tests.helpers.cli import Invoke
from tests.helpers.tampering import Rows, payload, rehash


@pytest.fixture
def exported(party: Invoke, tmp_path: Path) -> tuple[dict[str, Any], Rows]:
    party("step", "city")
    party("damage", "Torrax", "2")  # seq 5
    party("item", "gain", "Torrax", "Healing Salve", "--heal", "2")  # seq 6
    party("damage", "Zuva'Sai", "1")  # seq 7
    party("undo")  # seq 8 undoes 7
    path = tmp_path / "campaign.ndjson"
    party("export", str(path))
    manifest, *rows = (json.loads(line) for line in path.read_text().splitlines())
    return manifest, rows


def repeated(rows: Rows, **columns: Any) -> None:
    """Event 5 (Torrax takes 2 damage) recorded twice, the copy's ``columns`` changed: the
    fold reads a payload it has read before once, and must still check the copy's row."""
    rows.insert(5, {**rows[4], **columns})
    for n, row in enumerate(rows, 1):
        row.update(seq=n, command=n)
    payload(rows[8], commands=[8])  # the undo still undoes Zuva'Sai's damage


FORGERIES: dict[str, tuple[Callable[[dict[str, Any], Rows], None], str]] = {
    "step columns moved": (
        lambda m, r: r[4].update(step_kind="scenario", step_number=9, scenario=42),
        "step_kind column",
    ),
    "type column lies": (lambda m, r: r[4].update(type="base:stars-gained"), "type column"),
    "hero column lies": (lambda m, r: r[4].update(hero="Nobody"), "hero column"),
    "campaign renamed in the rows only": (
        lambda m, r: (m.update(campaign="Forged"), [row.update(campaign="Forged") for row in r]),
        "creates campaign 'Test', not 'Forged'",
    ),
    "undo of the campaign's creation": (
        lambda m, r: payload(r[7], commands=[1]),
        "undoes #1",
    ),
    "redo of what was never undone": (
        lambda m, r: (
            payload(r[6], type="ledger:redone", commands=[5]),
            r[6].update(type="ledger:redone"),
        ),
        "redoes #5",
    ),
    "a repeated payload, its hero column lying": (
        lambda m, r: repeated(r, hero="Zuva'Sai"),
        'hero column says "Zuva\'Sai"',
    ),
    "a repeated payload, its type column lying": (
        lambda m, r: repeated(r, type="base:stars-gained"),
        "type column",
    ),
    "an event's type column says it is an undo": (
        lambda m, r: r[4].update(type="ledger:undone"),
        "#5: its type column says 'ledger:undone', not 'base:damage-taken'",
    ),
    "an undo's type column says it is an event": (
        lambda m, r: r[7].update(type="base:damage-taken"),
        "#8: its type column says 'base:damage-taken', not 'ledger:undone'",
    ),
    "an event's payload is an undo": (
        lambda m, r: r[4].update(payload=r[7]["payload"]),
        "#5: its type column says 'base:damage-taken', not 'ledger:undone'",
    ),
    "payload is not JSON": (lambda m, r: r[4].update(payload="not json"), "cannot be read"),
    "an undone event with a lying hero column": (
        lambda m, r: r[6].update(hero="Torrax"),
        "hero column says 'Torrax'",
    ),
    "an illegal event": (lambda m, r: payload(r[4], amount=500), "from 1 to 99"),
    "an item that heals a negative amount": (
        lambda m, r: payload(r[5], item={"name": "Salve", "use": {"heal": -3}}),
        "heals 0 to 99",
    ),
    "a condition numbered below 1": (
        lambda m, r: (
            r.insert(
                5,
                {
                    **r[4],
                    "type": "base:condition-gained",
                    "payload": json.dumps(
                        {
                            "type": "base:condition-gained",
                            "hero": "Torrax",
                            "condition": "Cursed",
                            "number": -4,
                        }
                    ),
                },
            ),
            [row.update(seq=n, command=n) for n, row in enumerate(r, 1)],
            payload(r[7], commands=[7]),
        ),
        "condition number must be from 1 to 99",
    ),
}


@pytest.mark.parametrize("forgery", FORGERIES)
def test_import_refuses_a_rehashed_forgery(
    exported: tuple[dict[str, Any], Rows], tmp_path: Path, invoke: Invoke, forgery: str
) -> None:
    manifest, rows = exported
    forge, says = FORGERIES[forgery]
    forge(manifest, rows)
    path = tmp_path / "forged.ndjson"
    path.write_text("\n".join(rehash(manifest, rows)) + "\n")
    refused = invoke("--database", str(tmp_path / "other.db"), "import", str(path))
    assert refused.exit_code == 1, refused.output
    assert says in refused.output
    assert "Traceback" not in refused.output
    other = tmp_path / "other.db"
    assert not other.exists() or Ledger.open(other, create=False).campaigns() == []


@pytest.mark.parametrize(
    "forgery",
    [
        "step columns moved",
        "a repeated payload, its hero column lying",
        "an event's type column says it is an undo",
        "an undo's type column says it is an event",
        "an event's payload is an undo",
        "undo of the campaign's creation",
        "an item that heals a negative amount",
    ],
)
def test_verify_names_a_rehashed_forgery_written_straight_into_sqlite(
    exported: tuple[dict[str, Any], Rows], tmp_path: Path, registry: Registry, forgery: str
) -> None:
    manifest, rows = exported
    FORGERIES[forgery][0](manifest, rows)
    rehash(manifest, rows)
    with Ledger.open(tmp_path / "forged.db", registry) as forged:
        forged.store.append([Row(**row) for row in rows])
        problems = verify(forged)
    assert len(problems) == 1
    assert FORGERIES[forgery][1] in str(problems[0])


def test_an_honest_export_still_imports(
    exported: tuple[dict[str, Any], Rows], tmp_path: Path, invoke: Invoke
) -> None:
    manifest, rows = exported
    path = tmp_path / "honest.ndjson"
    path.write_text("\n".join(rehash(manifest, rows)) + "\n")
    assert invoke("--database", str(tmp_path / "other.db"), "import", str(path)).exit_code == 0
