"""Dice as data: face lists, die definitions from TOML and plugins, seeded rolls, and the
modifier requirement types (a plugin's works exactly like a built-in one)."""

import re
from pathlib import Path

import msgspec
import pytest

from ledger.dice import DiceSet, check_dice, load_dice_file, parse_faces, roll
from ledger.errors import BadInput, NotFound, PluginError
from ledger.hosting import Registry, get_plugin_manager, hookimpl
from ledger.model import (
    CampaignState,
    Hero,
    Item,
    Keyword,
    Modifier,
    ModifierType,
    Situation,
    Stamina,
    Step,
    Verdict,
    judge,
    parse_modifier,
)

RED = ("1", "2", "1+", "S", "S", "0")
BLUE = ("0", "1", "2", "H")


def test_faces_are_read_in_the_order_rolled_and_each_1_plus_adds_a_die() -> None:
    assert parse_faces("1, 1+ s 2", RED, 3, "action") == ("1", "1+", "S", "2")
    assert parse_faces("h 0", BLUE, 2, "reaction") == ("H", "0")
    with pytest.raises(BadInput, match="show 4 faces, but 3 were given"):
        parse_faces("1 1+ 2", RED, 3, "action")
    with pytest.raises(BadInput, match="'H' is not a face of the Action"):
        parse_faces("H", RED, 1, "action")
    with pytest.raises(BadInput, match="'0' is not a face of the Action"):
        parse_faces("0", ("1", "2", "1+", "S"), 1, "action")  # no blank on this definition


def test_seeded_rolls_are_reproducible_and_extra_rolls_chain() -> None:
    first = roll(RED, 4, "action", seed=7)
    assert first == roll(RED, 4, "action", seed=7)
    assert len(first) == 4 + first.count("1+")
    chained = roll(("1+", "1"), 1, "action", seed=3)
    assert chained[-1] == "1"
    assert set(chained[:-1]) <= {"1+"}
    assert len(roll(BLUE, 5, "reaction", seed=1)) == 5
    seen = {roll(RED, 3, "action", seed=s) for s in range(30)}
    assert len(seen) > 10  # the seed matters


def test_a_dice_file_replaces_the_dice_it_names(tmp_path: Path) -> None:
    path = tmp_path / "counted.toml"
    path.write_text('[action]\nfaces = ["1", "2", "1+", "S", "S", "0"]\n')
    fallback = DiceSet(name="old", action=("1",), reaction=BLUE)
    loaded = load_dice_file(path, fallback)
    assert (loaded.name, loaded.action, loaded.reaction) == ("counted", RED, BLUE)
    path.write_text('[action]\nfaces = ["1", "Z"]\n')
    with pytest.raises(BadInput, match="'Z' is not a face an Action die can have"):
        load_dice_file(path, fallback)
    only_action = tmp_path / "only-action.toml"
    only_action.write_text('[action]\nfaces = ["1"]\n')
    with pytest.raises(BadInput, match=r"needs a \[reaction\] table"):
        load_dice_file(only_action, None)
    path.write_text("[action\n")
    with pytest.raises(BadInput, match="not valid TOML"):
        load_dice_file(path, fallback)
    with pytest.raises(BadInput, match="cannot read"):
        load_dice_file(tmp_path / "missing.toml", fallback)
    with pytest.raises(BadInput, match="roll forever"):
        check_dice(DiceSet(action=("1+",), reaction=BLUE))


def test_the_base_game_default_is_labelled_an_assumption() -> None:
    dice = Registry(get_plugin_manager()).default_dice()
    assert dice.assumption is True
    assert {"1", "2", "1+", "S"} <= set(dice.action)
    assert {"0", "1", "2", "H"} == set(dice.reaction)
    assert "assumption" in dice.label()


class CountedDice:
    """An expansion that counted a physical die: a confirmed definition beats an assumed one."""

    @staticmethod
    @hookimpl
    def register_dice() -> list[DiceSet]:
        return [DiceSet(name="counted", action=RED, reaction=BLUE, source="a real die")]


class StarsModifier:
    """An expansion's requirement type: the Hero holds at least N Stars."""

    @staticmethod
    @hookimpl
    def register_modifier_types() -> list[ModifierType]:
        def judge_stars(s: Situation, value: str) -> Verdict:
            met = s.hero.stars >= int(value)
            return Verdict(met, f"{s.hero.name} holds {s.hero.stars} Stars")

        return [ModifierType("stars", judge_stars)]


class SecondPhrase:
    @staticmethod
    @hookimpl
    def register_modifier_types() -> list[ModifierType]:
        return [ModifierType("phrase", lambda s, v: Verdict(True, ""))]


def test_a_plugin_replaces_the_assumed_dice_and_adds_a_modifier_type() -> None:
    pm = get_plugin_manager()
    pm.register(CountedDice, name="counted")
    pm.register(StarsModifier, name="stars")
    registry = Registry(pm)
    assert registry.default_dice().name == "counted"
    hero = make_hero(stars=5)
    situation = Situation(state=state_with(hero), hero=hero, discarding=(), registry=registry)
    assert judge(parse_modifier("+1:stars=3"), situation).applied is True
    assert judge(parse_modifier("+1:stars=6"), situation).why == "Torrax holds 5 Stars"


def test_a_requirement_type_registered_twice_names_both_plugins() -> None:
    """Namespaced (issue 24): the short name is refused naming both, the full names work."""
    pm = get_plugin_manager()
    pm.register(SecondPhrase, name="second")
    registry = Registry(pm)
    with pytest.raises(PluginError, match=r"'phrase' is registered by both plugin .*second:phrase"):
        registry.modifier_types.get("phrase")
    assert registry.modifier_types.owner("second:phrase") == "second"
    assert registry.modifier_types.owner("base:phrase") == "ledger_base_game"


def make_hero(**changes: object) -> Hero:
    base = Hero(
        name="Torrax", might=3, agility=2, will=2, taunt=6, chips=10, wounded_chips=5,
        stamina=Stamina(unspent=10),
    )  # fmt: skip
    return msgspec.structs.replace(base, **changes)


def state_with(
    hero: Hero, *, scenario: bool = False, journal: tuple[str, ...] = ()
) -> CampaignState:
    step = Step(kind="scenario", number=1, scenario=4) if scenario else Step(kind="city", number=1)
    return CampaignState(
        heroes={hero.name: hero}, step=step, journal=tuple(Keyword(word=w) for w in journal)
    )


TOOLS = Item(name="Thieves Tools", number=1, hands=1, phrases=("Lock picking",))


@pytest.mark.parametrize(
    ("requirement", "hero", "scenario", "met"),
    [
        ("hero=torrax", {}, False, True),
        ("hero=Venia", {}, False, False),
        ("class=Guardian", {"hero_class": "Guardian"}, False, True),
        ("class=Geomancer", {"hero_class": "Guardian"}, False, False),
        ("profession=Streetwise", {"profession": "Streetwise"}, False, True),
        ("profession=Alchemy", {}, False, False),
        ("talent=Burglary", {"talents": ("Burglary",)}, False, True),
        ("talent=Haggle", {"talents": ("Burglary",)}, False, False),
        ("keyword=Moonsilver", {"journal": (Keyword(word="Moonsilver"),)}, False, True),
        ("keyword=Party word", {}, False, True),  # in the Party Journal
        ("keyword=Gone", {"journal": (Keyword(word="Gone", crossed=True),)}, False, False),
        ("item=Thieves Tools", {"items": (TOOLS,)}, False, True),
        ("item=Thieves Tools", {"items": (TOOLS,)}, True, False),  # a hand item, not active
        ("item=Thieves Tools", {"items": (Item(name="Thieves Tools", hands=1, active=True),)},
         True, True),
        ("phrase=Lock picking", {"talents": ("Burglary",)}, True, True),
        ("phrase=Lock picking", {"items": (TOOLS,)}, False, True),
        ("phrase=Lock picking", {"items": (TOOLS,)}, True, False),
        ("phrase=Lock picking", {"items": (Item(name="Thieves Tools", hands=1, active=True,
                                                phrases=("Lock picking",)),)}, True, True),
        ("phrase=Disarm traps", {"talents": ("Haggle",)}, False, False),
        ("discard=Star Lotus token", {}, False, False),
        ("other=the lantern is lit", {}, False, True),
    ],
)  # fmt: skip
def test_each_requirement_type_of_the_seed(
    requirement: str, hero: dict[str, object], scenario: bool, met: bool
) -> None:
    torrax = make_hero(**hero)
    state = state_with(torrax, scenario=scenario, journal=("Party word",))
    registry = Registry(get_plugin_manager())
    situation = Situation(state=state, hero=torrax, discarding=(), registry=registry)
    verdict = judge(parse_modifier(f"-1:{requirement}"), situation)
    assert verdict.applied is met, verdict.why
    assert verdict.why


def test_a_discard_requirement_is_met_by_the_item_discarded_before_the_roll() -> None:
    torrax = make_hero(items=(Item(name="Star Lotus token", token=True),))
    registry = Registry(get_plugin_manager())
    situation = Situation(
        state=state_with(torrax), hero=torrax, discarding=("star lotus token",), registry=registry
    )
    assert judge(parse_modifier("+1:discard=Star Lotus token"), situation).applied


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2 phrase Lock picking", "AMOUNT:TYPE=VALUE"),
        ("+x:talent=Burglary", "AMOUNT:TYPE=VALUE"),
        ("+0:talent=Burglary", "not 0"),
        ("+99:talent=Burglary", r"from -20 to \+20"),
        ("+1:talent=", "must not be empty"),
    ],
)
def test_malformed_modifiers_are_refused(text: str, message: str) -> None:
    with pytest.raises(BadInput, match=message):
        parse_modifier(text)


def test_an_unknown_requirement_type_names_the_known_ones() -> None:
    torrax = make_hero()
    registry = Registry(get_plugin_manager())
    situation = Situation(state=state_with(torrax), hero=torrax, discarding=(), registry=registry)
    with pytest.raises(NotFound, match="known: hero, class"):
        judge(Modifier(amount=1, kind="weather", value="rain"), situation)


def test_without_plugins_there_are_no_dice_and_no_requirement_types(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LEDGER_LOAD_PLUGINS", "")
    registry = Registry(get_plugin_manager())
    assert len(registry.dice) == len(registry.modifier_types) == 0
    with pytest.raises(PluginError, match="give --dice FILE or record `dice set FILE`"):
        registry.default_dice()


class SameDiceName:
    @staticmethod
    @hookimpl
    def register_dice() -> list[DiceSet]:
        return [DiceSet(name="base game (assumed faces)", action=RED, reaction=BLUE)]


class BrokenDice:
    @staticmethod
    @hookimpl
    def register_dice() -> list[DiceSet]:
        return [DiceSet(name="broken", action=("1", "7"), reaction=BLUE)]


@pytest.mark.parametrize(
    ("plugin", "message"),
    [
        (
            SameDiceName,
            "'base game (assumed faces)' is registered by both plugin 'ledger_base_game' "
            "and plugin 'expansion'",
        ),
        (BrokenDice, "plugin 'expansion': die definition 'broken': '7' is not a face"),
    ],
)
def test_plugin_dice_are_checked_and_names_are_unique(plugin: object, message: str) -> None:
    pm = get_plugin_manager()
    pm.register(plugin, name="expansion")
    with pytest.raises(PluginError, match=re.escape(message)):
        Registry(pm)
