"""The players' pages over HTTP: what they show (escaped), the forms built from the registered
actions, recording through them (once per idempotency key, nothing on a refusal), the past
read-only with its diff, the plots' data, and a read-only link without controls."""

import csv
import io
import json
import re
from pathlib import Path

import pluggy

from ledger_web.security import Security
from tests.helpers.cli import Invoke
from tests.helpers.files import event_count
from tests.helpers.web import client, form_fields, post

HOSTILE = "<img src=x onerror=alert(1)>"
SLASHED = "<script>alert(1)</script>"  # a "/" in a name: its page's address quotes it


def test_every_page_escapes_a_hostile_name(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    abilities = ["--might", "2", "--agility", "2", "--will", "2", "--taunt", "1"]
    party("hero", "add", HOSTILE, *abilities, "--chips", "6", "--wounded-chips", "3")
    party("hero", "add", SLASHED, *abilities, "--chips", "6", "--wounded-chips", "3")
    party("condition", "add", "Torrax", "Bleeding")
    party("damage", HOSTILE, "1")
    with client(db_path, pm) as web:
        slashed = "/heroes/%3Cscript%3Ealert%281%29%3C%2Fscript%3E"
        assert f'href="{slashed}"' in web.get("/").text
        paths = ("/", "/log", "/timeline", "/plots", "/check", "/?at=3", "/heroes/Torrax")
        for path in (*paths, slashed, "/actions?hero=%3Cimg%20src%3Dx%20onerror%3Dalert%281%29%3E"):
            page = web.get(path)
            assert page.status_code == 200, path
            assert HOSTILE not in page.text, path
            assert SLASHED not in page.text, path
        assert "&lt;img src=x onerror=alert(1)&gt;" in web.get("/").text
        assert "&lt;img" in web.get("/plots").text  # the SVG legend and titles too


def test_forms_come_from_the_registered_actions(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    with client(db_path, pm) as web:
        page = web.get("/").text
        card = web.get("/actions?hero=torrax").text
        assert web.get("/actions?hero=Nobody").status_code == 404
    # A Hero card offers the actions that take a Hero (loaded when it opens), the Hero
    # given; the party, those that take none.
    assert 'data-load="/actions?hero=Torrax"' in page
    assert 'data-action="start_city_step"' in page
    assert '<details class="tap" data-action="damage">' not in page  # not a party form
    assert '<form method="post" action="/record/damage" class="stepper"' in page  # a tap
    assert 'data-action="gain_condition"' in card
    assert 'data-action="start_city_step"' not in card
    assert '<input type="hidden" name="hero" value="Torrax">' in card
    assert '<input type="hidden" name="back" value="/">' in card
    # Queries record nothing: no form records them; no field names a file.
    for offered in (page, card):
        assert 'data-action="odds_of_check"' not in offered
        assert 'data-action="dice_luck"' not in offered
        assert 'data-action="set_dice"' not in offered


def test_a_form_records_once_per_key_and_a_refusal_records_nothing(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    with client(db_path, pm) as web:
        fields = {**form_fields(web.get("/").text), "hero": "Torrax", "amount": "3"}
        before = event_count(db_path)
        first = web.post("/record/damage", data=fields, follow_redirects=False)
        assert first.status_code == 303
        again = web.post("/record/damage", data=fields, follow_redirects=False)  # a double tap
        assert again.status_code == 303
        assert event_count(db_path) == before + 1
        shown = web.get(first.headers["location"]).text
        assert "Torrax takes 3 damage" in shown

        refused = web.post(
            "/record/spend_stamina",
            data={**form_fields(shown), "hero": "Torrax", "amount": "99"},
        )
        assert refused.status_code == 422
        assert "Torrax has only 7 unspent stamina; spending 99 is not allowed" in refused.text
        status, text = post(web, "/command", line="spend_stamina Torrax 99")
        assert status == 422
        assert "spending 99 is not allowed" in text
        assert event_count(db_path) == before + 1

        no_csrf = web.post("/record/damage", data={"hero": "Torrax", "amount": "1"})
        assert no_csrf.status_code == 403
        assert event_count(db_path) == before + 1


def test_undo_says_what_it_reverts_and_the_past_is_read_only_with_a_diff(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    party("step", "city")
    party("damage", "Torrax", "2")
    with client(db_path, pm) as web:
        page = web.get("/").text
        assert "Undo: Torrax takes 2 damage" in page
        status, _ = post(web, "/undo")
        assert status == 200  # sent back to the party page
        assert "Redo: Torrax takes 2 damage" in web.get("/").text
        party("damage", "Zuva'Sai", "1")
        assert '<button type="submit" class="redo" disabled>' in web.get("/").text
        then = web.get("/?at=city-1").text
        assert "The party at city-1" in then
        assert "Zuva&#39;Sai: stamina" in then  # the diff against now
        assert 'id="record"' not in then
        assert "Undo" not in then


def test_the_plots_data_downloads_as_csv_and_json(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    party("check", "Torrax", "might", "3", "--roll", "2 S 1")
    party("damage", "Torrax", "2")
    with client(db_path, pm) as web:
        page = web.get("/plots").text
        for key in ("stamina", "wounds", "stars", "items", "luck", "checks"):
            assert f'id="plot-{key}"' in page
        luck = json.loads(web.get("/plots/luck.json").content)
        assert [(row["hero"], row["rolled"]) for row in luck["rows"]] == [("Torrax", 5)]
        rows = list(csv.DictReader(io.StringIO(web.get("/plots/wounds.csv").text)))
        assert rows[-1] == {"series": "Torrax", "event": str(rows[-1]["event"]), "wound chips": "2"}
        checks = json.loads(web.get("/plots/checks.json").content)["rows"]
        assert checks[0]["success"] is True
        assert 0 < checks[0]["probability"] <= 1
        assert web.get("/plots/nothing.csv").status_code == 404


def test_a_read_only_link_shows_no_control(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    security = Security(token="join-secret", read_token="look-only", loopback_only=False)
    with client(db_path, pm, security) as web:
        page = web.get("/?token=look-only").text
        assert "Torrax" in page
        assert 'id="record"' not in page
        assert "Undo" not in page
        assert "Record for" not in page
        writer = web.get("/", headers={"Authorization": "Bearer join-secret"}).text
        assert 'id="record"' in writer


def test_the_log_filters_and_a_session_told_as_a_story(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    party("session", "start")
    party("step", "city")
    party("damage", "Torrax", "2")
    party("damage", "Zuva'Sai", "1")
    party("session", "end")
    with client(db_path, pm) as web:
        torrax = web.get("/log?hero=Torrax&types=damage-taken").text
        assert "Torrax takes 2 damage" in torrax
        assert "Zuva&#39;Sai takes 1 damage" not in torrax
        assert "no Hero named" in web.get("/log?hero=Nobody").text
        timeline = web.get("/timeline").text
        assert "session 1" in timeline
        assert "?at=city-1" in timeline
        story = web.get("/sessions/1").text
        assert "City step 1" in story
        assert "Torrax: stamina 10 unspent, 0 spent, 0 wound → 8 unspent, 0 spent, 2 wound" in story
        assert web.get("/sessions/2").status_code == 404


def test_reactive_and_progressive_checks_from_their_forms(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    party("step", "scenario", "4")
    with client(db_path, pm) as web:
        status, _ = post(
            web, "/record/open_progressive_check", name="Gate", ability="might", target="2xHC+4"
        )
        assert status == 200
        page = web.get("/check").text
        assert "Progressive might check “Gate”: 0 of 8" in page
        assert 'data-action="attempt_progressive_check"' in page
        status, _ = post(
            web, "/record/attempt_progressive_check", name="Gate", hero="Torrax", roll="2 1 1"
        )
        assert status == 200
        assert "Gate”: 4 of 8" in web.get("/").text
        status, _ = post(
            web, "/record/react", hero="Torrax", ability="might", damage="3", roll="1 2 1"
        )
        assert status == 200
        assert "Torrax: 10 unspent · 0 spent · 0 wound" in web.get("/").text  # all prevented


def test_an_open_group_check_puts_its_roll_first_on_the_check_page(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    party("step", "city")
    party("group-step", "open", "agility", "8/13/17", "--order", "Torrax,Zuva'Sai")
    with client(db_path, pm) as web:
        page = web.get("/check").text
    first = re.search(r'<details class="roll" data-action="(\w+)"( open)?>', page)
    assert first, page
    assert first.groups() == ("roll_for_group_check", " open")


def test_a_heros_actions_come_most_recorded_first(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    with client(db_path, pm) as web:
        card = web.get("/actions?hero=Torrax").text
    offered = list(dict.fromkeys(re.findall(r'data-action="([a-z_]+)"', card)))
    assert offered[:5] == ["damage", "heal", "spend_stamina", "lose_stamina", "restore_stamina"]
