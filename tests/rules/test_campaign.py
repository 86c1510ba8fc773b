"""The scripted campaign from level 1 to level 5 (examples/campaign-to-level-5.txt): every
campaign rule on the way, the final Party sheet field by field, and a clean verify."""

from typing import Any

import pytest

from tests.helpers import ROOT
from tests.helpers.cli import Invoke, shown

SCRIPT = ROOT / "examples" / "campaign-to-level-5.txt"


@pytest.fixture(scope="module")
def campaign(tmp_path_factory: pytest.TempPathFactory) -> Invoke:
    """The campaign played once for the whole module (it is read, never written, after)."""
    from click.testing import CliRunner

    from ledger.hosting import get_plugin_manager
    from ledger_cli.app import build_cli

    path = tmp_path_factory.mktemp("campaign") / "campaign.db"
    cli = build_cli(get_plugin_manager())

    def run(*args: str) -> Any:
        result = CliRunner().invoke(cli, ["--database", str(path), *args])
        assert result.exit_code == 0, result.output
        return result

    run("batch", "--quiet", str(SCRIPT))
    return run


def test_the_final_party_sheet(campaign: Invoke) -> None:
    sheet = shown(campaign, "party", "sheet")
    assert sheet["campaign"] == "Moonsilver Campaign"
    assert sheet["level"] == 5
    assert sheet["xp"] == 2 + 3 + 4 + 5  # the XP scenarios of levels 1 to 4 (§9.1)
    assert sheet["scenarios"] == [
        {"number": n, "outcome": o}
        for n, o in [
            (4, "S1"), (5, "S1"), (6, "F1"), (7, "S2"), (90, "A12"), (8, "S1"), (9, "S1"),
            (13, "S1"), (14, "S2"), (15, "S1"), (16, "S1"),
            (19, "S1"), (20, "S2"), (21, "F1"), (22, "S1"), (23, "S1"), (28, "S1"),
        ]
    ]  # fmt: skip
    assert sheet["keywords"] == [
        {"word": "Moonsilver", "crossed": False, "tally": 0},
        {"word": "Tide Gate", "crossed": True, "tally": 0},
    ]
    # Offering the Sword moved both Archive copies to the Stock; Torrax bought one. Sold items
    # went to the Stock; the one Potion of Healing was taken, the second gain paid Stars.
    assert sheet["stock"] == {"Sword": 1, "Bone token": 1, "Ash token": 1, "Old Lantern": 1}
    assert sheet["archive"] == {}
    # Played cards without the replay symbol left the Stock; the Arena card stays.
    assert [card["number"] for card in sheet["scenario_cards"]] == [90]
    assert sheet["scenario_cards"][0]["arena"] is True
    assert sheet["reputation"] == {"House Gramask": 3}
    assert sheet["heroes"] == ["Torrax", "Venia"]


def test_the_final_hero_sheets(campaign: Invoke) -> None:
    torrax = shown(campaign, "hero", "sheet", "Torrax")
    venia = shown(campaign, "hero", "sheet", "Venia")
    assert (torrax["class"], venia["class"]) == ("Geomancer", "Witch")
    assert len(torrax["skills"]) == len(venia["skills"]) == 4  # one a level, 2 to 5
    assert venia["profession"] == "Streetwise"
    assert venia["talents"] == [
        "Hideout: The Pit", "Pickpocket", "Haggle", "Burglary", "Perception", "True Mercenary",
    ]  # fmt: skip
    assert venia["keywords"] == [{"word": "Bounties", "crossed": False, "tally": 1}]
    assert torrax["injuries"] == []  # Broken Ribs, healed at the Temple
    assert torrax["items"] == ["Sword"]
    for sheet in (torrax, venia):  # both capped: 15 Achievement, 5 Inspiration gems
        assert sheet["gems"] == {"achievement": 15, "inspiration": 5}
    show = shown(campaign, "hero", "show", "Torrax")
    assert show["stamina"]["unspent"] == 10 + 4  # a chip per level


def test_points_along_the_way(campaign: Invoke) -> None:
    after_first = shown(campaign, "hero", "show", "Venia", "--at", "scenario-4:end")
    assert after_first["gems"]["achievement"] == 2  # her achievement and the group's
    assert after_first["stars"] == 2 + 3  # the docks, then a Potion's value in Stars
    wounded = shown(campaign, "hero", "show", "Torrax", "--at", "scenario-4")
    assert wounded["injuries"] == []
    assert shown(campaign, "hero", "show", "Torrax", "--at", "city-2")["injuries"] == [
        "Broken Ribs"
    ]  # kept through the scenario's end
    levels = [shown(campaign, "party", "sheet", "--at", f"city-{n}")["level"] for n in (3, 4)]
    assert levels == [1, 2]  # level 2 at the start of the City step after 2 XP


def test_it_verifies_and_tells_its_sessions(campaign: Invoke) -> None:
    assert "ok" in campaign("verify").output
    third = [entry["type"] for entry in shown(campaign, "log", "--session", "3")]
    assert third[0] == "ledger:session-started"
    assert "base:level-gained" in third
    assert "base:profession-learned" in third
    assert "reaches level 3" in campaign("replay", "--session", "4").output
