"""The plugin guide's Frozen North works as printed: the Python of its steps 2 to 6, put
together as one package with its content.toml, is a plugin whose Profession, item phrase,
modifier type, condition with rules, event with state and command all do what the guide
says."""

import json
import re
import sys
from types import ModuleType

import pytest

from ledger.hosting import Registry
from tests.helpers import ROOT
from tests.helpers.cli import Invoke
from tests.helpers.party import ADD_TORRAX

GUIDE = (ROOT / "docs" / "plugins.md").read_text()
PACKAGE = "frozen_north_from_the_guide"


def step(number: int) -> str:
    start = GUIDE.index(f"\n## {number}. ")
    return GUIDE[start : GUIDE.index("\n## ", start + 1)]


def blocks(text: str, language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", text, re.DOTALL)


@pytest.fixture(scope="module")
def frozen_north(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    folder = tmp_path_factory.mktemp("guide") / PACKAGE
    folder.mkdir()
    (folder / "content.toml").write_text(blocks(step(2), "toml")[0])
    code = "\n".join(block for number in range(2, 7) for block in blocks(step(number), "python"))
    (folder / "__init__.py").write_text(code)
    sys.path.insert(0, str(folder.parent))
    try:
        __import__(PACKAGE)
    finally:
        sys.path.remove(str(folder.parent))
    return sys.modules[PACKAGE]


@pytest.fixture
def ledger_plugins(frozen_north: ModuleType) -> list[object]:
    return [frozen_north]


@pytest.fixture
def torrax(ok: Invoke) -> None:
    ok("campaign", "new", "North")
    ok(*ADD_TORRAX)


def test_content_and_the_item_phrase(ok: Invoke, torrax: None, registry: Registry) -> None:
    assert registry.professions.get("Trapper").talents == ("Ice Fishing",)
    ok("item", "gain", "Torrax", "Crampons")
    assert "Crampons" in ok("phrase", "Torrax", "icy slope").stdout
    assert "Chilled" in ok("condition", "list").stdout


def test_the_event_keeps_its_state_and_its_rule(ok: Invoke, invoke: Invoke, torrax: None) -> None:
    ok("frostbite", "Torrax", "2")
    hero = json.loads(ok("hero", "show", "Torrax", "--json").stdout)
    assert hero["plugins"]["frozen_north"] == {"count": 2}
    refused = invoke("frostbite", "Torrax", "2")
    assert refused.exit_code == 1
    assert "Torrax has 2 frostbite; the most is 3" in refused.stderr
    assert "AMOUNT must be from 1 to 3" in invoke("frostbite", "Torrax", "4").stderr


def test_the_frost_modifier_applies_with_enough_frostbite(ok: Invoke, torrax: None) -> None:
    check = ("check", "Torrax", "might", "3", "--roll", "1 1 1", "--modifier", "-1:frost=2")
    assert json.loads(ok(*check, "--json").stdout)["success"] is True
    ok("frostbite", "Torrax", "2")
    assert json.loads(ok(*check, "--json").stdout)["success"] is False


def test_chilled_takes_a_die_from_might_checks_only(ok: Invoke, torrax: None) -> None:
    def dice(ability: str) -> int:
        return int(json.loads(ok("odds", "Torrax", ability, "2", "--json").stdout)["dice"])

    before = dice("might"), dice("will")
    ok("step", "city")
    ok("step", "journey")
    ok("step", "scenario", "1")
    ok("condition", "add", "Torrax", "Chilled")
    assert (dice("might"), dice("will")) == (before[0] - 1, before[1])
