"""Progressive checks (§5.1): successes build up over attempts and Heroes towards a target
such as 2xHC+4 (HC: the Hero Count)."""

import re
from typing import Unpack, cast

from ledger.actions import Game
from ledger.errors import BadInput
from ledger.model import Event
from ledger.text import quoted
from ledger_base_game.actions._rolls import declare, dice_in_force
from ledger_base_game.actions.checks import CheckIntent, build_check
from ledger_base_game.events.progressive import (
    ProgressiveCheckOpened,
    ProgressiveRound,
    RoundStarted,
)
from ledger_base_game.rules.checks import Ability
from ledger_base_game.rules.ranges import MAX_HERO_COUNT

# "12", "HC", "2xHC+4", "3×HC-1": HC is the Hero Count symbol.
FORMULA = re.compile(r"^\s*(?:(\d+)\s*[x×*]\s*)?HC\s*(?:([+-])\s*(\d+))?\s*$", re.IGNORECASE)


def evaluate_target(text: str, heroes: int) -> int:
    """A number, or a formula of the Hero Count such as ``2xHC+4``."""
    if text.strip().isdigit():
        return int(text)
    match = FORMULA.match(text)
    if match is None:
        raise BadInput(
            f"{{target}} is a number or a formula like 2xHC+4, not {quoted(text)}",
            fields=["target"],
        )
    factor, sign, offset = match.groups()
    value = int(factor or 1) * heroes
    if offset:
        value += int(offset) if sign == "+" else -int(offset)
    return value


def open_progressive_check(
    game: Game, *, name: str, ability: str, target: int | str, heroes: int | None = None
) -> list[Event]:
    """Open progressive check ``name``: ``ability``, ``target`` successes, a number or a
    formula as printed (``"2xHC+4"``), with ``heroes`` as the Hero Count (default: the
    Heroes in the campaign)."""
    count = heroes if heroes is not None else len(game.state.heroes)
    if not 1 <= count <= MAX_HERO_COUNT:
        raise BadInput(f"the Hero Count is from 1 to {MAX_HERO_COUNT}, not {count}")
    printed = str(target)
    value = evaluate_target(printed, count)
    formula = "" if printed.strip().isdigit() else printed
    chosen = cast(Ability, ability.strip().lower())  # the rule (apply) refuses any other
    return [ProgressiveCheckOpened(name=name, ability=chosen, target=value, formula=formula)]


def attempt_progressive_check(
    game: Game, *, name: str, hero: str, **intent: Unpack[CheckIntent]
) -> list[Event]:
    """``hero`` attempts progressive check ``name``: a check in its ability, as
    ``make_check`` makes one (``intent`` alike), whose total adds to the progress.
    ``spend="best"`` spends as much stamina as helps towards what remains."""
    state = game.state
    check = state.progressive_checks.get(name)
    if check is None:
        known = ", ".join(state.progressive_checks) or "none"
        raise BadInput(f"no progressive check named {quoted(name)} (open: {known})")
    declared = declare(game.registry, state, hero, check.ability, intent)
    die = dice_in_force(game.registry, state, intent.get("dice_set")).action
    return build_check(
        state,
        declared,
        die,
        None,
        intent,
        progressive=check.name,
        best_target=check.target - check.progress,
    )


def new_round(game: Game) -> list[Event]:
    """The next round of the scenario: every check may be attempted again by every Hero
    (once per turn per Ally, §5.1), every progressive check's round included."""
    return [RoundStarted()]


def new_progressive_round(game: Game, *, name: str) -> list[Event]:
    """A new round: every Hero may attempt progressive check ``name`` again."""
    return [ProgressiveRound(name=name)]
