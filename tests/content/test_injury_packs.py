"""Injury cards in the Registry (``register_injuries``) and in a content pack (``[[injury]]``):
`injury draw` brings the card's effects as the campaign knows it, a pack's card that
contradicts a plugin's is refused unless it says `override = true`, a malformed one is
refused with its line and field, and a card drawn keeps the effects it was drawn with."""

import json
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.cli import Invoke, hero, refuse
from tests.helpers.files import event_count, pack

KNEE = """\
[[injury]]
name = "Twisted Knee"
effect = "Treat your Agility level as being 1 lower."
effects = [{ kind = "ability", ability = "agility", amount = -1 }]
source = "our table"
"""

RIBS = """\
[[injury]]
name = "Broken Ribs"
effects = [{ kind = "ability", ability = "will", amount = -1 }]
"""


def odds(run: Invoke, *args: str) -> dict[str, Any]:
    return dict(json.loads(run("odds", *args, "--json").output))


def test_a_packs_injury_card_is_drawn_with_its_effects(party: Invoke, tmp_path: Path) -> None:
    added = party("content", "add", pack(tmp_path, KNEE)).output
    assert "injury Twisted Knee" in added
    drawn = party("injury", "draw", "Torrax", "twisted knee").output
    assert "Torrax draws the Injury card Twisted Knee (Agility -1)" in drawn
    assert "does not know" not in drawn
    assert odds(party, "Torrax", "agility", "1")["dice"] == 1  # Agility 2, one lower
    assert "Twisted Knee (Agility -1)" in party("hero", "sheet", "Torrax").output
    shown = json.loads(party("content", "show", "injury", "--json").output)["cards"]
    knee = next(card for card in shown if card["name"] == "Twisted Knee")
    assert knee["pack"] == "cards.toml"
    assert knee["values"]["effects"]["from"] == "cards.toml"
    ribs = next(card for card in shown if card["name"] == "Broken Ribs")
    assert ribs["plugin"] == "ledger_base_game"
    assert "UNVERIFIED" in json.dumps(ribs["values"]["confidence"])


def test_a_card_drawn_keeps_the_effects_it_was_drawn_with(party: Invoke, tmp_path: Path) -> None:
    party("content", "add", pack(tmp_path, KNEE))
    party("injury", "draw", "Torrax", "Twisted Knee")
    party("content", "add", pack(tmp_path, KNEE.replace("amount = -1", "amount = -2")))
    party("injury", "draw", "Zuva'Sai", "Twisted Knee")
    assert hero(party, "Torrax")["injury_effects"][0]["effects"][0]["amount"] == -1
    assert hero(party, "Zuva'Sai")["injury_effects"][0]["effects"][0]["amount"] == -2


def test_a_pack_contradicting_the_base_games_card_needs_override(
    party: Invoke, tmp_path: Path, invoke: Invoke, db_path: Path
) -> None:
    said = refuse(invoke, db_path, "content", "add", pack(tmp_path, RIBS), says="line 3")
    assert "Broken Ribs's effects is" in said
    assert "from plugin 'ledger_base_game' (Dized, Injury cards (effects))" in said
    assert "override = true" in said
    overridden = RIBS.replace("[[injury]]", "[[injury]]\noverride = true")
    party("content", "add", pack(tmp_path, overridden))
    drawn = party("injury", "draw", "Torrax", "Broken Ribs").output
    assert "Broken Ribs (Will -1)" in drawn
    assert odds(party, "Torrax", "might", "3")["dice"] == 3  # Might no longer lowered


def test_a_packs_confidence_does_not_relabel_a_plugins_card(
    party: Invoke, tmp_path: Path, invoke: Invoke, db_path: Path
) -> None:
    """How sure a plugin is of its card is its own datum: a pack does not change it silently
    (its own ``source`` it may give)."""
    text = '[[injury]]\nname = "Battered"\nsource = "our copy"\nconfidence = "CONFIRMED twice"\n'
    refuse(invoke, db_path, "content", "add", pack(tmp_path, text), says="confidence is")
    same = text.replace(' twice"', '"')
    assert party("content", "add", pack(tmp_path, same)).exit_code == 0


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (
            '[[injury]]\nname = "Odd"\neffects = [{ kind = "ability", ability = "luck" }]\n',
            "line 3: injury 'Odd': an ability effect names might, agility or will, not luck",
        ),
        (
            '[[injury]]\nname = "Odd"\n\neffects = [{ kind = "bleeding", amount = 1 }]\n',
            "line 4: injury 'Odd', effects: Invalid enum value 'bleeding'",
        ),
        (
            '[[injury]]\nname = "Odd"\neffects = [{ kind = "stamina", amount = 3 }]\n',
            "line 3: injury 'Odd': a stamina face takes 0, 1 or 2 stamina at most",
        ),
        ('[[injury]]\nname = "Odd"\nduration = 2\n', "line 3: [[injury]] has no field 'duration'"),
        ('[[injury]]\neffect = "Ouch"\n', "line 1: [[injury]] needs a name"),
        ('[[injury]]\nname = "Odd"\neffect = 3\n', "line 3: injury 'Odd', effect: Expected `str`"),
    ],
)
def test_a_bad_injury_card_is_refused_with_its_line_and_field_and_writes_nothing(
    party: Invoke, tmp_path: Path, db_path: Path, invoke: Invoke, text: str, says: str
) -> None:
    before = event_count(db_path)
    refuse(invoke, db_path, "content", "add", pack(tmp_path, text), says=says)
    assert event_count(db_path) == before
