"""The example expansion (plugins/example_expansion), installed with pip and found through its
entry point: it adds content, changes what items answer, records its events with its name and
version, vetoes what its validator refuses, and a campaign recorded with it replays the same.
Without it, such a campaign is refused naming it, and `log` still shows the raw events."""

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pluggy
import pytest
from click.testing import CliRunner, Result

from ledger.campaign import History, Ledger, Projector, metas_from_rows
from ledger.errors import PluginError
from ledger.hosting import Registry, get_plugin_manager, item_answers
from ledger.model import META_TYPES, Item, Situation
from ledger.storage import row_values
from ledger_cli.app import build_cli
from tests.helpers.expansion import PLUGIN, install_example_expansion
from tests.helpers.files import event_count, rows_of

TORRAX = ("hero", "add", "Torrax", "--agility", "2", "--will", "2", "--taunt", "6")
TORRAX += ("--wounded-chips", "5")
VENIA = ("hero", "add", "Venia", "--might", "2", "--agility", "3", "--will", "2", "--taunt", "3")
VENIA += ("--wounded-chips", "4")
GADGET = Item(name="Clockwork Gadget", hands=1, phrases=("Opens any lock",))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return install_example_expansion(tmp_path_factory.mktemp("expansion"))


@pytest.fixture
def installed(site: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.syspath_prepend(str(site))
    return site


def cli(pm: pluggy.PluginManager, db_path: Path, *args: str) -> Result:
    return CliRunner().invoke(build_cli(pm), ["--database", str(db_path), *args])


def ok(pm: pluggy.PluginManager, db_path: Path, *args: str) -> Result:
    result = cli(pm, db_path, *args)
    assert result.exit_code == 0, f"{args}: {result.output}"
    return result


def guild(pm: pluggy.PluginManager, db_path: Path) -> None:
    """A campaign where Torrax builds a gadget with the expansion's command."""
    ok(pm, db_path, "campaign", "new", "Guild")
    ok(pm, db_path, *TORRAX)
    ok(pm, db_path, *VENIA)
    ok(pm, db_path, "item", "gain", "Torrax", "Tinker's Kit")
    ok(pm, db_path, "gadget", "build", "Torrax")


def test_it_is_found_through_its_entry_point(installed: Path) -> None:
    pm = get_plugin_manager()
    plugin = pm.get_plugin(PLUGIN)
    assert plugin is not None
    assert Path(plugin.__file__).is_relative_to(installed)  # the pip-installed copy
    listed = json.loads(ok(pm, installed / "x.db", "plugins", "--json").stdout)
    (entry,) = [p for p in listed if p["name"] == PLUGIN]
    assert entry["version"] == "0.2.0"
    assert {"register_commands", "validate_event", "interpret_item_phrase"} <= set(entry["hooks"])


def test_without_it_installed_it_is_not_loaded() -> None:
    assert get_plugin_manager().get_plugin(PLUGIN) is None


def test_it_registers_content_and_an_event_type(installed: Path) -> None:
    registry = Registry(get_plugin_manager())
    assert registry.talents.get("tinkering").profession == "Tinkerer"
    assert registry.items.get("Clockwork Gadget").phrases == ("Opens any lock",)
    assert registry.event_types["example:gadget-built"][1] == PLUGIN
    assert registry.injuries.owner("gear-pinched fingers") == PLUGIN


def test_its_injury_card_is_drawn_with_its_effect(installed: Path, db_path: Path) -> None:
    pm = get_plugin_manager()
    ok(pm, db_path, "campaign", "new", "Guild")
    ok(pm, db_path, *TORRAX)
    drawn = ok(pm, db_path, "injury", "draw", "Torrax", "Gear-Pinched Fingers").output
    assert "Gear-Pinched Fingers (-1 on active checks)" in drawn
    assert "does not know" not in drawn
    odds = json.loads(ok(pm, db_path, "odds", "Torrax", "might", "2", "--json").stdout)
    assert odds["bonus"] == -1


def test_it_changes_which_items_answer_a_phrase(installed: Path, db_path: Path) -> None:
    with_it, base_only = get_plugin_manager(), get_plugin_manager(allowed={"ledger_base_game"})
    assert item_answers(with_it, GADGET, "Lock picking")
    assert not item_answers(base_only, GADGET, "Lock picking")
    assert not item_answers(with_it, GADGET, "Blocking")
    assert item_answers(base_only, GADGET, "opens any lock")  # the printed phrase still works
    ok(with_it, db_path, "campaign", "new", "Guild")
    ok(with_it, db_path, *TORRAX)
    ok(with_it, db_path, "item", "gain", "Torrax", "Tinker's Kit")
    before = json.loads(ok(with_it, db_path, "phrase", "Torrax", "Lock picking", "--json").stdout)
    ok(with_it, db_path, "gadget", "build", "Torrax")
    after = json.loads(ok(with_it, db_path, "phrase", "Torrax", "Lock picking", "--json").stdout)
    assert before["answered_by"] == []
    assert after["answered_by"] == ["item Clockwork Gadget"]


def test_its_modifier_type_decides_on_the_heros_gadgets(installed: Path, db_path: Path) -> None:
    pm = get_plugin_manager()
    guild(pm, db_path)
    registry = Registry(pm)
    modifier = registry.modifier_types.get("gadgets")
    with Ledger.open(db_path, registry, create=False) as ledger:
        campaign = ledger.campaign()
        state, before = campaign.state(), campaign.state(campaign.head().seq - 1)

    def judged(at: Any, value: str) -> bool:
        hero = at.hero("Torrax")
        return modifier.judge(
            Situation(state=at, hero=hero, discarding=(), registry=registry), value
        ).met

    assert judged(state, "1")
    assert not judged(state, "2")
    assert not judged(before, "1")  # before the gadget was built


def test_its_modifier_type_changes_check_results(installed: Path, db_path: Path) -> None:
    pm = get_plugin_manager()
    guild(pm, db_path)
    roll = ("check", "Torrax", "might", "5", "--roll", "2 1 1")  # Torrax: Might 3
    met = cli(pm, db_path, *roll, "--modifier", "+2:gadgets=1", "--json")
    unmet = cli(pm, db_path, *roll, "--modifier", "+2:gadgets=2", "--json")
    assert met.exit_code == unmet.exit_code == 0, met.output + unmet.output
    assert json.loads(met.stdout)["total"] == 6
    assert json.loads(met.stdout)["success"] is True
    assert json.loads(unmet.stdout)["total"] == 4
    assert json.loads(unmet.stdout)["success"] is False


def test_a_phrase_its_items_answer_counts_on_a_check(installed: Path, db_path: Path) -> None:
    """The phrase modifier asks ``interpret_item_phrase`` as ``phrase`` does: the gadget
    "opens any lock", so it answers a check's "Lock picking"."""
    pm = get_plugin_manager()
    guild(pm, db_path)
    roll = ("check", "Torrax", "might", "5", "--roll", "2 1 1", "--json")  # Torrax: Might 3
    met = json.loads(ok(pm, db_path, *roll, "--modifier", "+2:phrase=Lock picking").stdout)
    unmet = json.loads(ok(pm, db_path, *roll, "--modifier", "+2:phrase=Blocking").stdout)
    assert (met["total"], met["success"]) == (6, True)
    assert met["modifiers"][0]["why"] == "Clockwork Gadget has the phrase Lock picking"
    assert (unmet["total"], unmet["success"]) == (4, False)


def test_its_events_record_the_plugin_and_version(installed: Path, db_path: Path) -> None:
    guild(get_plugin_manager(), db_path)
    last = rows_of(db_path)[-1]
    assert (last["type"], last["plugin"], last["plugin_version"]) == (
        "example:gadget-built",
        PLUGIN,
        "0.2.0",
    )
    assert last["schema"] == 2  # 0.2.0 records the cost (0.1.0's rows are upcast)
    payload = {"type": "example:gadget-built", "hero": "Torrax", "cost": 1}
    assert json.loads(last["payload"]) == payload


def test_its_validator_vetoes_giving_a_gadget(installed: Path, db_path: Path) -> None:
    pm = get_plugin_manager()
    guild(pm, db_path)
    count = event_count(db_path)
    given = cli(
        pm, db_path, "item", "give", "Clockwork Gadget", "--from", "Torrax", "--to", "Venia"
    )
    assert given.exit_code == 1
    assert f"plugin '{PLUGIN}'" in given.output
    assert "cannot be given" in given.output
    assert event_count(db_path) == count
    ok(pm, db_path, "item", "give", "Tinker's Kit", "--from", "Torrax", "--to", "Venia")


def test_a_campaign_with_it_replays_to_the_same_state(installed: Path, db_path: Path) -> None:
    pm = get_plugin_manager()
    guild(pm, db_path)
    ok(pm, db_path, "gadget", "build", "Torrax")
    ok(pm, db_path, "undo")
    with Ledger.open(db_path, Registry(pm), create=False) as ledger:
        recorded = ledger.campaign().state()
    fresh = Registry(get_plugin_manager())
    with Ledger.open(db_path, fresh, create=False) as ledger:
        rows = ledger.store.rows("Guild")
        projector = Projector(ledger.store, fresh, "Guild")
        reverted = History(metas_from_rows(r for r in rows if r.type in META_TYPES)).reverted()
        replayed = projector.fold([[row_values(row) for row in rows]], reverted)
    assert replayed == recorded
    assert [item.name for item in recorded.hero("Torrax").items].count("Clockwork Gadget") == 1
    assert "ok" in ok(pm, db_path, "verify").output


def test_opened_without_it_the_campaign_names_it(installed: Path, db_path: Path) -> None:
    guild(get_plugin_manager(), db_path)
    stored = rows_of(db_path)
    base_only = get_plugin_manager(allowed={"ledger_base_game"})
    with (
        Ledger.open(db_path, Registry(base_only), create=False) as ledger,
        pytest.raises(PluginError, match=PLUGIN) as refused,
    ):
        ledger.campaign().state()
    assert "is installed but left out by LEDGER_LOAD_PLUGINS" in str(refused.value)
    verified = cli(base_only, db_path, "verify")
    assert verified.exit_code == 1
    assert f"plugin '{PLUGIN}' 0.2.0; " in verified.output
    assert "installed but left out by LEDGER_LOAD_PLUGINS: add" in verified.output
    log = json.loads(ok(base_only, db_path, "log", "--json").stdout)
    assert log[-1]["type"] == "example:gadget-built"
    assert log[-1]["payload"] == {"type": "example:gadget-built", "hero": "Torrax", "cost": 1}
    assert cli(base_only, db_path, "gadget", "list").exit_code == 2  # not offered
    assert rows_of(db_path) == stored


def run(site: Path | None, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("LEDGER_")}
    env.pop("PYTHONPATH", None)
    if site is not None:
        env["PYTHONPATH"] = str(site)
    return subprocess.run(
        [sys.executable, *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=120
    )


def test_the_installed_console_sees_it_only_when_installed(site: Path, tmp_path: Path) -> None:
    database = str(tmp_path / "ledger.db")
    with_it = run(site, "-m", "ledger_cli", "--database", database, "plugins", "--json")
    without = run(None, "-m", "ledger_cli", "--database", database, "plugins", "--json")
    assert with_it.returncode == without.returncode == 0, with_it.stderr + without.stderr
    assert [p["name"] for p in json.loads(with_it.stdout)] == ["ledger_base_game", PLUGIN]
    assert [p["name"] for p in json.loads(without.stdout)] == ["ledger_base_game"]


def test_the_authors_own_tests_pass_with_the_pytest_plugin(site: Path) -> None:
    """The expansion's tests use only the fixtures and contract tests of campaign-ledger's
    pytest plugin (loaded through its pytest11 entry point)."""
    source = site.parent / "source"
    result = run(site, "-m", "pytest", "-q", "-p", "no:cacheprovider", cwd=source)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "9 passed" in result.stdout


def test_its_parts_describe_themselves_on_the_pages(installed: Path, db_path: Path) -> None:
    from tests.helpers.web import client

    pm = get_plugin_manager()
    guild(pm, db_path)
    with client(db_path, pm) as web:
        party = web.get("/").text
        assert "1 gadget built (1 stamina spent on them)" in party  # Torrax's card
        assert "the Guild counts 1 gadget" in party  # the party sheet
        assert "1 gadget built" in web.get("/heroes/Torrax").text
        asked = web.get("/api/queries/gadgets_carried")  # its query answers on the web
        assert asked.status_code == 200, asked.text
        assert "Torrax" in asked.text
