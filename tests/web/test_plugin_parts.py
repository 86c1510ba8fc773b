"""A plugin's own state on the pages: its Hero part on the Hero's card (party page) and sheet,
its campaign part on the party sheet, each in the part's own words (``describe``) or, when it
says nothing, its fields; its queries answer through the command box and /api/queries."""

import re
from pathlib import Path
from typing import ClassVar

import msgspec
import pluggy
import pytest

from ledger.actions import Game
from ledger.hosting import hookimpl
from ledger.model import CampaignPart, CampaignState, Event, HeroEvent, HeroPart, PluginState
from tests.helpers.cli import Invoke
from tests.helpers.web import client, csrf, post


class Chilled(HeroPart, frozen=True, kw_only=True):
    namespace: ClassVar[str] = "frost"
    bites: int = 0

    def describe(self) -> str:
        return f"{self.bites} frostbite{'s' if self.bites != 1 else ''} held"


class Winter(CampaignPart, frozen=True, kw_only=True):  # says nothing: its fields show
    namespace: ClassVar[str] = "frost"
    storms: int = 0
    last_storm: str = ""


class Frostbite(HeroEvent, tag="frost:frostbite", frozen=True, kw_only=True):
    def apply(self, state: CampaignState) -> CampaignState:
        hero = state.hero(self.hero)
        state = state.with_hero(hero.with_part(Chilled(bites=hero.part(Chilled).bites + 1)))
        winter = state.part(Winter)
        storm = msgspec.structs.replace(winter, storms=winter.storms + 1, last_storm=hero.name)
        return state.with_part(storm)


def frostbite(game: Game, *, hero: str) -> list[Event]:
    return [Frostbite(hero=game.hero(hero).name)]


def frostbites(game: Game) -> dict[str, int]:
    """Each Hero's frostbites."""
    return {hero.name: hero.part(Chilled).bites for hero in game.state.heroes.values()}


class Frost:
    @staticmethod
    @hookimpl
    def register_event_types() -> list[type[Event]]:
        return [Frostbite]

    @staticmethod
    @hookimpl
    def register_state() -> list[type[PluginState]]:
        return [Chilled, Winter]

    @staticmethod
    @hookimpl
    def register_actions() -> list[object]:
        return [frostbite, frostbites]


@pytest.fixture
def ledger_plugins() -> list[object]:
    return [Frost]


def test_a_plugin_part_shows_on_the_card_the_sheet_and_the_party_sheet(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    with client(db_path, pm) as web:
        assert "plugin-part" not in web.get("/").text  # nothing yet: no line
        token = csrf(web)
        for _ in range(2):
            answer = web.post("/api/commands", json={"text": "frostbite Torrax"}, headers=token)
            assert answer.status_code == 200, answer.text
        page = web.get("/").text
        card = page[
            re.search(r'<article class="hero" id="hero-\d+" data-hero="Torrax">', page).start() :
        ]  # type: ignore[union-attr]
        card = card[: card.index("</article>")]
        assert (
            '<p class="plugin-part" data-plugin="frost"><strong>frost:</strong> '
            "2 frostbites held</p>" in card
        )
        sheet = page[page.index('id="party-sheet"') :]
        assert "<dt>frost</dt>" in sheet
        assert "storms 2 · last storm Torrax" in sheet
        assert "2 frostbites held" in web.get("/heroes/Torrax").text
        assert "frostbite" not in web.get("/heroes/Zuva%27Sai").text  # no part of her own


def test_a_plugin_query_answers_on_the_web(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    with client(db_path, pm) as web:
        token = csrf(web)
        web.post("/api/commands", json={"text": "frostbite Torrax"}, headers=token)
        asked = web.get("/api/queries/frostbites")
        assert asked.status_code == 200, asked.text
        assert "Torrax" in asked.text
        status, page = post(web, "/command", line="frostbites")
        assert status == 200
        assert "Torrax" in page
