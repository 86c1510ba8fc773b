"""A stored payload with a key twice (``"amount":2,"amount":500``) reads 500 to the ledger and
2 to SQLite's ``json_extract``: rewritten in place with the chain re-hashed, verify names it,
in an event, an undone event and an undo alike. A payload spaced differently but with no key
twice (as an import may store it) is no alarm."""

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ledger.campaign import Ledger
from ledger.hosting import Registry
from ledger.storage import sqlite3
from ledger.verification import verify
from ledger_base_game.events import DamageTaken, StarsGained
from tests.helpers.party import make_party
from tests.helpers.tampering import Connection, rewrite, rows, tampered

STARS, DAMAGE, UNDO = 4, 5, 6  # seqs after the party's three events


@pytest.fixture
def clean(tmp_path: Path) -> Path:
    path = tmp_path / "clean.db"
    make_party(path)
    with Ledger.open(path, create=False) as ledger:
        campaign = ledger.campaign("Test")
        campaign.record([StarsGained(hero="Torrax", amount=2)])  # 4
        campaign.record([DamageTaken(hero="Torrax", amount=1)])  # 5
        campaign.undo()  # 6
        assert verify(ledger) == []
    return path


def _rewritten(seq: int, text: Callable[[str], str]) -> Callable[[Connection], None]:
    def change(db: Connection) -> None:
        new = rows(db)
        new[seq - 1]["payload"] = text(new[seq - 1]["payload"])
        rewrite(db, new, rehash_from=seq)

    return change


def _twice(key: str, value: Any) -> Callable[[str], str]:
    return lambda payload: payload[:-1] + f",{json.dumps(key)}:{json.dumps(value)}}}"


def test_verify_names_a_stored_amount_given_twice(
    clean: Path, tmp_path: Path, registry: Registry
) -> None:
    path = tampered(clean, tmp_path, _rewritten(STARS, _twice("amount", 500)))
    with Ledger.open(path, registry, create=False) as ledger:
        browsed, stored = ledger.db.execute(
            "SELECT json_extract(payload, '$.amount'), payload FROM events WHERE seq = ?", [STARS]
        ).fetchone()
        assert (browsed, registry.decoder.decode(stored).amount) == (2, 500)
        found = verify(ledger)
    assert [(p.seq, "appears twice" in p.message) for p in found] == [(STARS, True)], found
    assert "the key 'amount' appears twice" in found[0].message


@pytest.mark.parametrize(
    ("seq", "text"),
    [
        (DAMAGE, _twice("hero", "Torrax")),  # an undone event, read only by a strict fold
        (UNDO, _twice("commands", [5])),  # an undo, read by the history
    ],
    ids=["undone event", "undo"],
)
def test_verify_names_a_key_twice_in_any_stored_row(
    clean: Path, tmp_path: Path, registry: Registry, seq: int, text: Callable[[str], str]
) -> None:
    path = tampered(clean, tmp_path, _rewritten(seq, text))
    with Ledger.open(path, registry, create=False) as ledger:
        found = verify(ledger)
    assert [p.seq for p in found][:1] == [seq], found


def test_a_payload_spaced_otherwise_is_no_alarm(
    clean: Path, tmp_path: Path, registry: Registry
) -> None:
    spaced = _rewritten(STARS, lambda p: json.dumps(json.loads(p), indent=1))
    with Ledger.open(tampered(clean, tmp_path, spaced), registry, create=False) as ledger:
        assert verify(ledger) == []
    db = sqlite3.connect(tmp_path / "tampered.db")
    try:
        assert "\n" in db.execute("SELECT payload FROM events WHERE seq = ?", [STARS]).fetchone()[0]
    finally:
        db.close()
