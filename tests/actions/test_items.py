"""Items, the Stock, trading, loadout, conditions, injuries, factions and Heroes joining, through
the Python API alone: ``campaign.do(action, **intent)``. The actions decide what the CLI's
commands decided, a refused action writes nothing, and the CLI records the very events the
action does for the same intent."""

import ast
import inspect
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import ledger_base_game
from ledger.actions import Action
from ledger.campaign import Campaign, Ledger
from ledger.errors import BadInput, LedgerError, NotFound
from ledger.hosting import Registry, get_plugin_manager
from ledger.model import UseEffect
from ledger_base_game import actions
from tests.helpers.actions import TORRAX, events_told, refused
from tests.helpers.cli import Invoke

ZUVA: dict[str, Any] = {"might": 2, "agility": 3, "will": 4, "taunt": 3, "wounded_chips": 4}


@pytest.fixture
def api_path(tmp_path: Path) -> Path:
    return tmp_path / "api.db"


@pytest.fixture
def campaign(api_path: Path) -> Iterator[Campaign]:
    """The ``party`` fixture's campaign, made through the API: Zuva'Sai and Torrax."""
    with Ledger.open(api_path, Registry(get_plugin_manager()), create=True) as ledger:
        made = ledger.create_campaign("Test")
        made.do(actions.add_hero, name="Zuva'Sai", **ZUVA)
        made.do(actions.add_hero, name="Torrax", **TORRAX)
        yield made


def test_a_hero_joins_with_what_the_base_game_knows(campaign: Campaign) -> None:
    torrax = campaign.state().hero("torrax")
    assert (torrax.might, torrax.agility, torrax.taunt, torrax.wounded_chips) == (3, 2, 6, 5)
    assert torrax.chips == 10  # the base game's level-1 chips, at level 1


@pytest.mark.parametrize(
    ("intent", "error", "says"),
    [
        (
            {"name": "Nobody", "might": 2},
            BadInput,
            "no loaded plugin knows this Hero, so agility, will",
        ),
        (
            {"name": "Drenosh", "might": 2},
            BadInput,
            "the base game does not know agility, will, taunt, wounded_chips; give them",
        ),
        ({"name": "  ", **TORRAX}, BadInput, "Hero name must not be empty"),
    ],
)
def test_a_hero_without_every_stat_is_refused(
    campaign: Campaign,
    api_path: Path,
    intent: dict[str, Any],
    error: type[LedgerError],
    says: str,
) -> None:
    with refused(api_path, error, says):
        campaign.do(actions.add_hero, **intent)


def test_conditions_are_named_in_any_case(campaign: Campaign, api_path: Path) -> None:
    campaign.do(actions.gain_condition, hero="torrax", condition="cursed")
    assert [c.name for c in campaign.state().hero("Torrax").conditions] == ["Cursed"]
    with refused(api_path, NotFound, "unknown condition 'Nonesuch'"):
        campaign.do(actions.gain_condition, hero="Torrax", condition="Nonesuch")
    campaign.do(actions.remove_condition, hero="Torrax", condition="CURSED")
    assert campaign.state().hero("Torrax").conditions == ()


def test_an_unknown_item_is_built_from_what_is_given(campaign: Campaign) -> None:
    campaign.do(
        actions.gain_item, hero="Zuva'Sai", item="Healing Salve", heal=3, target="ranged", value=4
    )
    campaign.do(actions.gain_item, hero="Zuva'Sai", item="Bone token", token=True, shape="triangle")
    salve, bone = campaign.state().hero("Zuva'Sai").items
    assert salve.use == UseEffect(heal=3, target="ranged")
    assert salve.value == 4
    assert (bone.token, bone.shape) == (True, "triangle")


def test_a_known_item_keeps_what_the_plugins_know(campaign: Campaign) -> None:
    campaign.do(actions.gain_item, hero="Zuva'Sai", item="star lotus token")
    (lotus,) = campaign.state().hero("Zuva'Sai").items
    assert lotus.name == "Star Lotus token"
    assert lotus.use == UseEffect(heal=2)


@pytest.mark.parametrize(
    ("intent", "says"),
    [
        ({"item": "Star Lotus token", "quest": True}, "its properties cannot be given"),
        ({"item": "Salve", "heal": 100}, "^heal must be from 0 to 99, not 100"),
        ({"item": "Salve", "restore": -1}, "^restore must be from 0 to 99, not -1"),
        ({"item": "Salve", "heal": 1, "target": "everyone"}, "^target must be one of"),
        ({"item": "Sword", "value": 1000}, "^value must be from 0 to 999, not 1000"),
        ({"item": "Bone card", "shape": "triangle"}, "only an Item token has a shape"),
        ({"item": "Bone token", "token": True, "shape": "cube"}, "^shape must be one of"),
    ],
)
def test_an_item_described_wrongly_is_refused(
    campaign: Campaign, api_path: Path, intent: dict[str, Any], says: str
) -> None:
    with refused(api_path, BadInput, says):
        campaign.do(actions.gain_item, hero="Torrax", **intent)


def test_items_are_given_used_and_discarded(campaign: Campaign, api_path: Path) -> None:
    campaign.do(actions.gain_item, hero="Zuva'Sai", item="Star Lotus token")
    campaign.do(actions.gain_item, hero="Zuva'Sai", item="Sealed Letter", quest=True)
    campaign.do(actions.gain_item, hero="Zuva'Sai", item="Sword")
    campaign.do(actions.give_item, item="sword", giver="zuva'sai", receiver="torrax")
    campaign.do(actions.damage, hero="Zuva'Sai", amount=3)
    campaign.do(actions.use_item, hero="Zuva'Sai", item="star lotus token")
    zuva = campaign.state().hero("Zuva'Sai")
    assert zuva.stamina.wound == 1
    assert [i.name for i in zuva.items] == ["Sealed Letter"]
    assert [i.name for i in campaign.state().hero("Torrax").items] == ["Sword"]
    with refused(api_path, LedgerError, "Quest"):
        campaign.do(actions.discard_item, hero="Zuva'Sai", item="Sealed Letter")
    with refused(api_path, NotFound, "no Hero named 'Nobody'"):
        campaign.do(actions.give_item, item="Sealed Letter", giver="Zuva'Sai", receiver="Nobody")
    campaign.do(actions.discard_item, hero="Torrax", item="Sword")
    assert campaign.state().hero("Torrax").items == ()


def test_the_stock_and_the_archive(campaign: Campaign, api_path: Path) -> None:
    campaign.do(actions.add_to_stock, item="Sword", count=2, archive=True)
    campaign.do(actions.add_to_stock, item="Bone token", token=True, shape="triangle")
    campaign.do(actions.offer_item, item="Sword")
    state = campaign.state()
    assert sorted(i.name for i in state.stock) == ["Bone token", "Sword", "Sword"]
    assert state.archive == ()
    campaign.do(actions.gain_from_supply, hero="Torrax", item="bone token")
    campaign.do(actions.take_from_stock, hero="Torrax", item="sword")
    bone, sword = campaign.state().hero("Torrax").items
    assert (bone.name, bone.shape, sword.name) == ("Bone token", "triangle", "Sword")
    with refused(api_path, BadInput, "its kind cannot be changed"):
        campaign.do(actions.add_to_stock, item="Star Lotus token", quest=True)


def test_a_scenario_card_needs_the_symbols_nobody_knows(campaign: Campaign, api_path: Path) -> None:
    with refused(api_path, BadInput, "symbol; give xp$"):
        campaign.do(actions.add_scenario_card, number=7)
    with refused(api_path, BadInput, "from 1 to 999, not 0"):
        campaign.do(actions.add_scenario_card, number=0)
    campaign.do(actions.add_scenario_card, number=7, xp=True, replay=False, arena=False)
    (card,) = campaign.state().scenario_cards
    assert (card.number, card.xp, card.replay, card.arena) == (7, True, False, False)


def test_trading_in_the_city_step(campaign: Campaign, api_path: Path) -> None:
    campaign.do(actions.add_to_stock, item="Sword")
    campaign.do(actions.gain_stars, hero="Torrax", amount=15)
    with refused(api_path, LedgerError, "only happens in the City step"):
        campaign.do(actions.buy_item, hero="Torrax", item="Sword", price=12)
    campaign.do(actions.start_city_step)
    campaign.do(actions.buy_item, hero="torrax", item="sword", price=12)
    torrax = campaign.state().hero("Torrax")
    assert ([i.name for i in torrax.items], torrax.stars) == (["Sword"], 3)
    with refused(api_path, NotFound, "Torrax does not carry 'Axe'"):
        campaign.do(actions.sell_item, hero="Torrax", item="Axe")
    campaign.do(actions.gain_item, hero="Torrax", item="Bone token", token=True, shape="triangle")
    campaign.do(actions.sell_item, hero="Torrax", item="bone token")
    assert campaign.state().hero("Torrax").stars == 6  # a triangle sells for 3


def test_loadout(campaign: Campaign, api_path: Path) -> None:
    campaign.do(actions.gain_item, hero="Torrax", item="Sword", hands=1)
    campaign.do(actions.activate_item, hero="torrax", item="sword")
    assert campaign.state().hero("Torrax").items[0].active
    campaign.do(actions.deactivate_item, hero="Torrax", item="Sword")
    campaign.do(actions.leave_item, hero="Torrax", item="Sword")
    assert campaign.state().hero("Torrax").items[0].left_behind
    campaign.do(actions.bring_item, hero="Torrax", item="Sword")
    assert not campaign.state().hero("Torrax").items[0].left_behind
    with refused(api_path, NotFound, "does not carry 'Axe'"):
        campaign.do(actions.activate_item, hero="Torrax", item="Axe")


def test_injuries(campaign: Campaign, api_path: Path) -> None:
    campaign.do(actions.draw_injury, hero="torrax", injury="Broken Ribs")
    assert campaign.state().hero("Torrax").injuries == ("Broken Ribs",)
    with refused(api_path, LedgerError, "no Injury card 'Cut'"):
        campaign.do(actions.remove_injury, hero="Torrax", injury="Cut")
    campaign.do(actions.remove_injury, hero="Torrax", injury="broken ribs")
    assert campaign.state().hero("Torrax").injuries == ()


def test_faction_reputation(campaign: Campaign, api_path: Path) -> None:
    campaign.do(actions.gain_reputation, faction="house gramask", amount=2)
    assert campaign.state().reputation == {"House Gramask": 2}
    with refused(api_path, NotFound, "unknown faction 'Guild'"):
        campaign.do(actions.gain_reputation, faction="Guild", amount=1)
    with refused(api_path, LedgerError, "from 1 to 99, not 0"):
        campaign.do(actions.gain_reputation, faction="House Gramask", amount=0)


# The same intents, as a command line and as an action.
SAME: list[tuple[tuple[str, ...], Action, dict[str, Any]]] = [
    (
        ("item", "gain", "Zuva'Sai", "Bone token", "--token", "--shape", "triangle"),
        actions.gain_item,
        {"hero": "Zuva'Sai", "item": "Bone token", "token": True, "shape": "triangle"},
    ),
    (
        ("item", "gain", "torrax", "Healing Salve", "--heal", "3", "--target", "ranged"),
        actions.gain_item,
        {"hero": "torrax", "item": "Healing Salve", "heal": 3, "target": "ranged"},
    ),
    (
        ("item", "give", "bone token", "--from", "Zuva'Sai", "--to", "Torrax"),
        actions.give_item,
        {"item": "bone token", "giver": "Zuva'Sai", "receiver": "Torrax"},
    ),
    (
        ("condition", "add", "torrax", "cursed"),
        actions.gain_condition,
        {"hero": "torrax", "condition": "cursed"},
    ),
    (
        ("stock", "add", "Sword", "--archive", "--count", "2", "--hands", "1"),
        actions.add_to_stock,
        {"item": "Sword", "archive": True, "count": 2, "hands": 1},
    ),
    (
        ("stock", "gain", "Torrax", "sword"),
        actions.gain_from_supply,
        {"hero": "Torrax", "item": "sword"},
    ),
    (
        ("loadout", "active", "torrax", "sword"),
        actions.activate_item,
        {"hero": "torrax", "item": "sword"},
    ),
    (
        ("stock", "scenario", "7", "--xp", "--no-replay", "--no-arena"),
        actions.add_scenario_card,
        {"number": 7, "xp": True, "replay": False, "arena": False},
    ),
    (
        ("injury", "draw", "Torrax", "Broken Ribs"),
        actions.draw_injury,
        {"hero": "Torrax", "injury": "Broken Ribs"},
    ),
    (
        ("faction", "gain", "house gramask", "1"),
        actions.gain_reputation,
        {"faction": "house gramask", "amount": 1},
    ),
]


def test_the_cli_and_the_actions_record_the_same_events(
    party: Invoke, db_path: Path, campaign: Campaign, api_path: Path
) -> None:
    for args, action, intent in SAME:
        party(*args)
        campaign.do(action, **intent)
    assert events_told(db_path) == events_told(api_path)
    assert len(events_told(api_path)) == 3 + len(SAME)  # the campaign, its two Heroes, and these


ACTIONS_DIR = Path(inspect.getfile(ledger_base_game)).parent / "actions"


@pytest.mark.parametrize(
    "path",
    [
        *sorted(ACTIONS_DIR.glob("*.py")),
        *sorted((ACTIONS_DIR.parent / "rules").glob("*.py")),
    ],
    ids=lambda path: path.name,
)
def test_the_actions_import_neither_click_nor_the_cli(path: Path) -> None:
    imported = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            imported |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported.add(node.module or "")
    assert not {m for m in imported if m.split(".")[0] in ("click", "ledger_cli")}
    assert not {m for m in imported if m.startswith("ledger_base_game.commands")}


def test_every_action_is_exported() -> None:
    """Every public ``function(game, ...)`` of an actions module is in ``actions.__all__``."""
    for path in ACTIONS_DIR.glob("*.py"):
        if path.stem == "__init__":
            continue
        module = getattr(actions, path.stem)
        defined = {
            name
            for name, value in vars(module).items()
            if inspect.isfunction(value)
            and value.__module__ == module.__name__
            and not name.startswith("_")
            and next(iter(inspect.signature(value).parameters), None) == "game"
        }
        assert defined <= set(actions.__all__), path.name
