"""Exact odds of an active check (§5.1): dynamic programming over the faces, never sampled.

A die is a chain: some faces showing 1+ (each 1 success and one more die), then one face that
is not 1+. With N dice the roll is N such chains, so it splits into two independent parts:
the N final faces (a convolution over the faces that are not 1+) and the number of 1+ faces
before them, a negative binomial that is followed until less than EPSILON of it is left.
The stamina policy is the best one: spend only when that turns a failure into a success, and
then exactly the shortfall (more probability first, then less stamina).
"""

from collections import defaultdict

import msgspec

from ledger.dice._definition import ACTION_VALUES, EXTRA, STAMINA
from ledger.dice._scoring import PER_FACE, StaminaRule

EPSILON = 1e-12
# (successes on the final faces, stamina faces among them) -> probability
Finals = dict[tuple[int, int], float]


class Odds(msgspec.Struct, frozen=True, kw_only=True):
    """The exact chance a check succeeds (``probability``), the stamina faces to expect, the
    dice rolled, and the probability left out in extra-roll chains too long to follow."""

    probability: float
    expected_stamina: float
    dice: int
    cut_mass: float  # probability in extra-roll chains too long to follow (< EPSILON)


def final_faces(die: tuple[str, ...], dice: int) -> Finals:
    """The ``dice`` faces that end each chain: each is a face that is not 1+, drawn in
    proportion to how often it appears on the die."""
    ends = [face for face in die if face != EXTRA]
    single: Finals = defaultdict(float)
    for face in ends:
        single[(ACTION_VALUES[face], int(face == STAMINA))] += 1 / len(ends)
    total: Finals = {(0, 0): 1.0}
    for _ in range(dice):
        step: Finals = defaultdict(float)
        for (base, stamina), p in total.items():
            for (b, s), q in single.items():
                step[(base + b, stamina + s)] += p * q
        total = dict(step)
    return total


def extra_faces(die: tuple[str, ...], dice: int) -> tuple[list[float], float]:
    """P(exactly j faces show 1+ across all chains) for j = 0, 1, ..., and the mass cut off.
    Negative binomial: j successes of probability p before ``dice`` failures."""
    p = die.count(EXTRA) / len(die)
    if dice == 0 or p == 0:
        return [1.0], 0.0
    pmf = [(1 - p) ** dice]
    covered = pmf[0]
    while 1 - covered >= EPSILON:
        j = len(pmf) - 1
        pmf.append(pmf[j] * p * (j + dice) / (j + 1))
        covered += pmf[-1]
    return pmf, max(1 - covered, 0.0)


def check_odds(
    die: tuple[str, ...],
    dice: int,
    target: int,
    bonus: int,
    rule: StaminaRule,
    unspent: int,
    per_face: int = PER_FACE,
) -> Odds:
    """P(total >= target) where total = faces + stamina successes + ``bonus`` (modifiers,
    Achievement gem, Hindered), with at most ``unspent`` stamina to spend in a scenario, at
    most ``per_face`` on each stamina face (2; an Injury card may lower it)."""
    finals = final_faces(die, dice)
    extras, cut = extra_faces(die, dice)
    tail = [0.0] * (len(extras) + 1)  # tail[j] = P(at least j extra faces), within the cut
    for j in range(len(extras) - 1, -1, -1):
        tail[j] = tail[j + 1] + extras[j]
    probability = expected = 0.0
    for (base, faces), p in finals.items():
        if rule == "flat":
            reach = PER_FACE * faces
        elif rule == "spend":
            reach = min(per_face * faces, unspent)
        else:
            reach = 0
        # Success needs base + j + bonus + spend >= target with spend <= reach.
        need = target - bonus - base - reach  # the fewest extra faces that succeed
        probability += p * tail[min(max(need, 0), len(extras))]
        if rule != "spend":
            continue
        for j in range(max(need, 0), min(need + reach, len(extras))):
            expected += p * extras[j] * (target - bonus - base - j)
    return Odds(probability=probability, expected_stamina=expected, dice=dice, cut_mass=cut)
