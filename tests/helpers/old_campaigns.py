"""Campaign files written by earlier versions, kept in ``tests/store/campaign_files`` with the
answers the ledger gave when they were written: after a rule changes, such a file must still
open, verify and answer exactly the same (old events keep their old meaning)."""

import json
import shutil
from pathlib import Path
from typing import Any

from ledger_pytest.plugin import Invoke

FILES = Path(__file__).resolve().parents[1] / "store" / "campaign_files"

# What is asked of ``before_issue14.db`` (after ``campaign-ledger``, each with ``--json``).
BEFORE_ISSUE14_QUESTIONS: list[list[str]] = [
    ["verify"],
    *(["party", "show", "--at", str(at)] for at in (5, 8, 12, 15, 22, 26, 27, 29, 36, 37, 38)),
    ["party", "show"],
    ["party", "sheet"],
    *(["stock", "show", "--at", str(at)] for at in (8, 12, 15, 22, 29)),
    ["stock", "show"],
    ["hero", "show", "Torrax", "--at", "38"],
    ["hero", "show", "Zuva'Sai", "--at", "37"],
    ["hero", "show", "Venia"],
]

# What is asked of ``before_issue27.db``: its Stock (snapshots of 130 discards) at points
# before, between and after its snapshots, and the Heroes who gained from it.
BEFORE_ISSUE27_QUESTIONS: list[list[str]] = [
    ["verify"],
    *(["stock", "show", "--at", str(at)] for at in (7, 8, 99, 100, 101, 150, 200, 201, 270)),
    ["stock", "show"],
    *(["party", "show", "--at", str(at)] for at in (100, 268, 272)),
    ["party", "show"],
    ["hero", "show", "Torrax", "--at", "150"],
    ["hero", "show", "Venia"],
]


def copy_of(name: str, folder: Path) -> Path:
    """A copy of the kept file ``name`` in ``folder`` (the kept one is never written)."""
    return Path(shutil.copy(FILES / name, folder / name))


def answers(invoke: Invoke, questions: list[list[str]]) -> list[dict[str, Any]]:
    """Each question with the JSON the ledger answers."""
    found = []
    for question in questions:
        result = invoke(*question, "--json")
        assert result.exit_code == 0, f"{question}:\n{result.output}"
        found.append({"question": question, "answer": json.loads(result.output)})
    return found


def kept_answers(name: str) -> list[dict[str, Any]]:
    return list(json.loads((FILES / name).read_text(encoding="utf-8")))


# What is asked of ``before_issue25.db`` (written by main dd4720a; see before_issue25.sh).
BEFORE_ISSUE25_QUESTIONS: list[list[str]] = [
    ["verify"],
    *(
        ["party", "show", "--at", str(at)]
        for at in (11, 12, 13, 14, 15, 16, 19, 20, 23, 24, 27, 28, 29)
    ),
    ["party", "show"],
    ["party", "sheet"],
    ["hero", "show", "Torrax", "--at", "15"],
    ["hero", "show", "Venia", "--at", "16"],
    ["hero", "show", "Torrax"],
    ["city", "show", "--at", "13"],
    ["city", "show", "--at", "28"],
    ["odds", "Torrax", "might", "3", "--at", "14"],
    ["odds", "Torrax", "might", "3", "--at", "19"],
]

# What is asked of ``before_cards.db`` (written by main 051d33e; see before_cards.sh): the
# Injury cards held, the pack's item and Talent, checks counting items, the odds of each kind.
BEFORE_CARDS_QUESTIONS: list[list[str]] = [
    ["verify"],
    *(["party", "show", "--at", str(at)] for at in (5, 9, 16, 17, 19, 25, 27, 28, 30, 32)),
    ["party", "show"],
    ["party", "sheet"],
    ["hero", "show", "Torrax"],
    ["hero", "show", "Venia"],
    ["content", "show", "item"],
    ["content", "show", "talent", "--name", "Hideout: The Pit"],
    ["odds", "Torrax", "might", "3"],
    ["odds", "Venia", "agility", "2", "--reactive"],
    ["odds", "Venia", "agility", "--damage", "2"],
    ["odds", "--group", "agility", "4", "--at", "19"],
    ["stock", "show"],
]
