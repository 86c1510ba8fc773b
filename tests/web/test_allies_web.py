"""Non-Hero Allies on the web over HTTP: recorded through the structured API and the command
box, a small card each on the party page (health, exhausted), in the party's JSON, at --at."""

from pathlib import Path

import pluggy

from tests.helpers.cli import Invoke
from tests.helpers.web import client, csrf


def test_an_ally_recorded_on_the_web_shows_on_the_party_page(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    with client(db_path, pm) as web:
        assert 'id="allies"' not in web.get("/").text  # no Ally, no section
        token = csrf(web)
        joined = web.post(
            "/api/actions/add_ally",
            json={"name": "Grimble", "might": 2, "agility": 1, "will": 1, "taunt": 5, "health": 4},
            headers=token,
        )
        assert joined.status_code == 200, joined.text
        hurt = web.post("/api/commands", json={"text": "damage_ally Grimble 1"}, headers=token)
        assert hurt.status_code == 200, hurt.text
        page = web.get("/").text
        assert 'data-ally="Grimble"' in page
        assert 'aria-label="health 3 of 4"' in page
        assert "Might 2 · Agility 1 · Will 1 · Taunt 5" in page
        (grimble,) = web.get("/api/party").json()["allies"]
        assert (grimble["health"], grimble["exhausted"]) == (3, False)
        then = web.get("/?at=4").text  # as it joined
        assert 'aria-label="health 4 of 4"' in then
        refused = web.post(
            "/api/actions/damage", json={"hero": "Grimble", "amount": 1}, headers=token
        )
        assert refused.status_code == 422
        assert "Grimble is a Non-Hero Ally, not a Hero" in refused.text
        web.post("/api/actions/damage_ally", json={"ally": "Grimble", "amount": 3}, headers=token)
        page = web.get("/").text
        assert 'class="ally exhausted"' in page
        assert "Exhausted: removed from the map" in page
