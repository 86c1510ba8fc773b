"""The table's own cards typed once: `content add FILE.toml` records a content pack in the
campaign, and every command reads it (hero add, item gain, checks, listings, completion).
A pack fills in what the plugins leave unknown and adds cards; it never contradicts a value a
plugin gives unless the card says `override = true`; a bad pack is refused with its line and
field, and nothing is written."""

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pluggy
import pytest

from tests.helpers.cli import Invoke, refuse
from tests.helpers.console import SCRIPT
from tests.helpers.files import event_count, pack, rows_of
from tests.helpers.old_campaigns import copy_of
from tests.helpers.web import client

EXAMPLE = Path(__file__).parents[2] / "examples" / "our-cards.toml"

PACK = """\
# our cards
[[hero]]
name = "Venia"
might = 2
agility = 4
will = 3
taunt = 3
wounded_chips = 4

[[item]]
name = "Seal-bone Crampons"
weight = 1
phrases = ["Climbing"]
"""


def as_json(run: Invoke, *args: str) -> Any:
    return json.loads(run(*args, "--json").output)


@pytest.fixture
def campaign(ok: Invoke) -> Invoke:
    ok("campaign", "new", "Moonsilver")
    return ok


def test_a_pack_gives_venia_her_statistics_so_hero_add_needs_no_options(
    campaign: Invoke, tmp_path: Path, invoke: Invoke, db_path: Path
) -> None:
    refuse(invoke, db_path, "hero", "add", "Venia", says="does not know")
    added = campaign("content", "add", pack(tmp_path, PACK)).output
    assert "Content pack 'cards.toml': hero Venia, item Seal-bone Crampons" in added
    joined = campaign("hero", "add", "Venia").output
    assert "Venia joins (Might 2, Agility 4, Will 3, Taunt 3, 7 chips, 4 on the wounded side)" in (
        joined
    )
    assert (
        "might, agility, will, taunt, wounded_chips from the table's content pack cards.toml"
        in (joined)
    )
    assert "chips from the base game" in joined  # the base game's value, named as such


def test_item_gain_records_the_packs_properties_and_its_phrase_counts_in_a_check(
    campaign: Invoke, tmp_path: Path
) -> None:
    campaign("content", "add", pack(tmp_path, PACK))
    campaign("hero", "add", "Venia")
    campaign("item", "gain", "Venia", "seal-bone crampons")  # any spelling finds the card
    venia = as_json(campaign, "hero", "show", "Venia")
    crampons = venia["item_details"][0]
    assert (crampons["name"], crampons["weight"], crampons["phrases"]) == (
        "Seal-bone Crampons",
        1,
        ["Climbing"],
    )
    climb = as_json(
        campaign, "check", "Venia", "agility", "6", "--roll", "1 1 1 1", "--modifier",
        "+2:phrase=Climbing",
    )  # fmt: skip
    assert climb["modifiers"][0]["applied"] is True
    assert (climb["total"], climb["success"]) == (6, True)


def test_a_changed_pack_records_only_what_changed_and_what_it_no_longer_holds(
    campaign: Invoke, tmp_path: Path, db_path: Path, invoke: Invoke
) -> None:
    path = pack(tmp_path, PACK)
    campaign("content", "add", path)
    refuse(invoke, db_path, "content", "add", path, says="already knows every card of cards.toml")
    changed = PACK.replace("taunt = 3", "taunt = 4").split("[[item]]")[0]
    Path(path).write_text(changed, encoding="utf-8")
    again = campaign("content", "add", path).output
    assert "hero Venia; 1 no longer in it" in again
    event = json.loads(rows_of(db_path)[-1]["payload"])
    assert [card["name"] for card in event["cards"]] == ["Venia"]
    assert event["removed"] == ["item:seal-bone crampons"]
    venia = as_json(campaign, "content", "show", "hero", "--name", "Venia")["cards"][0]
    assert venia["values"]["taunt"] == {"value": 4, "from": "cards.toml"}
    assert (
        as_json(campaign, "content", "show", "item", "--name", "Sword")["cards"][0]["pack"] is None
    )
    refuse(invoke, db_path, "content", "show", "item", "--name", "Seal-bone Crampons",
           says="no card named")  # fmt: skip


def test_content_show_says_where_each_value_came_from(campaign: Invoke, tmp_path: Path) -> None:
    campaign("content", "add", pack(tmp_path, PACK))
    text = campaign("content", "show", "hero", "--name", "venia").output
    assert "hero Venia: from plugin ledger_base_game and the table's pack cards.toml" in text
    assert "  might: 2  (the table)" in text
    assert "  chips: 7  (plugin ledger_base_game)" in text
    summary = campaign("content", "show").output
    assert "Venia (cards.toml)" in summary
    assert "Seal-bone Crampons (cards.toml)" in summary


def test_a_confirmed_value_is_never_contradicted_unless_the_card_says_override(
    campaign: Invoke, tmp_path: Path, db_path: Path, invoke: Invoke
) -> None:
    stronger = '[[hero]]\nname = "Torrax"\n\nmight = 4\n'
    said = refuse(invoke, db_path, "content", "add", pack(tmp_path, stronger), says="line 4")
    assert "Torrax's might is 3 from plugin 'ledger_base_game'" in said
    assert "rules example (confirmed)" in said  # the source, with its confidence
    assert "override = true" in said
    overridden = stronger.replace("might = 4", "override = true\nmight = 4")
    recorded = campaign("content", "add", pack(tmp_path, overridden)).output
    assert "rule: Torrax: might 4 replaces the plugins' 3 (override = true)" in recorded
    torrax = as_json(campaign, "content", "show", "hero", "--name", "Torrax")["cards"][0]
    assert torrax["override"] == {"might": 3}
    campaign("hero", "add", "Torrax", "--agility", "2", "--will", "2", "--taunt", "6",
             "--wounded-chips", "5")  # fmt: skip
    assert as_json(campaign, "hero", "show", "Torrax")["might"] == 4


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('[[hero]]\nname = "Venia"\nmight = \n', "not a TOML file: Invalid value (at line 3"),
        ('[[hero]]\nname = "Venia"\n\nstrength = 2\n', "line 4: [[hero]] has no field 'strength'"),
        ('[[hero]]\nname = "Vex"\nmight = -1\n', "line 3: hero 'Vex', might: must be 0 or more"),
        ('[[hero]]\nname = "Vex"\nmight = 12\n', "Vex's might must be from 0 to 9, not 12"),
        ('[[hero]]\nname = "Vex"\nmight = "three"\n', "line 3: hero 'Vex', might: Expected `int"),
        ('[[item]]\nname = "Rope"\nweight = 50\n', "line 1: item 'Rope': an item's weight is from"),
        ('[[monster]]\nname = "Aox"\n', "line 1: no cards of kind [[monster]]"),
        ('[hero]\nname = "Vex"\n', "write [[hero]], one table per card"),
        ('[[item]]\nname = "Rope"\n\n[[item]]\nname = "rope"\n', "line 4: item 'rope' is already"),
        (
            '[[condition]]\nname = "Wet"\nnumber = 1\n',
            "condition number 1 is 'Invisible''s, from plugin 'ledger_base_game'",
        ),
        ("[[hero]]\nmight = 2\n", "line 1: [[hero]] needs a name"),
        ('[[hero]]\nname = "Vex\\u0007"\n', "unprintable"),
        ("# nothing here\n", "the pack holds no cards"),
    ],
)
def test_a_bad_pack_is_refused_with_its_line_and_field_and_writes_nothing(
    campaign: Invoke, tmp_path: Path, db_path: Path, invoke: Invoke, text: str, says: str
) -> None:
    refuse(invoke, db_path, "content", "add", pack(tmp_path, text), says=says)


def test_a_missing_or_huge_file_is_refused(
    campaign: Invoke, tmp_path: Path, db_path: Path, invoke: Invoke
) -> None:
    refuse(invoke, db_path, "content", "add", str(tmp_path / "none.toml"), says="none.toml")
    huge = tmp_path / "huge.toml"
    huge.write_bytes(b"#" * 1_000_001)
    refuse(invoke, db_path, "content", "add", str(huge), says="not a content pack")


def test_undo_and_at_know_the_pack_as_any_event(
    campaign: Invoke, tmp_path: Path, db_path: Path, invoke: Invoke
) -> None:
    campaign("content", "add", pack(tmp_path, PACK))
    before = as_json(campaign, "content", "show", "hero", "--name", "Venia", "--at", "1")
    assert before["cards"][0]["pack"] is None
    campaign("undo")
    refuse(invoke, db_path, "hero", "add", "Venia", says="does not know")
    campaign("redo")
    campaign("hero", "add", "Venia")
    assert "ok" in campaign("verify").output


def test_an_export_carries_the_pack_to_another_file(
    campaign: Invoke, tmp_path: Path, db_path: Path, invoke: Invoke
) -> None:
    campaign("content", "add", pack(tmp_path, PACK))
    exported = tmp_path / "moon.ndjson"
    campaign("export", str(exported))
    other = tmp_path / "other.db"
    assert invoke("--database", str(other), "import", str(exported)).exit_code == 0
    joined = invoke("--database", str(other), "hero", "add", "Venia")
    assert joined.exit_code == 0, joined.output
    assert "from the table's content pack cards.toml" in joined.output
    assert event_count(other) == event_count(db_path) + 1


def test_listings_and_completion_offer_the_packs_cards(campaign: Invoke, db_path: Path) -> None:
    campaign("content", "add", str(EXAMPLE))
    assert "Seal-bone Crampons" in campaign("item", "list").output
    assert " 11  Drenched" in campaign("condition", "list").output
    campaign("hero", "add", "Venia")
    assert _complete(db_path, "item gain Venia Seal") == ['"Seal-bone Crampons"']  # quoted for bash
    assert _complete(db_path, "condition add Venia Dre") == ["Drenched"]


def _complete(db: Path, words: str) -> list[str]:
    """What the shell is offered, through click's completion protocol (as bash asks)."""
    env = {**os.environ, "_CAMPAIGN_LEDGER_COMPLETE": "bash_complete", "LEDGER_DATABASE": str(db)}
    env.pop("LEDGER_CAMPAIGN", None)
    env["COMP_WORDS"] = f"campaign-ledger {words}"
    env["COMP_CWORD"] = str(len(words.split(" ")))
    done = subprocess.run([str(SCRIPT)], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return [line.split(",", 1)[1] for line in done.stdout.splitlines() if line]


def test_the_example_pack_in_examples_works_as_its_comments_say(campaign: Invoke) -> None:
    added = campaign("content", "add", str(EXAMPLE)).output
    assert "Content pack 'our-cards.toml'" in added
    assert "MADE UP" in EXAMPLE.read_text(encoding="utf-8")
    for hero in ("Venia", "Zuva'Sai"):
        campaign("hero", "add", hero)
    names = {c["name"] for c in as_json(campaign, "content", "show", "talent")["cards"]}
    assert "Rooftop Runner" in names


def test_a_file_without_packs_answers_content_show_from_the_plugins_alone(
    campaign: Invoke,
) -> None:
    cards = as_json(campaign, "content", "show")["cards"]
    assert cards
    assert all(card["pack"] is None for card in cards)
    assert {card["kind"] for card in cards} >= {"hero", "item", "talent", "condition"}


def test_the_web_api_offers_the_packs_cards_as_content_show_does(
    campaign: Invoke, tmp_path: Path, db_path: Path, pm: pluggy.PluginManager
) -> None:
    campaign("content", "add", pack(tmp_path, PACK))
    with client(db_path, pm) as web:
        items = web.get("/api/content?kind=item")
        assert items.json() == as_json(campaign, "content", "show", "item")
        assert "Seal-bone Crampons" in {card["name"] for card in items.json()["cards"]}
        before = web.get("/api/content?kind=hero&at=1").json()["cards"]
        assert all(card["pack"] is None for card in before)
        assert web.get("/api/content?kind=monster").status_code == 400
        assert "/api/content" in web.get("/api/openapi.json").json()["paths"]


def test_a_file_from_before_content_packs_takes_a_pack_and_still_verifies(
    tmp_path: Path, invoke: Invoke
) -> None:
    """The kept file from before issue 14 (tests/store/campaign_files) answers as it did: the
    kept-answers test there; here it also takes a pack and verifies after."""
    old = ("--database", str(copy_of("before_issue14.db", tmp_path)))
    shown = json.loads(invoke(*old, "content", "show", "hero", "--json").output)["cards"]
    assert all(card["pack"] is None for card in shown)
    assert invoke(*old, "content", "add", pack(tmp_path, PACK)).exit_code == 0
    done = invoke(*old, "verify")
    assert done.exit_code == 0, done.output
