"""A plugin that fails never takes the ledger down (issue 15): a failing registering hook or a
malformed answer is left out with a warning on every command, once; what would be silently
ignored (a misspelt hook, a hook without @hookimpl, a clashing condition number) is refused
naming both sides; an unexpected error in a plugin's code ends the command naming the plugin,
with the traceback only under --debug or LEDGER_DEBUG=1."""

import json
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
import pluggy
import pytest
from click.testing import CliRunner, Result

from ledger.errors import PluginError
from ledger.hosting import (
    CommandGroup,
    Registry,
    get_plugin_manager,
    hookimpl,
    hookspec,
)
from ledger.model import (
    CampaignState,
    ConditionSpec,
    Event,
    HeroEvent,
    ItemSpec,
    ModifierType,
    Situation,
    TalentSpec,
    Verdict,
)
from ledger_cli.app import build_cli
from ledger_cli.helpers import App, Command, pass_app
from tests.helpers.files import event_count
from tests.helpers.plugin_sites import fake_distribution

TORRAX = ("hero", "add", "Torrax", "--agility", "2", "--will", "2", "--taunt", "5")
TORRAX += ("--wounded-chips", "5")


def run(pm: pluggy.PluginManager, db_path: Path, *args: str) -> Result:
    return CliRunner().invoke(build_cli(pm), ["--database", str(db_path), *args])


def ok(pm: pluggy.PluginManager, db_path: Path, *args: str) -> Result:
    result = run(pm, db_path, *args)
    assert result.exit_code == 0, f"{args}: {result.output}"
    return result


def with_plugins(*plugins: tuple[str, object]) -> pluggy.PluginManager:
    pm = get_plugin_manager()
    for name, plugin in plugins:
        pm.register(plugin, name=name)
    return pm


def plugin_of(**hooks: Callable[..., Any]) -> types.SimpleNamespace:
    return types.SimpleNamespace(
        **{name: hookimpl(specname=name)(function) for name, function in hooks.items()}
    )


def talents() -> list[TalentSpec]:
    return [TalentSpec(name="Icecraft", profession="Tinkerer")]


# 3. One bad content hook leaves that plugin's answer out; everything else works


def missing_field() -> list[ItemSpec]:
    return [ItemSpec(weight=1)]  # type: ignore[call-arg]  # no name: TypeError


def wrong_type() -> list[ConditionSpec]:
    return [ConditionSpec(name="Chilled", number="three")]  # type: ignore[arg-type]


def base_game_name() -> list[ConditionSpec]:
    return [ConditionSpec(name="CURSED", number=12)]


BAD = {
    "a Spec missing a required field": (
        plugin_of(register_items=missing_field, register_talents=talents),
        "plugin 'frost' failed in hook register_items: TypeError: Missing required argument "
        "'name'; its answer is left out",
    ),
    "a Spec with a field of the wrong type": (
        plugin_of(register_conditions=wrong_type, register_talents=talents),
        "plugin 'frost' registered a malformed ConditionSpec 'Chilled': Expected `int`, got "
        "`str` - at `$.number`; that entry is left out",
    ),
    "a condition with a base-game name": (
        plugin_of(register_conditions=base_game_name, register_talents=talents),
        "condition 'CURSED' is registered by both plugin 'ledger_base_game' and plugin 'frost'; "
        "the one of plugin 'frost' is left out (rename it in one of them)",
    ),
}


@pytest.mark.parametrize("bad", BAD)
def test_a_bad_content_hook_is_left_out_and_every_command_works(bad: str, db_path: Path) -> None:
    plugin, warning = BAD[bad]
    pm = with_plugins(("frost", plugin))
    for args in (("campaign", "new", "Test"), TORRAX, ("damage", "Torrax", "2")):
        result = ok(pm, db_path, *args)
        assert result.stderr == f"Warning: {warning}\n"
    assert "ok" in ok(pm, db_path, "verify").stdout
    assert event_count(db_path) == 3
    registry = Registry(pm, strict=False)
    assert registry.talents.owner("Icecraft") == "frost"  # the rest of it still counts
    assert registry.conditions.get("Cursed").number == 7
    with pytest.raises(PluginError):
        Registry(pm)  # strict, as authors' tests build it: the failure is raised


def test_a_clash_leaves_out_only_the_clashing_entry() -> None:
    """Issue 24 finding 1: one base-game name in a plugin's answer used to drop all of it."""
    half = plugin_of(
        register_talents=lambda: [
            TalentSpec(name="Icecraft", profession="Tinkerer"),
            TalentSpec(name="Burglary", profession="Thief"),  # the base game's
        ]
    )
    registry = Registry(with_plugins(("frost", half)), strict=False)
    assert registry.talents.owner("Icecraft") == "frost"
    assert registry.talents.owner("Burglary") == "ledger_base_game"
    assert registry.problems == [
        "Talent 'Burglary' is registered by both plugin 'ledger_base_game' and plugin 'frost'; "
        "the one of plugin 'frost' is left out (rename it in one of them)"
    ]


# 4. Nothing is accepted silently


def test_a_condition_number_the_base_game_uses_is_refused_naming_both(db_path: Path) -> None:
    """The third-condition rule discards the lowest number: two conditions may not share one."""
    chilled = plugin_of(register_conditions=lambda: [ConditionSpec(name="Chilled", number=7)])
    pm = with_plugins(("frost", chilled))
    with pytest.raises(PluginError) as refused:
        Registry(pm)
    assert str(refused.value) == (
        "condition number 7 is registered by both plugin 'ledger_base_game' (Cursed) and "
        "plugin 'frost' (Chilled); Chilled of plugin 'frost' is left out: give it another number"
    )
    created = ok(pm, db_path, "campaign", "new", "Test")
    assert f"Warning: {refused.value}\n" in created.stderr
    assert Registry(pm, strict=False).conditions.find("Chilled") is None


MISSPELT = """
from ledger.hosting import hookimpl
from ledger.model import TalentSpec

@hookimpl
def register_talent():
    return [TalentSpec(name="Icecraft", profession="Tinkerer")]
"""
UNMARKED = """
from ledger.model import ItemSpec

def register_items():
    return [ItemSpec(name="Crampons")]
"""


@pytest.mark.parametrize(
    ("module", "code", "why"),
    [
        ("misspelt", MISSPELT, "register_talent is not a hook (did you mean register_talents?)"),
        ("unmarked", UNMARKED, "register_items has no @hookimpl, so it is never called"),
    ],
)
def test_a_hook_that_would_never_be_called_refuses_the_plugin(
    module: str,
    code: str,
    why: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    db_path: Path,
) -> None:
    site = tmp_path / "site"
    fake_distribution(site, "frost-expansion", module, code)
    monkeypatch.syspath_prepend(str(site))
    with pytest.warns(UserWarning, match="failed to validate"):
        pm = get_plugin_manager()
    assert pm.get_plugin(module) is None
    assert pm.failed[module] == f"failed to validate (from frost-expansion): {why}"
    created = ok(pm, db_path, "campaign", "new", "Test")
    assert created.stderr == (
        f"Warning: plugin {module!r} failed to validate (from frost-expansion): {why}; "
        "it is not loaded\n"
    )


class Weather:
    """A hookspec another part of the project may add, as the web app added register_actions."""

    @staticmethod
    @hookspec
    def register_weather() -> list[object]:
        """Kinds of weather."""


def test_every_hookspec_the_manager_declares_is_a_hook() -> None:
    pm = get_plugin_manager()
    pm.add_hookspecs(Weather)
    misspelt = plugin_of(register_action=lambda: [])
    pm.register(misspelt, name="misspelt")
    with pytest.raises(PluginError) as refused:
        pm.check(misspelt)
    assert str(refused.value) == "register_action is not a hook (did you mean register_actions?)"
    assert pm.get_plugin("misspelt") is None  # left out
    web = plugin_of(register_actions=lambda: [], register_weather=lambda: [])
    pm.register(web, name="web")
    pm.check(web)  # accepted
    assert pm.get_plugin("web") is web


# 2. Failures are never silent


def commands_then_boom(cli: CommandGroup) -> None:
    @cli.command("thaw")
    def thaw() -> None:
        """Thaw a Hero."""

    raise RuntimeError("the gears jammed")


def test_a_plugin_failing_to_add_commands_is_named_everywhere(db_path: Path) -> None:
    pm = with_plugins(("frost", plugin_of(register_commands=commands_then_boom)))
    problem = (
        "plugin 'frost' failed in hook register_commands: RuntimeError: the gears jammed; "
        "its commands are not available"
    )
    assert ok(pm, db_path, "campaign", "new", "Test").stderr.count(problem) == 1
    listed = ok(pm, db_path, "plugins")  # listed once, without a warning repeating it
    assert listed.stderr == ""
    assert f"frost unknown  hooks: register_commands\n  FAILED: {problem}\n" in listed.stdout
    (frost,) = [
        p for p in json.loads(ok(pm, db_path, "plugins", "--json").stdout) if p["name"] == "frost"
    ]
    assert frost["problems"] == [problem]
    missing = run(pm, db_path, "thaw")
    assert missing.exit_code == 2
    assert f"No such command 'thaw'. A plugin would offer it, but {problem}." in missing.stderr
    unknown = run(pm, db_path, "freeze")
    assert "Failing plugins may offer it ('frost'): see `campaign-ledger plugins`." in (
        unknown.stderr
    )


def test_a_batch_warns_once(db_path: Path, tmp_path: Path) -> None:
    pm = with_plugins(("frost", plugin_of(register_items=missing_field)))
    lines = tmp_path / "lines.txt"
    lines.write_text("campaign new Test\n" + " ".join(TORRAX) + "\ndamage Torrax 1\n")
    result = ok(pm, db_path, "batch", str(lines))
    assert result.stderr.count("Warning:") == 1, result.stderr
    assert event_count(db_path) == 3


# 5. An unexpected error in a plugin's code: named, nothing written, no traceback


class Frostbite(HeroEvent, tag="frost:frostbite", frozen=True, kw_only=True):
    amount: int = 1

    def apply(self, state: CampaignState) -> CampaignState:
        return state if self.amount < 3 else {}["chill"]  # type: ignore[no-any-return]


def frost_judge(situation: Situation, value: str) -> Verdict:
    raise ZeroDivisionError("division by zero")


@click.command("frostbite", cls=Command)
@click.argument("hero")
@click.argument("amount", type=int)
@pass_app
def frostbite(app: App, hero: str, amount: int) -> None:
    if amount == 0:
        raise AttributeError("'NoneType' object has no attribute 'chips'")
    app.record(Frostbite(hero=hero, amount=amount))


class Frost:
    @staticmethod
    @hookimpl
    def register_event_types() -> list[type[Event]]:
        return [Frostbite]

    @staticmethod
    @hookimpl
    def register_modifier_types() -> list[ModifierType]:
        return [ModifierType(name="frost", judge=frost_judge)]

    @staticmethod
    @hookimpl
    def register_commands(cli: CommandGroup) -> None:
        cli.add_command(frostbite)


CRASHES = {
    "an event's apply": (
        ("frostbite", "Torrax", "3"),
        "plugin 'frost' failed applying event 'frost:frostbite': KeyError: 'chill' "
        "(--debug or LEDGER_DEBUG=1 shows the traceback)",
    ),
    "a modifier's judge": (
        ("check", "Torrax", "might", "5", "--roll", "2 1 1", "--modifier", "+1:frost=1"),
        "plugin 'frost' failed judging the modifier type 'frost': ZeroDivisionError: "
        "division by zero (--debug or LEDGER_DEBUG=1 shows the traceback)",
    ),
    "a command": (
        ("frostbite", "Torrax", "0"),
        "plugin 'frost' failed running `frostbite`: AttributeError: 'NoneType' object has "
        "no attribute 'chips'; nothing was written (--debug or LEDGER_DEBUG=1 shows the "
        "traceback)",
    ),
}


@pytest.mark.parametrize("crash", CRASHES)
def test_a_plugin_crashing_is_named_and_nothing_is_written(
    crash: str, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    args, message = CRASHES[crash]
    pm = with_plugins(("frost", Frost()))
    ok(pm, db_path, "campaign", "new", "Test")
    ok(pm, db_path, *TORRAX)
    count = event_count(db_path)
    result = run(pm, db_path, *args)
    assert (result.exit_code, result.stderr) == (1, f"Error: {message}\n")
    assert isinstance(result.exception, SystemExit)
    assert event_count(db_path) == count
    debugged = run(pm, db_path, "--debug", *args)
    assert debugged.stderr.startswith("Traceback (most recent call last):")
    assert debugged.stderr.endswith(f"Error: {message}\n")
    monkeypatch.setenv("LEDGER_DEBUG", "1")
    assert run(pm, db_path, *args).stderr == debugged.stderr
    assert event_count(db_path) == count


def test_a_stored_event_a_plugin_can_no_longer_apply_is_named(db_path: Path) -> None:
    pm = with_plugins(("frost", Frost()))
    ok(pm, db_path, "campaign", "new", "Test")
    ok(pm, db_path, *TORRAX)
    ok(pm, db_path, "frostbite", "Torrax", "2")
    monkeypatch = pytest.MonkeyPatch()
    with monkeypatch.context() as patched:  # the plugin, upgraded with a bug
        patched.setattr(Frostbite, "apply", lambda self, state: 1 / 0)
        shown = run(pm, db_path, "hero", "list")
    assert (shown.exit_code, shown.stderr) == (
        1,
        "Error: event #3: plugin 'frost' failed applying event 'frost:frostbite': "
        "ZeroDivisionError: division by zero (--debug or LEDGER_DEBUG=1 shows the traceback)\n",
    )


class Unmarked:
    """A plugin class whose hook lost its marker."""

    @staticmethod
    def register_talents() -> list[TalentSpec]:
        return talents()


def test_an_unmarked_hook_of_a_plugin_class_is_found() -> None:
    pm = get_plugin_manager()
    plugin = Unmarked()
    pm.register(plugin, name="unmarked")
    with pytest.raises(PluginError, match="register_talents has no @hookimpl"):
        pm.check(plugin)
