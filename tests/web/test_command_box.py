"""The command box takes the campaign's actions and queries, and undo and redo: a line is read
into an action and its intent in memory (docs/web.md), never run as a CLI command."""

import os
from pathlib import Path

import pluggy
import pytest

from tests.helpers.cli import Invoke, hero
from tests.helpers.files import event_count
from tests.helpers.web import client, csrf, post


def test_a_cli_command_is_refused_and_writes_nothing_in_the_servers_folder(
    party: Invoke,
    db_path: Path,
    pm: pluggy.PluginManager,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder = tmp_path / "server"
    folder.mkdir()
    monkeypatch.chdir(folder)  # where `plugin new x` would write its project
    before = event_count(db_path)
    with client(db_path, pm) as web:
        token = csrf(web)
        for text in ("plugin new x", "plugin new x --path .", "export", "batch -", "serve"):
            answer = web.post("/api/commands", json={"text": text}, headers=token)
            assert answer.status_code == 422, (text, answer.text)
            error = answer.json()["error"]
            assert "not from the web app" in error
            assert "The command box takes an action or query" in error
        status, page = post(web, "/command", line="plugin new x")
        assert status == 422
        assert "not from the web app" in page
    assert os.listdir(folder) == []
    assert event_count(db_path) == before


def test_a_query_line_answers_its_json(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    before = event_count(db_path)
    with client(db_path, pm) as web:
        line = {"text": "odds_of_check Torrax agility 2"}
        answer = web.post("/api/commands", json=line, headers=csrf(web))
        assert answer.status_code == 200, answer.text
        asked = web.get("/api/queries/odds_of_check?hero=Torrax&ability=agility&target=2")
        assert answer.json() == asked.json()
        assert 0 < answer.json()["probability"] <= 1
        status, page = post(web, "/command", line="odds-of-check Torrax --target 2 agility")
        assert status == 200
        assert 'id="answer"' in page
        assert "probability" in page
    assert event_count(db_path) == before


def test_an_unknown_action_suggests_close_names(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    with client(db_path, pm) as web:
        token = csrf(web)
        for text, says in (
            ("dmage Torrax 1", "Did you mean 'damage'"),
            ("stamina spend Torrax 1", "'spend_stamina'"),
            ("damage Torrax amout=1", "Did you mean 'amount'?"),
            ("damage Torrax --amout 1", "Did you mean 'amount'?"),
            ("damage Torrax 1 2", "'2' is one value too many"),
            ("damage Torrax x", "amount"),
            ("undo 2 --command 4", "not both"),
            ("undo --yes", "--command SEQ"),
        ):
            answer = web.post("/api/commands", json={"text": text}, headers=token)
            assert answer.status_code == 422, (text, answer.text)
            assert says in answer.json()["error"], (text, answer.text)


def test_a_line_names_the_action_and_its_parameters_as_the_signature_does(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    with client(db_path, pm) as web:
        token = csrf(web)
        for text in (
            "spend_stamina Torrax 1",
            "spend-stamina Torrax 1",
            "spend stamina Torrax 1",
            "spend_stamina --amount 1 --hero Torrax",
            "spend_stamina amount=1 Torrax",
        ):
            answer = web.post("/api/commands", json={"text": text}, headers=token)
            assert answer.status_code == 200, (text, answer.text)
            assert answer.json()["events"][0]["type"] == "base:stamina-spent", text
    assert hero(party, "Torrax")["stamina"]["spent"] == 5


def test_undo_and_redo_of_a_named_command_from_the_box(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    party("damage", "Torrax", "2")
    damage = event_count(db_path)
    party("damage", "Zuva'Sai", "1")
    with client(db_path, pm) as web:
        token = csrf(web)
        undone = web.post("/api/commands", json={"text": f"undo --command {damage}"}, headers=token)
        assert undone.status_code == 200, undone.text
        assert hero(party, "Torrax")["stamina"]["wound"] == 0
        assert hero(party, "Zuva'Sai")["stamina"]["wound"] == 1
        again = web.post("/api/commands", json={"text": f"undo --command {damage}"}, headers=token)
        assert again.status_code == 422
        assert f"#{damage} is not a command in effect" in again.json()["error"]
        undo_seq = undone.json()["events"][0]["seq"]
        redone = web.post(
            "/api/commands", json={"text": f"redo --command {undo_seq}"}, headers=token
        )
        assert redone.status_code == 200, redone.text
        assert hero(party, "Torrax")["stamina"]["wound"] == 2


def test_only_the_campaigns_commands_are_taken_never_the_clis_others(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager, tmp_path: Path
) -> None:
    before = event_count(db_path)
    with client(db_path, pm) as web:
        token = csrf(web)
        for text in (
            "plugin new x",
            "plugin install x",
            "campaign new Other",
            "campaign use Other",
            "campaign archive Test",
            "campaign rename Test Other",
            f"export {tmp_path / 'out.json'}",
            f"import {tmp_path / 'in.json'}",
            "serve --port 9000",
            "batch -",
            "shell",
            "verify",
            "content add pack.toml",
            "--database other.db damage Torrax 1",
        ):
            answer = web.post("/api/commands", json={"text": text}, headers=token)
            assert answer.status_code == 422, (text, answer.text)
        for text in ("party show", "party", "hero show Torrax", "log", "log --last 2"):
            answer = web.post("/api/commands", json={"text": text}, headers=token)
            assert answer.status_code == 200, (text, answer.text)
        assert (
            web.post("/api/commands", json={"text": "hero show Torrax"}, headers=token).json()
            == web.get("/api/heroes/Torrax").json()
        )
        party_line = web.post("/api/commands", json={"text": "party show"}, headers=token).json()
        assert party_line == web.get("/api/party").json()
    assert list(tmp_path.glob("*.json")) == []
    assert event_count(db_path) == before


def test_the_log_line_answers_at_most_100_events_and_says_so(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    from ledger.hosting import Registry
    from ledger.service import Service
    from ledger_base_game.events import StarsGained

    with Service(db_path, Registry(pm)) as service:
        for _ in range(150):
            service.record([StarsGained(hero="Torrax", amount=1)])
        head = service.campaign().head().seq
    with client(db_path, pm) as web:
        token = csrf(web)
        answer = web.post("/api/commands", json={"text": "log"}, headers=token).json()
        assert len(answer["entries"]) == 100
        assert answer["entries"][-1]["seq"] == head
        assert "the last 100 events are shown" in answer["more"]
        few = web.post("/api/commands", json={"text": "log --last 3"}, headers=token).json()
        assert [e["seq"] for e in few["entries"]] == [head - 2, head - 1, head]
        assert "more" in few
        small = web.post("/api/commands", json={"text": "log --types hero-joined"}, headers=token)
        assert "more" not in small.json()
        assert len(small.json()["entries"]) == 2
        refused = web.post("/api/commands", json={"text": "log --last 1000"}, headers=token)
        assert refused.status_code == 422
        assert "from 1 to 100" in refused.json()["error"]
        status, page = post(web, "/command", line="log --last 5")
        assert status == 200
        assert "the last 5 events are shown" in page
