"""Exact odds of an active check (§5.1), a reactive check (each success reduces the damage by
1) and a group check's total (the Heroes' totals added): dynamic programming over the faces,
never sampled.

A die is a chain: some faces showing 1+ (each 1 success and one more die), then one face that
is not 1+. With N dice the roll is N such chains, so it splits into two independent parts:
the N final faces (a convolution over the faces that are not 1+) and the number of 1+ faces
before them, a negative binomial that is followed until less than EPSILON of it is left.
The stamina policy is the best one: spend only when that turns a failure into a success, and
then exactly the shortfall (more probability first, then less stamina).
"""

from collections import defaultdict

import msgspec

from ledger.dice._definition import ACTION_VALUES, EXTRA, HOURGLASS, REACTION_VALUES, STAMINA
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


class ReactionOdds(msgspec.Struct, frozen=True, kw_only=True):
    """A reactive check's exact odds against ``amount`` damage or stamina loss: ``taken[k]``
    is the chance of taking ``k`` after the reduction (``taken[0]``: none), and the expected
    amount taken."""

    dice: int
    amount: int
    taken: tuple[float, ...]
    expected_taken: float


def reaction_successes_pmf(die: tuple[str, ...], dice: int, hourglass: int = 0) -> list[float]:
    """P(successes = s) on ``dice`` Reaction dice; an hourglass counts ``hourglass`` (0
    unless an effect the Ally has uses it)."""
    values = [hourglass if face == HOURGLASS else REACTION_VALUES[face] for face in die]
    pmf = [1.0]
    for _ in range(dice):
        grown = [0.0] * (len(pmf) + max(values, default=0))
        for s, p in enumerate(pmf):
            for value in values:
                grown[s + value] += p / len(values)
        pmf = grown
    return pmf


def reaction_odds(
    die: tuple[str, ...], dice: int, amount: int, bonus: int = 0, hourglass: int = 0
) -> ReactionOdds:
    """Each success prevents 1 of ``amount`` (seed: "for each you roll, the damage is reduced
    by 1"); ``bonus`` successes (an Achievement gem) count too."""
    taken = [0.0] * (amount + 1)
    for s, p in enumerate(reaction_successes_pmf(die, dice, hourglass)):
        taken[max(amount - s - bonus, 0)] += p
    expected = sum(k * p for k, p in enumerate(taken))
    return ReactionOdds(dice=dice, amount=amount, taken=tuple(taken), expected_taken=expected)


def total_pmf(die: tuple[str, ...], dice: int, per_stamina: int) -> tuple[list[float], float]:
    """P(total = t) of ``dice`` Action dice outside a scenario (each stamina face counts
    ``per_stamina``, 2 for a Hero, 0 for a Non-Hero Ally), following extra-roll chains until
    less than ``EPSILON`` of the probability is left; and the probability left out."""
    one: list[float] = [0.0]
    chance = 1.0 / len(die)
    pending = {0: 1.0}  # successes banked before the die still to roll, by value
    cut = 0.0
    while pending:
        following: dict[int, float] = {}
        for banked, p in pending.items():
            for face in die:
                if face == EXTRA:
                    following[banked + 1] = following.get(banked + 1, 0.0) + p * chance
                    continue
                value = banked + (per_stamina if face == STAMINA else ACTION_VALUES[face])
                one += [0.0] * (value + 1 - len(one))
                one[value] += p * chance
        left = sum(following.values())
        if left < EPSILON:
            cut += left
            break
        pending = following
    pmf = [1.0]
    for _ in range(dice):
        grown = [0.0] * (len(pmf) + len(one) - 1)
        for a, pa in enumerate(pmf):
            for b, pb in enumerate(one):
                grown[a + b] += pa * pb
        pmf = grown
    return pmf, min(cut * dice, 1.0)


class GroupOdds(msgspec.Struct, frozen=True, kw_only=True):
    """A group check's exact chance: the Heroes' totals added (seed), against ``target``."""

    target: int
    probability: float
    expected_total: float
    cut_mass: float


def group_odds(die: tuple[str, ...], rolls: list[tuple[int, int, int]], target: int) -> GroupOdds:
    """``rolls``: each Hero's (dice, bonus, per stamina face); their totals are added before
    being compared with ``target`` (seed, City and Journey Steps)."""
    pmf, offset, cut = [1.0], 0, 0.0
    for dice, bonus, per_stamina in rolls:
        one, left = total_pmf(die, dice, per_stamina)
        cut += left
        grown = [0.0] * (len(pmf) + len(one) - 1)
        for a, pa in enumerate(pmf):
            for b, pb in enumerate(one):
                grown[a + b] += pa * pb
        pmf, offset = grown, offset + bonus
    probability = sum(p for t, p in enumerate(pmf) if t + offset >= target)
    expected = sum((t + offset) * p for t, p in enumerate(pmf))
    return GroupOdds(
        target=target, probability=probability, expected_total=expected, cut_mass=min(cut, 1.0)
    )
