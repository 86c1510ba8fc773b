"""A history every device can prove: every answer carries the head's hash, /api/witness says
whether the server's history still holds a remembered head, and `verify SEQ:HASH` fails on a
history re-hashed from some event on, which plain `verify` passes (the chain proves only
that a history agrees with itself)."""

import json
from pathlib import Path

import pluggy

from ledger import Ledger
from tests.helpers.cli import Invoke
from tests.helpers.tampering import forged_in_place
from tests.helpers.web import client, serving


def head(db_path: Path) -> str:
    with Ledger.open(db_path, create=False) as ledger:
        row = ledger.campaign().head()
        return f"{row.seq}:{row.hash}"


def test_every_answer_carries_the_heads_hash(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    import httpx

    now = head(db_path)
    with serving(db_path, pm) as base:
        for path in (
            "/",
            "/log",
            "/heroes/Torrax",
            "/api",
            "/api/party",
            "/api/events",
            "/nowhere",
        ):
            answer = httpx.get(base + path)
            assert answer.headers["x-ledger-head"] == now, path
        token = {"X-CSRF-Token": httpx.get(f"{base}/api").json()["csrf_token"]}
        recorded = httpx.post(
            f"{base}/api/commands", json={"text": "damage Torrax 1"}, headers=token
        )
        assert recorded.status_code == 200
        assert recorded.headers["x-ledger-head"] == head(db_path) != now
        assert "x-ledger-head" not in httpx.get(f"{base}/static/htmx.min.js").headers


def test_a_rehashed_history_passes_plain_verify_but_no_witness(
    party: Invoke, invoke: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    party("damage", "Torrax", "2")
    forged_seq = json.loads(party("log", "--json").output)[-1]["seq"]
    party("damage", "Zuva'Sai", "1")
    remembered = head(db_path)
    early = f"{forged_seq - 1}:{json.loads(party('log', '--json').output)[forged_seq - 2]['hash']}"
    with client(db_path, pm) as web:
        seq, hash_ = remembered.split(":")
        before = web.get(f"/api/witness?seq={seq}&hash={hash_}").json()
        assert before["holds"] is True
        assert before["head"] == remembered
    assert "ok" in party("verify", remembered).output

    forged_in_place(db_path, forged_seq, amount=3)  # Torrax took 3, not 2, says the file now

    assert party("verify").output.startswith("ok")  # the chain agrees with itself
    refused = invoke("verify", remembered)
    assert refused.exit_code == 1
    assert f"event #{seq}: hashes to" in refused.output
    assert "changed at this event or before it" in refused.output
    assert invoke("verify", early).exit_code == 0  # before the change: still the same
    with client(db_path, pm) as web:
        answer = web.get(f"/api/witness?seq={seq}&hash={hash_}")
        assert answer.status_code == 200
        assert answer.json()["holds"] is False
        assert "changed at this event or before it" in answer.json()["problem"]
        assert answer.json()["head"] != remembered
        for bad in ("seq=²&hash=ab", f"seq={seq}&hash=xyz", "hash=" + hash_, f"seq=0&hash={hash_}"):
            malformed = web.get(f"/api/witness?{bad}")
            assert malformed.status_code == 400, bad
        later = web.get(f"/api/witness?seq=999&hash={hash_}").json()
        assert later["holds"] is False
        assert "does not hold" in later["problem"]
    nonsense = invoke("verify", "yesterday")
    assert nonsense.exit_code != 0
    assert "a witness is SEQ:HASH" in nonsense.output
    assert "Traceback" not in nonsense.output
