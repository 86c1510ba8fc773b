"""``import ledger`` offers a small documented API, loaded name by name when first used, and
each subpackage offers what the rest may use through its facade."""

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import ledger
from ledger_base_game.actions import gain_stars
from ledger_base_game.events import HeroJoined

FACADES = (
    "ledger.model",
    "ledger.dice",
    "ledger.storage",
    "ledger.hosting",
    "ledger.campaign",
    "ledger.verification",
    "ledger.views",
)
# The facades whose names are imported when first used (ledger._facade).
LAZY = ("ledger.dice", "ledger.storage", "ledger.hosting", "ledger.campaign", "ledger.views")


def _loaded_after(code: str) -> list[str]:
    """The ledger modules a fresh interpreter has loaded after running ``code``."""
    shown = "print(sorted(m for m in sys.modules if m.startswith('ledger')))"
    done = subprocess.run(
        [sys.executable, "-c", f"import sys\n{code}\n{shown}"],
        capture_output=True,
        text=True,
        check=True,
    )
    loaded: list[str] = eval(done.stdout)  # a printed list of strings
    return loaded


def test_importing_ledger_loads_nothing_more() -> None:
    assert _loaded_after("import ledger") == ["ledger"]


def test_a_name_loads_only_what_it_needs() -> None:
    loaded = _loaded_after("from ledger import BadInput")
    assert loaded == ["ledger", "ledger.errors"]


def test_every_name_of_the_api_is_there_and_listed() -> None:
    for name in ledger.__all__:
        assert getattr(ledger, name) is not None, name
    assert set(ledger.__all__) <= set(dir(ledger))
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        ledger.nothing  # noqa: B018
    assert importlib.import_module("ledger.text").name_key("Zuva’Sai") == "zuva'sai"


@pytest.mark.parametrize("facade", FACADES)
def test_each_facade_offers_what_it_lists_and_no_private_name(facade: str) -> None:
    module = importlib.import_module(facade)
    assert module.__all__ == sorted(module.__all__, key=lambda n: (not n.isupper(), n))
    for name in module.__all__:
        assert not name.startswith("_"), name
        assert hasattr(module, name), name


def test_a_campaign_through_the_api_alone(tmp_path: Path) -> None:
    with ledger.Ledger.open(tmp_path / "api.db") as book:
        campaign = book.create_campaign("Moonsilver")
        campaign.record(
            [
                HeroJoined(
                    hero="Venia", might=2, agility=2, will=2, taunt=3, chips=9, wounded_chips=5
                )
            ]
        )
        recorded = campaign.do(gain_stars, hero="venia", amount=3)
        assert isinstance(recorded, ledger.Recorded)
        assert isinstance(recorded.after, ledger.CampaignState)
        assert campaign.state().hero("Venia").stars == 3
        assert campaign.state(at="2") == campaign.state(2)
        assert campaign.state(at="2").hero("Venia").stars == 0
        with pytest.raises(ledger.NotFound, match="no City step 1"):
            campaign.state(at="city-1")
        campaign.undo()
        assert campaign.state().hero("Venia").stars == 0
        campaign.redo()
        assert ledger.verify(book) == []
        export = tmp_path / "moonsilver.ndjson"
        with export.open("w", encoding="utf-8") as out:
            ledger.export_campaign(campaign, out)
        now = campaign.state()
    with (
        ledger.Ledger.open(tmp_path / "other.db") as other,
        export.open(encoding="utf-8") as lines,
    ):
        assert ledger.import_campaign(other, lines).state() == now


def _typed_homes(facade: str) -> dict[str, set[str]]:
    """What the facade imports under TYPE_CHECKING from each of its private modules, as
    ``_HOMES`` writes it (``name`` or ``name=attribute``)."""
    module = importlib.import_module(facade)
    tree = ast.parse(Path(str(module.__file__)).read_text(encoding="utf-8"))
    found: dict[str, set[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for imported in node.body:
                if isinstance(imported, ast.ImportFrom) and imported.module:
                    home = imported.module.removeprefix(f"{facade}.")
                    if home.startswith("_"):
                        names = found.setdefault(home, set())
                        names.update(
                            f"{a.asname}={a.name}" if a.asname else a.name for a in imported.names
                        )
    return found


@pytest.mark.parametrize("facade", LAZY)
def test_a_lazy_facade_gives_each_name_from_the_module_the_type_checker_reads(
    facade: str,
) -> None:
    module = importlib.import_module(facade)
    homes = {home: set(listed.split()) for home, listed in module._HOMES.items()}
    assert homes == _typed_homes(facade)
    for home, listed in homes.items():
        defining = importlib.import_module(f"{facade}.{home}")
        for entry in listed:
            name, _, attribute = entry.partition("=")
            assert getattr(module, name) is getattr(defining, attribute or name), entry
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        module.nothing  # noqa: B018


@pytest.mark.parametrize("facade", LAZY)
def test_importing_a_lazy_facade_loads_none_of_its_modules(facade: str) -> None:
    loaded = _loaded_after(f"import {facade}")
    assert [name for name in loaded if name.startswith(f"{facade}.")] == []


def test_a_name_of_a_lazy_facade_loads_only_its_own_module() -> None:
    loaded = _loaded_after("from ledger.campaign import Ledger")
    assert "ledger.campaign._ledger" in loaded
    for other in ("_diff", "_log", "_refs", "_sessions", "_timeline"):
        assert f"ledger.campaign.{other}" not in loaded
