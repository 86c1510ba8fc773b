"""Checks, reactions, group and progressive checks, attacks, odds and dice through the Python
API alone: ``campaign.do(action, **intent)`` on a Ledger opened with the plugins' Registry, as
a notebook or the web app would; refusals writing nothing; and the CLI recording exactly what
the actions decide for the same intent."""

from pathlib import Path
from typing import Any

import pluggy
import pytest

from ledger.actions import Action
from ledger.campaign import Campaign, Ledger
from ledger.dice import DiceSet, roll
from ledger.errors import BadInput, NotFound, RuleViolation
from ledger.hosting import Registry
from ledger.model import Modifier
from ledger_base_game import actions
from ledger_base_game.events import (
    AttackMade,
    CheckGemSpent,
    CheckMade,
    ConditionGained,
    ConditionRemoved,
    DamageTaken,
    DiceSetChosen,
    GroupCheckClosed,
    GroupCheckGem,
    GroupCheckOpened,
    GroupCheckRolled,
    ReactionMade,
    StaminaSpent,
    StaminaSpentCursed,
    StepStarted,
)
from tests.helpers.actions import MOONSILVER, events_told, refused, run_lines


@pytest.fixture
def campaign(campaign: Campaign) -> Campaign:
    """The shared campaign (Torrax and Venia), each Hero with an Achievement gem."""
    for hero in ("Torrax", "Venia"):
        campaign.do(actions.gain_gems, hero=hero, kind="achievement")
    return campaign


def in_scenario(campaign: Campaign) -> None:
    campaign.record([StepStarted(kind="scenario", scenario=4)])


# §10.2: the seed's group check (../seeds/city-and-journey-steps.txt, ability-checks.txt)

SEED_GROUP_CHECK: dict[str, Any] = {
    "ability": "agility",
    "target": (8, 13, 17),
    "order": ("Torrax", "Venia"),
    "success_entry": "361",
    "failure_entry": "076",
}


def test_10_2_the_seed_group_check_in_one_action(campaign: Campaign) -> None:
    recorded = campaign.do(
        actions.group_check,
        **SEED_GROUP_CHECK,
        rolls={"Torrax": ("1", "1"), "Venia": ("1", "1", "S")},  # S counts 2 outside scenarios
        gems=("Torrax", "Venia"),
    )
    opened, torrax, venia, *gems, closed = recorded.events
    assert isinstance(opened, GroupCheckOpened)
    assert opened.target == 8
    assert isinstance(torrax, GroupCheckRolled)
    assert isinstance(venia, GroupCheckRolled)
    assert (torrax.successes, venia.successes) == (2, 4)  # 2 + 4 = 6 before the gems
    assert [type(gem) for gem in gems] == [GroupCheckGem, GroupCheckGem]
    assert closed == GroupCheckClosed(total=8, success=True, outcome="361")  # 8 >= 8
    state = campaign.state()
    assert state.group_check is None
    assert state.hero("Torrax").gems.achievement == state.hero("Venia").gems.achievement == 0
    assert state.hero("Venia").stamina.spent == 0  # no stamina spent outside a scenario


def test_10_2_step_by_step_records_what_the_one_action_records(
    campaign: Campaign, tmp_path: Path
) -> None:
    campaign.do(actions.open_group_check, **SEED_GROUP_CHECK)
    campaign.do(actions.roll_for_group_check, hero="Torrax", roll=("1", "1"))
    with pytest.raises(RuleViolation, match="Venia has not"):
        campaign.do(actions.spend_group_check_gem, hero="Torrax")  # gems wait for every roll
    campaign.do(actions.roll_for_group_check, hero="venia", roll=("1", "1", "s"))
    assert campaign.state().group_check.total == 6  # type: ignore[union-attr]
    campaign.do(actions.spend_group_check_gem, hero="Torrax")
    with pytest.raises(RuleViolation, match="already spent a gem"):
        campaign.do(actions.spend_group_check_gem, hero="Torrax")
    campaign.do(actions.spend_group_check_gem, hero="Venia")
    [closed] = campaign.do(actions.close_group_check).events
    assert closed == GroupCheckClosed(total=8, success=True, outcome="361")
    stepwise = [entry.row.type for entry in campaign.log()][-6:]
    assert stepwise == [
        "base:group-check-opened",
        "base:group-check-rolled",
        "base:group-check-rolled",
        "base:group-check-gem",
        "base:group-check-gem",
        "base:group-check-closed",
    ]


def test_a_group_check_rolls_each_hero_from_the_seed_plus_their_place(
    campaign: Campaign,
) -> None:
    """Without an agreed order, by Taunt (Torrax 6, Venia 3); with a seed, the Hero at place i
    rolls from seed + i, exactly as `group-check --seed` always has."""
    die = campaign.ledger.registry.default_dice().action
    recorded = campaign.do(actions.group_check, ability="agility", target=8, seed=42)
    opened, *rolled = [e for e in recorded.events if not isinstance(e, GroupCheckClosed)]
    assert isinstance(opened, GroupCheckOpened)
    assert opened.order == ("Torrax", "Venia")
    assert not opened.agreed
    for place, (event, dice) in enumerate(zip(rolled, (2, 3), strict=True)):
        assert isinstance(event, GroupCheckRolled)
        assert (event.seed, event.faces) == (42 + place, roll(die, dice, "action", 42 + place))


def test_a_check_totals_its_successes_and_records_its_seed(campaign: Campaign) -> None:
    recorded = campaign.do(
        actions.make_check, hero="venia", ability="agility", target=3, roll=("1", "1", "S")
    )
    [check] = recorded.events
    assert isinstance(check, CheckMade)
    assert (check.hero, check.total, check.success, check.seed) == ("Venia", 4, True, None)
    die = campaign.ledger.registry.default_dice().action
    seeded = [
        campaign.do(actions.make_check, hero="Venia", ability="agility", target=3, seed=5)
        for _ in range(2)
    ]
    checks = [made.events[0] for made in seeded]
    assert all(isinstance(c, CheckMade) for c in checks)
    first, second = checks
    assert isinstance(first, CheckMade)
    assert isinstance(second, CheckMade)
    assert first.faces == second.faces == roll(die, 3, "action", 5)
    assert first.seed == 5
    [unseeded] = campaign.do(actions.make_check, hero="Venia", ability="will", target=None).events
    assert isinstance(unseeded, CheckMade)
    assert unseeded.seed is not None
    assert unseeded.faces == roll(die, 4, "action", unseeded.seed)
    assert unseeded.success is None  # a "?" check


def test_a_check_takes_modifiers_as_text_or_parsed_and_gems_as_flags(
    campaign: Campaign,
) -> None:
    as_text = campaign.do(
        actions.make_check,
        hero="Venia",
        ability="might|agility",  # the higher, Agility 3
        target=4,
        roll=("1", "1", "1"),
        modifiers=("+2:hero=Venia", "-1:keyword=Fog"),
        achievement=True,
    ).events
    parsed = campaign.do(
        actions.make_check,
        hero="Torrax",
        ability="might|agility",
        choose="agility",
        target=4,
        roll=("1", "1"),
        modifiers=(Modifier(amount=2, kind="hero", value="Torrax"),),
        achievement=True,
    ).events
    for events, total in ((as_text, 3 + 2 + 1), (parsed, 2 + 2 + 1)):
        check, gem = events
        assert isinstance(check, CheckMade)
        assert isinstance(gem, CheckGemSpent)
        assert check.total == total
        assert check.success
        assert check.modifiers[0].applied
    first = as_text[0]
    assert isinstance(first, CheckMade)
    assert first.choices == ("might", "agility")
    assert not first.modifiers[1].applied  # no Keyword Fog


def test_in_a_scenario_best_spends_exactly_the_shortfall(campaign: Campaign) -> None:
    in_scenario(campaign)
    recorded = campaign.do(
        actions.make_check,
        hero="Torrax",
        ability="might",
        target=4,
        roll=("1+", "1", "1", "S"),  # 3 before stamina
        spend="best",
    )
    check, spent = recorded.events
    assert isinstance(check, CheckMade)
    assert (check.stamina_spent, check.total) == (1, 4)
    assert spent == StaminaSpent(hero="Torrax", amount=1)


def test_10_3_a_progressive_check(campaign: Campaign) -> None:
    in_scenario(campaign)
    [opened] = campaign.do(
        actions.open_progressive_check,
        name="Collapsed gate",
        ability="Might",
        target="2xHC+4",
        heroes=4,
    ).events
    assert opened.target == 12  # type: ignore[attr-defined]
    campaign.do(
        actions.attempt_progressive_check,
        name="Collapsed gate",
        hero="Torrax",
        roll=("1+", "1", "1", "S"),
        spend=1,
    )
    gate = campaign.state().progressive_checks["Collapsed gate"]
    assert (gate.progress, gate.target - gate.progress) == (4, 8)
    assert campaign.state().hero("Torrax").stamina.spent == 1
    with pytest.raises(RuleViolation):  # once per round
        campaign.do(actions.attempt_progressive_check, name="Collapsed gate", hero="Torrax", seed=1)
    campaign.do(actions.new_progressive_round, name="Collapsed gate")
    campaign.do(actions.attempt_progressive_check, name="Collapsed gate", hero="Torrax", seed=1)


def test_a_reaction_prevents_what_it_rolls(campaign: Campaign) -> None:
    recorded = campaign.do(
        actions.react, hero="Torrax", ability="might", damage=3, roll=("2", "H", "0")
    )
    reaction, taken = recorded.events
    assert isinstance(reaction, ReactionMade)
    assert reaction.prevented == 2
    assert taken == DamageTaken(hero="Torrax", amount=1)


def test_10_19_a_cursed_attack(campaign: Campaign) -> None:
    in_scenario(campaign)
    campaign.record([ConditionGained(hero="Torrax", condition="Cursed", number=7)])
    recorded = campaign.do(actions.attack, hero="Torrax", dice=2, cost=2, spend=2, roll=("S", "1"))
    made, paid, cursed = recorded.events
    assert isinstance(made, AttackMade)
    assert made.successes == 3
    assert paid == StaminaSpentCursed(hero="Torrax", amount=4)
    assert cursed == ConditionRemoved(hero="Torrax", condition="Cursed")
    stamina = campaign.state().hero("Torrax").stamina
    assert (stamina.wound, stamina.spent) == (4, 0)


def test_queries_answer_and_record_nothing(campaign: Campaign) -> None:
    head = campaign.head().seq
    odds = actions.odds_of_check(
        campaign.game(), hero="Venia", ability="agility", target=0, achievement=True
    )
    assert isinstance(odds, actions.CheckOdds)
    assert (odds.hero, odds.dice, odds.bonus, odds.stamina_rule) == ("Venia", 3, 1, "flat")
    assert odds.probability == pytest.approx(1)
    dice = actions.dice_sets(campaign.game())
    assert isinstance(dice, actions.DiceSets)
    assert not dice.set_for_campaign
    assert dice.in_force in dice.registered
    assert campaign.head().seq == head


def test_the_dice_set_by_name_or_definition(campaign: Campaign) -> None:
    name = campaign.ledger.registry.dice.names()[0]
    [chosen] = campaign.do(actions.set_dice, dice_set=name).events
    assert isinstance(chosen, DiceSetChosen)
    assert chosen.dice.name == name
    counted = DiceSet(name="counted", action=("1", "2", "S", "0"), reaction=("0", "1", "H"))
    campaign.do(actions.set_dice, dice_set=counted)
    assert actions.dice_sets(campaign.game()).in_force == counted
    [check] = campaign.do(
        actions.make_check, hero="Venia", ability="agility", target=3, seed=9
    ).events
    assert isinstance(check, CheckMade)
    assert check.die == counted.action


@pytest.mark.parametrize(
    ("action", "intent", "error", "says"),
    [
        (
            actions.make_check,
            {"hero": "Nobody", "ability": "agility", "target": 3},
            NotFound,
            "no Hero named 'Nobody'",
        ),
        (
            actions.make_check,
            {"hero": "Venia", "ability": "agility", "target": 1000, "seed": 1},
            BadInput,
            "^target is from 1 to 999",
        ),
        (
            actions.make_check,
            {"hero": "Venia", "ability": "agility", "target": 3, "roll": ("1", "1")},
            BadInput,
            "show 3 faces, but 2 were given",
        ),
        (
            actions.make_check,
            {"hero": "Venia", "ability": "agility", "target": 3, "roll": ("1",) * 3, "seed": 1},
            BadInput,
            "^seed is for dice the ledger rolls; leave it out with roll$",
        ),
        (
            actions.make_check,
            {"hero": "Venia", "ability": "agility", "target": 3, "hindered": True, "seed": 1},
            RuleViolation,
            "Hindered only in a scenario",
        ),
        (
            actions.make_check,
            {"hero": "Venia", "ability": "agility", "target": 3, "inspiration": True},
            RuleViolation,
            "no Inspiration gem",
        ),
        (
            actions.react,
            {"hero": "Torrax", "ability": "might", "damage": 2, "stamina_loss": 1},
            BadInput,
            "give either damage N or stamina_loss N, a positive number",
        ),
        (
            actions.group_check,
            {"ability": "agility", "target": 8, "gems": ("Venia", "Venia"), "seed": 1},
            RuleViolation,
            "Venia has already spent a gem on this check",
        ),
        (
            actions.group_check,
            {"ability": "agility", "target": (8, 13, 17), "order": ("Torrax",), "heroes": 1},
            BadInput,
            "8/13/17 gives targets for 2/3/4 Heroes, not for 1",
        ),
        (actions.close_group_check, {}, BadInput, "no group check is open"),
        (actions.roll_for_group_check, {"hero": "Torrax"}, BadInput, "no group check is open"),
        (
            actions.attempt_progressive_check,
            {"name": "Gate", "hero": "Torrax"},
            BadInput,
            "no progressive check named 'Gate'",
        ),
        (
            actions.open_progressive_check,
            {"name": "Gate", "ability": "might", "target": "2xHCx"},
            BadInput,
            "a formula like 2xHC",
        ),
        (actions.attack, {"hero": "Torrax", "dice": 2, "seed": 1}, RuleViolation, "in a scenario"),
        (actions.set_dice, {"dice_set": "no-such-dice.toml"}, BadInput, "cannot read"),
    ],
)
def test_a_refused_action_writes_nothing(
    campaign: Campaign,
    db_path: Path,
    action: Action,
    intent: dict[str, Any],
    error: type[Exception],
    says: str,
) -> None:
    with refused(db_path, error, says):
        campaign.do(action, **intent)


# The same checks typed at the CLI and called as actions: the files must hold the same events,
# row for row (only the time of recording and so the hashes differ).
SETUP = [
    *MOONSILVER,
    "gem gain Torrax achievement 2",
    "gem gain Venia achievement 2",
    "gem gain Venia inspiration 1",
    "item gain Venia Rope",
]
EVENING: list[tuple[str, Action | None, dict[str, Any]]] = [
    (
        "check Venia agility 3 --roll '1 1 S' --gem achievement",
        actions.make_check,
        {"hero": "Venia", "ability": "agility", "target": 3, "roll": ("1", "1", "S")}
        | {"achievement": True},
    ),
    (
        "check venia 'might|agility' ? --seed 5 --modifier '+2:hero=Venia' --outcome 123",
        actions.make_check,
        {"hero": "venia", "ability": "might|agility", "target": None, "seed": 5}
        | {"modifiers": ("+2:hero=Venia",), "outcome": "123"},
    ),
    (
        "group-check agility 8/13/17 --order Torrax,Venia --roll 'Torrax=1 1' "
        "--roll 'Venia=1 1 S' --gem Torrax --gem Venia --success-entry 361 --failure-entry 076",
        actions.group_check,
        SEED_GROUP_CHECK
        | {"rolls": [("Torrax", ("1", "1")), ("Venia", ("1", "1", "S"))]}
        | {"gems": ("Torrax", "Venia")},
    ),
    (
        "group-check will 5 --seed 7 --inspiration Venia --discard Venia=Rope "
        "--modifier '+1:discard=Rope'",
        actions.group_check,
        {"ability": "will", "target": 5, "seed": 7, "inspiration": ("Venia",)}
        | {"discard": {"Venia": "Rope"}, "modifiers": ("+1:discard=Rope",)},
    ),
    (
        "group-step open might 3 --order Venia,Torrax",
        actions.open_group_check,
        {"ability": "might", "target": 3, "order": ("Venia", "Torrax")},
    ),
    (
        "group-step roll Venia --seed 11",
        actions.roll_for_group_check,
        {"hero": "Venia", "seed": 11},
    ),
    (
        "group-step roll torrax --roll '2 1 1'",
        actions.roll_for_group_check,
        {"hero": "torrax", "roll": ("2", "1", "1")},
    ),
    ("group-step gem Torrax", actions.spend_group_check_gem, {"hero": "Torrax"}),
    ("group-step close", actions.close_group_check, {}),
    (
        "react Torrax might --damage 3 --roll '2 H 0'",
        actions.react,
        {"hero": "Torrax", "ability": "might", "damage": 3, "roll": ("2", "H", "0")},
    ),
    (
        "react Venia will --stamina-loss 2 --seed 3 --hourglass 1",
        actions.react,
        {"hero": "Venia", "ability": "will", "stamina_loss": 2, "seed": 3, "hourglass": 1},
    ),
    ("step scenario 4", None, {}),
    (
        "progressive open 'Collapsed gate' might 2xHC+4",
        actions.open_progressive_check,
        {"name": "Collapsed gate", "ability": "might", "target": "2xHC+4"},
    ),
    (
        "progressive attempt 'Collapsed gate' Torrax --roll '1+ 1 1 S' --spend-stamina best",
        actions.attempt_progressive_check,
        {"name": "Collapsed gate", "hero": "Torrax", "roll": ("1+", "1", "1", "S")}
        | {"spend": "best"},
    ),
    (
        "progressive round 'Collapsed gate'",
        actions.new_progressive_round,
        {"name": "Collapsed gate"},
    ),
    (
        "check Venia agility 2 --seed 12 --hindered --spend-stamina best --focus",
        actions.make_check,
        {"hero": "Venia", "ability": "agility", "target": 2, "seed": 12, "hindered": True}
        | {"spend": "best", "focus": True},
    ),
    (
        "attack Torrax 2 --cost 1 --seed 8 --spend-stamina 0",
        actions.attack,
        {"hero": "Torrax", "dice": 2, "cost": 1, "seed": 8},
    ),
    (
        "dice set 'base game (assumed faces)'",
        actions.set_dice,
        {"dice_set": "base game (assumed faces)"},
    ),
]


def test_the_cli_records_what_the_actions_decide(pm: pluggy.PluginManager, tmp_path: Path) -> None:
    typed, called = tmp_path / "typed.db", tmp_path / "called.db"
    run_lines(pm, typed, SETUP + [line for line, _, _ in EVENING])
    run_lines(pm, called, SETUP)
    for line, action, intent in EVENING:
        if action is None:  # not this module's action: typed in both files
            run_lines(pm, called, [line])
            continue
        with Ledger.open(called, Registry(pm), create=False) as ledger:
            ledger.campaign().do(action, **intent)
    cli_rows, api_rows = events_told(typed), events_told(called)
    assert len(cli_rows) > len(SETUP) + len(EVENING)  # checks record their consequences too
    assert cli_rows == api_rows
