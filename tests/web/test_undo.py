"""Undo and redo take what the page saw: the Undo button sends the command its label names
and the head its page was drawn at, and a plain undo or redo may carry the head the caller
saw (the core's service decides)."""

import re
from pathlib import Path

import pluggy

from tests.helpers.cli import Invoke, hero
from tests.helpers.files import event_count, stored
from tests.helpers.web import client, csrf, form_fields


def undo_form(page: str) -> dict[str, str]:
    """The fields the party page's Undo button sends."""
    found = re.search(r'<form method="post" action="/undo"[^>]*>(.*?)</form>', page, re.DOTALL)
    assert found, page
    return dict(re.findall(r'name="([^"]+)" value="([^"]*)"', found.group(1)))


def undos(db_path: Path) -> int:
    return sum(1 for row in stored(db_path) if row[3] == "ledger:undone")


def test_the_undo_button_never_reverts_what_its_page_did_not_show(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    party("damage", "Torrax", "2")
    with client(db_path, pm) as web:
        page = web.get("/").text
        assert "Undo: Torrax takes 2 damage" in page
        form = undo_form(page)
        assert form["command"] == form["seen"] == str(event_count(db_path))
        party("stars", "gain", "Zuva'Sai", "2")  # another device records after the page was shown
        head = event_count(db_path)

        tapped = web.post("/undo", data=form, follow_redirects=False)
        assert tapped.status_code == 409, tapped.text
        assert (
            f"Since this page was drawn, #{head} Zuva&#39;Sai gains 2 Stars was recorded; "
            "nothing was undone. Undo that instead?"
        ) in tapped.text
        assert hero(party, "Torrax")["stamina"]["wound"] == 2  # nothing reverted
        assert hero(party, "Zuva'Sai")["stars"] == 2
        assert undos(db_path) == 0
        assert "Undo: Zuva&#39;Sai gains 2 Stars" in tapped.text  # the answer offers that one

        # Two phones show the same Undo; both tap it: the command is reverted once.
        fresh = undo_form(web.get("/").text)
        first = web.post("/undo", data=fresh, follow_redirects=False)
        assert first.status_code == 303, first.text
        again = web.post("/undo", data=fresh, follow_redirects=False)  # a double tap: its key
        assert again.status_code == 303
        second = web.post("/undo", data={**fresh, "idempotency_key": "another-phone"})
        assert second.status_code == 409
        assert f"Since this page was drawn, #{head + 1} " in second.text
        assert undos(db_path) == 1
        assert hero(party, "Zuva'Sai")["stars"] == 0
        assert hero(party, "Torrax")["stamina"]["wound"] == 2
        shown = web.get("/").text
        assert "Undo: Torrax takes 2 damage" in shown
        assert "Redo: Zuva&#39;Sai gains 2 Stars" in shown


def test_undo_typed_in_the_command_box_is_of_what_its_page_showed(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    party("damage", "Torrax", "2")
    with client(db_path, pm) as web:
        fields = form_fields(web.get("/").text)
        seen = re.findall(r'name="seen" value="(\d+)"', web.get("/").text)[0]
        party("stars", "gain", "Torrax", "2")  # another device, meanwhile
        typed = web.post("/command", data={**fields, "seen": seen, "line": "undo"})
        assert typed.status_code == 409
        assert "Torrax gains 2 Stars was recorded; nothing was undone." in typed.text
        assert undos(db_path) == 0
        assert hero(party, "Torrax")["stamina"]["wound"] == 2


def test_an_undo_of_a_command_no_longer_in_effect_is_refused(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    """A caller naming a command without the head it saw (an older page, the API): the
    command it names or a refusal, never another."""
    party("damage", "Torrax", "2")
    with client(db_path, pm) as web:
        form = undo_form(web.get("/").text)
        del form["seen"]
        party("damage", "Zuva'Sai", "1")
        assert web.post("/undo", data=form, follow_redirects=False).status_code == 303
        assert hero(party, "Torrax")["stamina"]["wound"] == 0
        assert hero(party, "Zuva'Sai")["stamina"]["wound"] == 1
        second = web.post("/undo", data={**form, "idempotency_key": "another-phone"})
        assert second.status_code == 422
        assert "is not a command in effect that can be undone" in second.text
        assert undos(db_path) == 1


def test_a_plain_undo_or_redo_with_the_head_seen_is_refused_when_the_campaign_moved_on(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    party("damage", "Torrax", "2")
    with client(db_path, pm) as web:
        token = csrf(web)
        seen = web.get("/api").json()["seq"]
        party("stars", "gain", "Torrax", "2")  # recorded at the CLI meanwhile
        head = seen + 1
        stale = {**token, "X-Expect-Seq": str(seen)}
        for path, body in (
            ("/api/commands", {"json": {"text": "undo"}, "headers": stale}),
            ("/api/undo", {"json": {}, "headers": stale}),
            ("/api/undo", {"json": {"seen": seen}, "headers": token}),
        ):
            answer = web.post(path, **body)  # type: ignore[arg-type]
            assert answer.status_code == 409, (path, answer.text)
            error = answer.json()["error"]
            assert f"is at event {head}, not {seen}" in error
            assert f"(since #{seen}: #{head} Torrax gains 2 Stars)" in error
        assert event_count(db_path) == head

        undone = web.post("/api/undo", json={"seen": head}, headers=token)
        assert undone.status_code == 200, undone.text
        assert hero(party, "Torrax")["stars"] == 0
        page = web.get("/").text
        party("damage", "Zuva'Sai", "1")
        redo = {**form_fields(page), "seen": re.findall(r'name="seen" value="(\d+)"', page)[0]}
        refused = web.post("/redo", data=redo)
        assert refused.status_code == 409
        assert "Zuva&#39;Sai takes 1 damage" in refused.text  # what was recorded since
        for wrong in ({"count": "x"}, {"command": [1]}):  # a typo undoes nothing
            answer = web.post("/api/redo", json=wrong, headers=token)
            assert answer.status_code == 400, answer.text
        assert hero(party, "Torrax")["stars"] == 0
