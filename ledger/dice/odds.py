"""Exact odds of an active check (§5.1): dynamic programming over the faces, never sampled.

A die's extra rolls form a chain: j faces showing 1+ (probability p^j) and then one face that
is not 1+. Chains are followed until the probability left in longer ones is below EPSILON.
The stamina policy is the best one: spend only when it turns a failure into a success, and
then exactly the shortfall (more probability first, then less stamina).
"""

from collections import defaultdict

import msgspec

from ledger.dice.definition import ACTION_VALUES, EXTRA, STAMINA
from ledger.dice.scoring import PER_FACE, StaminaRule

EPSILON = 1e-12
# (successes printed on the faces, stamina faces) -> probability
Distribution = dict[tuple[int, int], float]


class Odds(msgspec.Struct, frozen=True, kw_only=True):
    probability: float
    expected_stamina: float
    dice: int
    cut_mass: float  # probability in extra-roll chains too long to follow (< EPSILON)


def one_die(die: tuple[str, ...], dice: int = 1) -> tuple[Distribution, float]:
    """One Action die with its chain of extra rolls, and the mass left out of the chains."""
    size = len(die)
    p_extra = die.count(EXTRA) / size
    ends = {face: die.count(face) / size for face in set(die) if face != EXTRA}
    result: Distribution = defaultdict(float)
    chain, reach = 0, 1.0  # reach: probability of rolling `chain` 1+ faces in a row
    while True:
        for face, p in ends.items():
            result[(chain + ACTION_VALUES[face], int(face == STAMINA))] += reach * p
        reach *= p_extra
        chain += 1
        if dice * reach < EPSILON:
            return dict(result), reach


def roll_distribution(die: tuple[str, ...], dice: int) -> tuple[Distribution, float]:
    """The sum of ``dice`` independent dice, by convolution."""
    single, cut = one_die(die, max(dice, 1))
    total: Distribution = {(0, 0): 1.0}
    for _ in range(dice):
        step: Distribution = defaultdict(float)
        for (base, stamina), p in total.items():
            for (b, s), q in single.items():
                step[(base + b, stamina + s)] += p * q
        total = dict(step)
    return total, 1 - (1 - cut) ** dice if dice else 0.0


def check_odds(
    die: tuple[str, ...],
    dice: int,
    target: int,
    bonus: int,
    rule: StaminaRule,
    unspent: int,
) -> Odds:
    """P(total >= target) where total = faces + stamina successes + ``bonus`` (modifiers,
    Achievement gem, Hindered), with at most ``unspent`` stamina to spend in a scenario."""
    distribution, cut = roll_distribution(die, dice)
    probability = expected = 0.0
    for (base, faces), p in distribution.items():
        shortfall = target - base - bonus
        if rule == "flat":
            reachable = PER_FACE * faces
        elif rule == "spend":
            reachable = min(PER_FACE * faces, unspent)
        else:
            reachable = 0
        if shortfall <= reachable:
            probability += p
            if rule == "spend":
                expected += p * max(shortfall, 0)
    return Odds(probability=probability, expected_stamina=expected, dice=dice, cut_mass=cut)
