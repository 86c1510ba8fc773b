"""`odds` is exact: hand-computed small cases, and a Monte Carlo estimate of the ledger's own
seeded roller agreeing within 3 standard errors for random dice and Hero states."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.dice import StaminaRule, check_odds, roll
from ledger.dice._odds import extra_faces
from ledger.hosting import Registry, get_plugin_manager
from ledger.model import CampaignState, Condition, Gems, Hero, Stamina, Step
from ledger_base_game.actions._rolls import declare
from ledger_base_game.actions.checks import CheckIntent, build_check
from ledger_base_game.actions.odds import odds_of
from ledger_base_game.events import CheckMade

VALUES = {"0": 0, "1": 1, "2": 2, "1+": 1, "S": 0}


@pytest.mark.parametrize(
    ("die", "dice", "target", "bonus", "rule", "unspent", "probability", "stamina"),
    [
        (("1", "2"), 2, 3, 0, "flat", 0, 3 / 4, 0),  # sums 2, 3, 4 with 1/4, 1/2, 1/4
        (("S", "0"), 1, 1, 0, "spend", 1, 1 / 2, 1 / 2),
        (("S", "0"), 1, 1, 0, "spend", 0, 0, 0),  # no unspent stamina to spend
        (("S", "0"), 1, 2, 0, "flat", 0, 1 / 2, 0),  # +2 outside a scenario
        (("S", "0"), 1, 1, 0, "none", 9, 0, 0),  # a Non-Hero Ally: 0
        (("1+", "0"), 1, 2, 0, "flat", 0, 1 / 4, 0),  # two extra rolls in a row
        (("1+", "2"), 1, 3, 0, "flat", 0, 1 / 2, 0),  # j extra rolls then a 2: j >= 1
        (("0",), 3, 2, 2, "flat", 0, 1, 0),  # modifiers alone reach the target
        (("0",), 3, 2, 1, "flat", 0, 0, 0),
        (("S", "1"), 2, 3, 0, "spend", 9, 3 / 4, 1 / 2 * 2 + 1 / 4 * 3),
        (("S", "1"), 2, 3, 0, "spend", 2, 1 / 2, 1 / 2 * 2),  # S S needs 3 of only 2
        (("1", "2", "1+", "S", "S", "0"), 0, 0, 0, "spend", 0, 1, 0),  # no dice, target 0
    ],
)
def test_hand_computed_odds(
    die: tuple[str, ...],
    dice: int,
    target: int,
    bonus: int,
    rule: StaminaRule,
    unspent: int,
    probability: float,
    stamina: float,
) -> None:
    odds = check_odds(die, dice, target, bonus, rule, unspent)
    assert odds.probability == pytest.approx(probability, abs=1e-11)
    assert odds.expected_stamina == pytest.approx(stamina, abs=1e-11)


def test_extra_roll_chains_are_followed_until_the_rest_is_below_1e_12() -> None:
    extras, cut = extra_faces(("1+", "1+", "1+", "0"), 1)  # p(extra) = 3/4
    assert 0 < cut < 1e-12
    assert sum(extras) == pytest.approx(1 - cut, abs=1e-15)
    assert sum(extras[10:]) == pytest.approx(0.75**10, abs=1e-12)  # ten 1+ in a row
    two, _ = extra_faces(("1+", "0"), 2)  # j extra faces before 2 final ones
    assert two[:3] == pytest.approx([1 / 4, 2 / 8, 3 / 16])


def test_a_hostile_die_of_almost_only_extra_rolls_is_still_quick() -> None:
    die = ("1+",) * 59 + ("S",)
    odds = check_odds(die, 13, 800, 0, "spend", 20)
    assert 0 < odds.probability < 1
    assert odds.cut_mass < 1e-12


def simulate(
    die: tuple[str, ...],
    dice: int,
    target: int,
    bonus: int,
    rule: StaminaRule,
    unspent: int,
    samples: int,
) -> tuple[float, float, float]:
    """Success rate, mean stamina spent and that mean's standard error, by rolling."""
    wins, spent, spent_sq = 0, 0, 0
    for seed in range(samples):
        faces = roll(die, dice, "action", seed)
        need = target - bonus - sum(VALUES[f] for f in faces)
        stamina = 2 * faces.count("S")
        reach = {"flat": stamina, "spend": min(stamina, unspent), "none": 0}[rule]
        if need <= reach:
            wins += 1
            cost = max(need, 0) if rule == "spend" else 0
            spent, spent_sq = spent + cost, spent_sq + cost * cost
    mean = spent / samples
    variance = max(spent_sq / samples - mean * mean, 0)
    return wins / samples, mean, math.sqrt(variance / samples)


faces = st.lists(st.sampled_from(["0", "1", "2", "1+", "S"]), min_size=1, max_size=8).filter(
    lambda die: any(face != "1+" for face in die)
)


@settings(max_examples=25, deadline=None, derandomize=True)
@given(
    die=faces,
    dice=st.integers(0, 5),
    target=st.integers(0, 12),
    bonus=st.integers(-2, 3),
    rule=st.sampled_from(["spend", "flat", "none"]),
    unspent=st.integers(0, 6),
)
def test_odds_agree_with_monte_carlo(
    die: list[str], dice: int, target: int, bonus: int, rule: StaminaRule, unspent: int
) -> None:
    samples = 3000
    odds = check_odds(tuple(die), dice, target, bonus, rule, unspent)
    rate, mean, mean_error = simulate(tuple(die), dice, target, bonus, rule, unspent, samples)
    error = math.sqrt(odds.probability * (1 - odds.probability) / samples)
    assert abs(rate - odds.probability) <= 3 * error + 1e-9
    assert abs(mean - odds.expected_stamina) <= 3 * mean_error + 1e-9


REGISTRY = Registry(get_plugin_manager())


@settings(max_examples=15, deadline=None, derandomize=True)
@given(
    die=faces,
    level=st.integers(0, 4),
    scenario=st.booleans(),
    unspent=st.integers(0, 8),
    conditions=st.sampled_from([(), ("Blessed",), ("Weakened",), ("Blessed", "Weakened")]),
    gems=st.sampled_from([(), ("achievement",), ("inspiration",), ("inspiration", "achievement")]),
    burglary=st.booleans(),
    modifier=st.integers(-2, 3).filter(bool),
    target=st.integers(0, 10),
    hindered=st.booleans(),
)
def test_odds_of_a_heros_check_agree_with_the_checks_the_ledger_records(
    die: list[str],
    level: int,
    scenario: bool,
    unspent: int,
    conditions: tuple[str, ...],
    gems: tuple[str, ...],
    burglary: bool,
    modifier: int,
    target: int,
    hindered: bool,
) -> None:
    """From a Hero's state (level, stamina, conditions, gems, Talents) to `odds`, against
    checks built the way `check --spend-stamina best` builds them and applied by the rules."""
    numbers = {"Blessed": 2, "Weakened": 5}
    hero = Hero(
        name="Venia", might=level, agility=2, will=2, taunt=3, chips=8, wounded_chips=4,
        stamina=Stamina(unspent=unspent, spent=8 - unspent),
        gems=Gems(achievement=1, inspiration=1),
        talents=("Burglary",) if burglary else (),
        conditions=tuple(Condition(name=c, number=numbers[c]) for c in conditions),
    )  # fmt: skip
    step = Step(kind="scenario", number=1, scenario=4) if scenario else Step(kind="city", number=1)
    state = CampaignState(heroes={"Venia": hero}, step=step)
    hindered = hindered and scenario
    declared = declare(
        REGISTRY,
        state,
        "Venia",
        "might",
        {
            "modifiers": (f"{modifier:+d}:talent=Burglary",),
            "inspiration": "inspiration" in gems,
            "achievement": "achievement" in gems,
        },
    )
    odds = odds_of(state, declared, tuple(die), target, hindered)
    samples, wins, spent = 800, 0, []
    for seed in range(samples):
        intent: CheckIntent = {"seed": seed, "spend": "best", "hindered": hindered}
        events = build_check(state, declared, tuple(die), target, intent)
        after = state
        for event in events:
            after = event.apply(after)  # every check built is one the rules accept
        check = events[0]
        assert isinstance(check, CheckMade)
        wins += bool(check.success)
        spent.append(check.stamina_spent)
    error = math.sqrt(odds.probability * (1 - odds.probability) / samples)
    assert abs(wins / samples - odds.probability) <= 3 * error + 1e-9
    mean = sum(spent) / samples
    spread = math.sqrt(max(sum(x * x for x in spent) / samples - mean * mean, 0) / samples)
    assert abs(mean - odds.expected_stamina) <= 3 * spread + 1e-9
