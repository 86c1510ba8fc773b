"""How lucky the dice were: queries over the rolls in effect (undone ones left out). They read
the campaign's history and record nothing (call them directly with ``campaign.game()``).

``dice_luck``: per roll, the successes the dice showed against the exact expectation for the
same dice (the die in force, how many were rolled; extra rolls included), cumulative per Hero.
A stamina face counts its full worth (+2): it is the dice's luck, not the Hero's choice.

``check_chances``: per active check with a target, the exact chance of success the ledger
would have shown before the roll (``odds_of_check``'s computation, from the state before it)
and whether it succeeded, so the rate of successes can be set against the odds."""

from collections.abc import Iterator
from typing import Literal

import msgspec

from ledger.actions import Game
from ledger.dice import (
    EXTRA,
    PER_FACE,
    REACTION_VALUES,
    STAMINA,
    action_successes,
    check_odds,
    stamina_faces,
)
from ledger.model import Event
from ledger_base_game.actions.odds import stamina_rule
from ledger_base_game.events.checks import CheckMade
from ledger_base_game.events.group_checks import GroupCheckRolled
from ledger_base_game.events.reactions import EffectReacted, ReactionMade

RollKind = Literal["check", "group check", "reaction"]


class LuckPoint(msgspec.Struct, frozen=True, kw_only=True):
    """One roll: what the dice showed and what the same dice give on average."""

    seq: int
    hero: str
    kind: RollKind
    dice: int  # dice rolled before extra rolls
    rolled: float  # successes the faces show (a stamina face +2)
    expected: float  # the exact mean for the same dice
    hero_rolled: float  # the Hero's rolls so far, this one included
    hero_expected: float


class CheckChance(msgspec.Struct, frozen=True, kw_only=True):
    """One active check with a target: the odds before the roll and what happened."""

    seq: int
    hero: str
    target: int
    probability: float  # the exact chance with the best stamina policy
    success: bool


def die_mean(die: tuple[str, ...], values: dict[str, int]) -> float:
    """The mean successes of one die, its extra-roll chain included: a 1+ face is worth its
    success and another die, so mean = (mean of a face) / (1 - P(1+))."""
    extra = die.count(EXTRA) / len(die)
    face = sum(values[symbol] for symbol in die) / len(die)
    return face / (1 - extra)


def dice_luck(game: Game, *, after: int = 0, upto: int | None = None) -> list[LuckPoint]:
    """Every roll in effect, in order, with each Hero's cumulative successes and expectation
    (only those after event ``after`` and up to ``upto`` if given, their totals counted from
    there on)."""
    points: list[LuckPoint] = []
    totals: dict[str, tuple[float, float]] = {}
    for seq, event in _events(game, after, upto):
        rolled = _rolled(event)
        if rolled is None:
            continue
        hero, kind, dice, die, values, shown = rolled
        expected = dice * die_mean(die, values)
        before = totals.get(hero, (0.0, 0.0))
        now = (before[0] + shown, before[1] + expected)
        totals[hero] = now
        points.append(
            LuckPoint(
                seq=seq,
                hero=hero,
                kind=kind,
                dice=dice,
                rolled=shown,
                expected=expected,
                hero_rolled=now[0],
                hero_expected=now[1],
            )
        )
    return points


def check_chances(game: Game, *, after: int = 0, upto: int | None = None) -> list[CheckChance]:
    """Every active check in effect that had a target (progressive and "?" checks have none),
    with the odds the state before it gave (only those after event ``after`` and up to
    ``upto`` if given): the states before the checks read in one fold forward through them."""
    checks: dict[int, tuple[CheckMade, int, bool]] = {}
    for seq, event in _events(game, after, upto):
        if isinstance(event, CheckMade) and event.target is not None and event.success is not None:
            checks[seq] = (event, event.target, event.success)
    chances = []
    for seq, before in game.campaign.states_before(checks):
        event, target, success = checks[seq]
        hero = before.hero(event.hero)
        rule = stamina_rule(before)
        stamina = event.stamina_spent if rule == "spend" else PER_FACE * stamina_faces(event.faces)
        bonus = event.total - action_successes(event.faces) - stamina
        odds = check_odds(event.die, event.dice, target, bonus, rule, hero.stamina.unspent)
        chances.append(
            CheckChance(
                seq=seq,
                hero=event.hero,
                target=target,
                probability=odds.probability,
                success=success,
            )
        )
    return chances


_ACTION = {"0": 0, "1": 1, "2": 2, EXTRA: 1, STAMINA: PER_FACE}


def _rolled(
    event: Event,
) -> tuple[str, RollKind, int, tuple[str, ...], dict[str, int], float] | None:
    if isinstance(event, CheckMade | GroupCheckRolled):
        kind: RollKind = "check" if isinstance(event, CheckMade) else "group check"
        shown = sum(_ACTION[face] for face in event.faces)
        return event.hero, kind, event.dice, event.die, _ACTION, shown
    if isinstance(event, ReactionMade | EffectReacted):
        shown = sum(REACTION_VALUES[face] for face in event.faces)
        return event.hero, "reaction", event.dice, event.die, REACTION_VALUES, shown
    return None


def _events(game: Game, after: int = 0, upto: int | None = None) -> Iterator[tuple[int, Event]]:
    """The campaign's rolls in effect (checks, group check rolls, reactions), with their seq:
    read by their type's index, not the whole campaign."""
    campaign = game.campaign
    reverted = campaign.history_now().reverted()
    types = {CheckMade.tag(), GroupCheckRolled.tag(), ReactionMade.tag()}
    last = campaign.head().seq if upto is None else upto
    for row in campaign.store.log_rows(campaign.name, after + 1, last, types=types):
        if row.command in reverted:
            continue
        yield row.seq, campaign.projector.decode(row)
