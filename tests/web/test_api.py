"""The JSON API answers as the CLI's --json does, and records through the same actions."""

import json
import re
from pathlib import Path

import pluggy

from tests.helpers.cli import Invoke, hero, party_json
from tests.helpers.files import event_count, stored
from tests.helpers.web import client, csrf


def test_party_and_hero_are_the_cli_json_now_and_at_any_ref(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    party("damage", "Torrax", "3")
    party("condition", "add", "Torrax", "Bleeding")
    party("step", "city")
    party("stamina", "spend", "Zuva'Sai", "2")
    with client(db_path, pm) as web:
        for at in ([], ["--at", "3"], ["--at", "city-1"], ["--at", "4"]):
            query = f"?at={at[1]}" if at else ""
            assert web.get(f"/api/party{query}").json() == party_json(party, *at)
            for name in ("Torrax", "Zuva'Sai", "torrax"):
                assert web.get(f"/api/heroes/{name}{query}").json() == hero(party, name, *at)


def test_events_after_a_seq_are_the_log_json(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    party("damage", "Torrax", "3")
    party("undo")
    log = json.loads(party("log", "--json").output)
    with client(db_path, pm) as web:
        answer = web.get("/api/events?after=2").json()
        assert answer["head"] == log[-1]["seq"]
        assert answer["events"] == [entry for entry in log if entry["seq"] > 2]
        assert web.get("/api/events?after=2&limit=1").json()["events"] == [log[2]]
        assert web.get(f"/api/events?after={answer['head']}").json()["events"] == []
        assert web.get("/api/events?after=-1").status_code == 400


def test_reading_refusals_are_the_ledgers_words(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    with client(db_path, pm) as web:
        missing = web.get("/api/heroes/Venia")
        assert missing.status_code == 404
        assert "Venia" in missing.json()["error"]
        assert web.get("/api/party?at=scenario-9").status_code in (400, 404)


def test_a_command_text_answers_what_the_cli_prints_with_json(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager, tmp_path: Path
) -> None:
    with client(db_path, pm) as web:
        answer = web.post("/api/commands", json={"text": "damage Torrax 3"}, headers=csrf(web))
        assert answer.status_code == 200
        recorded = answer.json()
    # The same command at the CLI, on the same campaign before it, prints the same JSON.
    twin = tmp_path / "twin.db"
    for line in ("campaign new Test", "hero add Torrax --agility 2 --will 2 --taunt 6"):
        party(
            "--database", str(twin), *line.split(), *(["--wounded-chips", "5"] * ("hero" in line))
        )
    cli = json.loads(party("--database", str(twin), "damage", "Torrax", "3", "--json").output)
    assert recorded["events"][0]["type"] == cli["events"][0]["type"] == "base:damage-taken"
    assert recorded["heroes"][0]["stamina"] == cli["heroes"][0]["stamina"]
    assert recorded.keys() == cli.keys()
    assert recorded["heroes"][0] == hero(party, "Torrax")


def test_a_command_without_json_answers_its_text(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    party("damage", "Torrax", "1")
    with client(db_path, pm) as web:
        answer = web.post("/api/commands", json={"text": "undo"}, headers=csrf(web))
        assert answer.status_code == 200, answer.text
        assert set(answer.json()) <= {"output", "replayed", "events", "heroes", "step"}
        assert hero(party, "Torrax")["stamina"]["wound"] == 0


def test_a_structured_action_records_what_the_command_would(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    with client(db_path, pm) as web:
        answer = web.post(
            "/api/actions/damage", json={"hero": "Torrax", "amount": 3}, headers=csrf(web)
        )
        assert answer.status_code == 200, answer.text
        assert answer.json()["events"] == [
            {"seq": 4, "type": "base:damage-taken", "hero": "Torrax"}
        ]
        assert answer.json()["heroes"] == [hero(party, "Torrax")]


def test_refusals_name_the_rule_and_write_nothing(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    before = event_count(db_path)
    with client(db_path, pm) as web:
        token = csrf(web)
        cases = [
            ("/api/commands", {"text": "spend_stamina Torrax 99"}, 422, "stamina"),
            ("/api/commands", {"text": "damage Venia 1"}, 422, "Venia"),
            ("/api/commands", {"text": "damage Torrax"}, 422, "AMOUNT"),
            ("/api/commands", {"text": 'damage "Torrax'}, 422, "quotation"),
            ("/api/actions/spend_stamina", {"hero": "Torrax", "amount": 99}, 422, "stamina"),
            ("/api/actions/damage", {"hero": "Torrax", "amount": "x"}, 400, "amount"),
            ("/api/actions/damage", {"hero": "Torrax", "amount": 1, "extra": 1}, 400, "extra"),
            ("/api/actions/no_such_action", {}, 404, "no_such_action"),
            ("/api/actions/odds_of_check", {}, 400, "query"),
        ]
        for path, body, status, says in cases:
            answer = web.post(path, json=body, headers=token)
            assert answer.status_code == status, (body, answer.text)
            assert says.lower() in answer.json()["error"].lower(), (body, answer.text)
            assert "Traceback" not in answer.text
    assert event_count(db_path) == before


def test_no_command_names_a_file_or_starts_another_server(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager, tmp_path: Path
) -> None:
    target = tmp_path / "out.json"
    with client(db_path, pm) as web:
        token = csrf(web)
        for text in (
            f"export {target}",
            f"import {target}",
            f"batch {target}",
            f"dice set {target}",
            f"--database {tmp_path / 'other.db'} damage Torrax 1",
            "serve --port 9",
        ):
            answer = web.post("/api/commands", json={"text": text}, headers=token)
            assert answer.status_code == 422, (text, answer.text)
        answer = web.post("/api/actions/set_dice", json={"dice_set": str(target)}, headers=token)
        assert answer.status_code == 400
    assert not target.exists()
    assert not (tmp_path / "other.db").exists()


def test_no_command_manages_the_files_campaigns(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager, user_dirs: Path
) -> None:
    # A phone at the table plays the campaign served; it neither adds, renames, archives or
    # forks the file's campaigns nor writes the server owner's `campaign use` choice.
    before = party("campaign", "list", "--all").output
    with client(db_path, pm) as web:
        token = csrf(web)
        for text in (
            "campaign new Other",
            "campaign use Test",
            "campaign rename Test Renamed",
            "campaign archive Test",
            "campaign fork Other --from Test --at 1",
            "campaign list",  # the box reads the campaign served, through its queries
        ):
            answer = web.post("/api/commands", json={"text": text}, headers=token)
            assert answer.status_code == 422, (text, answer.text)
            assert "not from the web app" in answer.json()["error"]
        line = {"text": "odds_of_check Torrax agility 2"}
        shown = web.post("/api/commands", json=line, headers=token)
        assert shown.status_code == 200, shown.text
    assert party("campaign", "list", "--all").output == before
    assert not (user_dirs / "config" / "campaign-ledger" / "campaigns.json").exists()


def test_an_unquoted_apostrophe_says_how_to_write_the_name(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    with client(db_path, pm) as web:
        text = "spend_stamina Zuva'Sai 1"
        answer = web.post("/api/commands", json={"text": text}, headers=csrf(web))
    assert answer.status_code == 422
    assert answer.json()["error"] == (
        "No closing quotation (a name with an apostrophe goes in double quotes: "
        f'"Zuva\'Sai"): {text}'
    )


def test_the_same_idempotency_key_records_once(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    with client(db_path, pm) as web:
        token = csrf(web)
        for path, body in (
            ("/api/commands", {"text": "spend_stamina Torrax 10"}),
            ("/api/actions/spend_stamina", {"hero": "Zuva'Sai", "amount": 8}),
        ):
            key = {**token, "Idempotency-Key": f"tap-{path}"}
            first = web.post(path, json=body, headers=key)
            again = web.post(path, json=body, headers=key)
            assert first.status_code == again.status_code == 200, (first.text, again.text)
            assert again.json() == first.json()
            other = web.post(path, json={**body, "text": "damage Torrax 1"}, headers=key)
            assert other.status_code in (400, 422)
    keys = [row[4] for row in stored(db_path) if row[4]]
    assert sorted(keys) == ["tap-/api/actions/spend_stamina", "tap-/api/commands"]
    # A server started later (its memory empty) answers a resend from the file, not the rules.
    with client(db_path, pm) as web:
        key = {**csrf(web), "Idempotency-Key": "tap-/api/actions/spend_stamina"}
        again = web.post(
            "/api/actions/spend_stamina", json={"hero": "Zuva'Sai", "amount": 8}, headers=key
        )
        assert again.status_code == 200, again.text
        assert again.json()["replayed"] is True
    assert len([row for row in stored(db_path) if row[4]]) == 2


def test_actions_and_queries_come_from_the_plugins(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    with client(db_path, pm) as web:
        listed = {entry["name"]: entry for entry in web.get("/api/actions").json()}
        assert listed["damage"]["kind"] == "action"
        assert listed["damage"]["required"] == ["hero", "amount"]
        assert listed["odds_of_check"]["kind"] == "query"
        assert listed["damage"]["schema"] is not None
        odds = web.get("/api/queries/odds_of_check?hero=Torrax&ability=agility&target=2")
        assert odds.status_code == 200, odds.text
        assert 0 < odds.json()["probability"] <= 1
        document = web.get("/api/openapi.json").json()
        assert "/api/actions/damage" in document["paths"]
        assert "/api/queries/odds_of_check" in document["paths"]
        refs = re.findall(r'"#/components/schemas/([^"]+)"', json.dumps(document))
        assert refs
        assert set(refs) <= set(document["components"]["schemas"])


def test_an_expected_seq_the_campaign_moved_past_is_a_conflict_with_nothing_written(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    with client(db_path, pm) as web:
        head = web.get("/api").json()["seq"]
        stale = {**csrf(web), "X-Expect-Seq": str(head - 1)}
        damage = {"hero": "Torrax", "amount": 1}
        for path, body in (
            ("/api/actions/damage", damage),
            ("/api/commands", {"text": "damage Torrax 1"}),
        ):
            answer = web.post(path, json=body, headers=stale)
            assert answer.status_code == 409, (path, answer.text)
            assert f"is at event {head}, not {head - 1}" in answer.json()["error"]
            assert event_count(db_path) == head
        bad = web.post(
            "/api/actions/damage", json=damage, headers={**csrf(web), "X-Expect-Seq": "x"}
        )
        assert bad.status_code == 400
        fresh = {**csrf(web), "X-Expect-Seq": str(head)}
        assert web.post("/api/commands", json={"text": "damage Torrax 1"}, headers=fresh).is_success
        assert event_count(db_path) == head + 1
