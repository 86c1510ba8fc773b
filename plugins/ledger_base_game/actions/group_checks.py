"""Group ability checks outside scenarios (§5.3, seed: City and Journey steps): in one go
(``group_check``), or step by step as the table plays it (open, each Hero's roll, each gem,
close). Each Hero rolls in order, then the Achievement gems are decided, then the total
counts. A check is never closed as a failure while unspent gems could still reach its target
and nobody decided on them (``undecided_gems``): it stays open for the gem decisions."""

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import TypeVar

from ledger.actions import Game
from ledger.dice import PER_FACE, ActionRoll, action_successes, stamina_faces
from ledger.errors import BadInput, OutOfRange
from ledger.hosting import Registry
from ledger.model import CampaignState, Event
from ledger.rules.gems import GemKind
from ledger.text import name_key
from ledger_base_game.actions._rolls import (
    Declaration,
    DiceChoice,
    ModifierIntent,
    choose_ability,
    consequences,
    declare,
    dice_in_force,
    distinct,
    faces_for,
    printed_modifier,
)
from ledger_base_game.events.group_checks import (
    NOT_OPEN,
    GroupCheckClosed,
    GroupCheckGem,
    GroupCheckOpened,
    GroupCheckRolled,
)
from ledger_base_game.rules.group_checks import taunt_order, threshold_counts, threshold_target
from ledger_base_game.rules.ranges import MAX_HEROES

# A group check's target: a number, thresholds by Hero count (8/13/17), or None for "?" (the
# players read the entry from the total).
Target = int | tuple[int, ...] | None
V = TypeVar("V")
# Per Hero: {hero: value}, or (hero, value) pairs (a Hero named twice is refused or merged).
PerHero = Mapping[str, V] | Sequence[tuple[str, V]]


def open_group_check(
    game: Game,
    *,
    ability: str,
    target: Target,
    order: Sequence[str] | None = None,
    success_entry: str | None = None,
    failure_entry: str | None = None,
    modifiers: Sequence[ModifierIntent] = (),
    heroes: int | None = None,
) -> list[Event]:
    """Open a group ``ability`` check needing ``target`` successes, or thresholds by Hero
    count (``(8, 13, 17)`` for 2, 3 and 4 Heroes: the campaign's Heroes, or ``heroes``, ruling
    §12.8), or None for a "?" check. ``order``: the Heroes who roll, in the order agreed;
    without it every Hero who can act (not exhausted), by Taunt, highest first. ``modifiers``
    are printed on the check and judged for each Hero as they roll."""
    return [_opened(game, ability, target, order, success_entry, failure_entry, modifiers, heroes)]


def roll_for_group_check(
    game: Game,
    *,
    hero: str,
    roll: ActionRoll | None = None,
    seed: int | None = None,
    inspiration: bool = False,
    discard: Sequence[str] = (),
    modifiers: Sequence[ModifierIntent] = (),
    dice_set: DiceChoice = None,
) -> list[Event]:
    """``hero``'s roll for the open group check, with the effects declared before it (an
    Inspiration gem, items discarded). The check's modifiers are judged for ``hero``;
    ``modifiers`` adds any only this roll has. Stamina faces count +2: none is spent."""
    return _rolled(
        game.registry, game.state, hero, modifiers, discard, inspiration, roll, seed, dice_set
    )


def spend_group_check_gem(game: Game, *, hero: str, kind: GemKind = "achievement") -> list[Event]:
    """``hero`` spends an Achievement gem on the open group check: +1, once every Hero has
    rolled, one per Hero. An Inspiration gem is declared with the roll
    (``roll_for_group_check``); after it, it is refused (§6)."""
    if kind == "inspiration":
        raise BadInput(
            "an Inspiration gem is declared before the roll: {roll_for_group_check}; after the "
            "roll it is refused (§6)",
            fields=["roll_for_group_check"],
        )
    return [GroupCheckGem(hero=game.hero(hero).name)]


def gem_to_decide(
    game: Game, *, spent: Sequence[str] = (), declined: Sequence[str] = ()
) -> str | None:
    """The next Hero to ask about an Achievement gem for the open group check, once the
    Heroes ``spent`` spend theirs and the ``declined`` do not; None once no gem could change
    the outcome (the table asks each Hero in the check's order, ``undecided_gems``)."""
    state = game.state
    now = played(state, [GroupCheckGem(hero=state.hero(name).name) for name in spent])
    left = _undecided(now, declined)
    return left[0] if left else None


def finish_group_check(
    game: Game, *, gems: Sequence[str] = (), outcome: str | None = None
) -> list[Event]:
    """The gem decisions of the open group check, once every Hero has rolled, and its close,
    as one command: ``gems``, the Heroes spending an Achievement gem (the others decided
    not to)."""
    now, events = game.state, []
    for name in gems:
        gem = GroupCheckGem(hero=now.hero(name).name)
        now = played(now, [gem])
        events.append(gem)
    return [*events, _closing(now, outcome)]


def close_group_check(game: Game, *, outcome: str | None = None) -> list[Event]:
    """Total the open group check's successes and record the outcome: the success or the
    failure entry, or for a "?" check the ``outcome`` the players read from the total."""
    return [_closing(game.state, outcome)]


def group_check(
    game: Game,
    *,
    ability: str,
    target: Target,
    order: Sequence[str] | None = None,
    rolls: PerHero[tuple[str, ...]] = (),
    seed: int | None = None,
    gems: Sequence[str] = (),
    inspiration: Sequence[str] = (),
    discard: PerHero[str | tuple[str, ...]] = (),
    modifiers: Sequence[ModifierIntent] = (),
    success_entry: str | None = None,
    failure_entry: str | None = None,
    dice_set: DiceChoice = None,
    heroes: int | None = None,
    outcome: str | None = None,
    gems_decided: bool = False,
) -> list[Event]:
    """A whole group check in one command: opened as ``open_group_check`` opens it, each Hero
    rolls in order, then the ``gems`` (Heroes spending an Achievement gem), then it closes
    (``outcome``: for a "?" check, the entry the players read).

    The seed's order is that every Hero rolls before anyone decides on a gem: when no
    ``gems`` are given and not ``gems_decided`` (nobody spends one), and the gems still
    unspent could change the outcome (``undecided_gems``), the check is left open after the
    rolls, for ``spend_group_check_gem`` and ``close_group_check`` to finish it.

    ``rolls``: the faces Heroes read off real dice; the others are rolled by the ledger, the
    Hero at position i from ``seed + i`` when a seed is given. ``inspiration``: Heroes who
    spend an Inspiration gem before rolling. ``discard``: items a Hero discards before rolling.
    """
    state = game.state
    opened = _opened(game, ability, target, order, success_entry, failure_entry, modifiers, heroes)
    rollers = opened.order
    faces: dict[str, tuple[str, ...]] = {}
    for hero, values in _by_hero(state, _pairs(rolls)).items():
        if hero in opened.left_out:
            raise BadInput(f"{hero} is exhausted and left out of the group check (ruling §12.8)")
        if len(values) > 1 or hero not in rollers:
            raise BadInput(
                f"{{rolls}} {hero}=... is given twice or {hero} does not roll", fields=["rolls"]
            )
        faces[hero] = values[0]
    items = {
        hero: [item for value in values for item in _items(value)]
        for hero, values in _by_hero(state, _pairs(discard)).items()
    }
    inspired = {state.hero(name).name for name in inspiration}
    events: list[Event] = [opened]
    now = played(state, events)
    for index, hero in enumerate(rollers):
        step = _rolled(
            game.registry,
            now,
            hero,
            (),
            tuple(items.get(hero, ())),
            hero in inspired,
            faces.get(hero),
            None if seed is None or hero in faces else seed + index,
            dice_set,
        )
        now = played(now, step)
        events += step
    if not gems and not gems_decided and _undecided(now, ()):
        return events  # the rolls stand; the gems are the players' to decide
    for name in gems:
        gem = GroupCheckGem(hero=state.hero(name).name)
        now = played(now, [gem])
        events.append(gem)
    events.append(_closing(now, outcome))
    return events


def undecided_gems(game: Game, *, declined: Sequence[str] = ()) -> list[str]:
    """The Heroes of the open group check who could still spend an Achievement gem on it, in
    its order, when their gems could change the outcome: every Hero has rolled, the total is
    short of the target, and one gem each would reach it. Empty otherwise (no check open, a
    roll still to come, the target met or out of reach, or a "?" check, whose outcome the
    players read). ``declined``: Heroes who decided against spending theirs."""
    return list(_undecided(game.state, declined))


def _undecided(state: CampaignState, declined: Collection[str]) -> tuple[str, ...]:
    group = state.group_check
    if group is None or group.target is None or group.next_to_roll() is not None:
        return ()
    if group.total >= group.target:
        return ()
    able = tuple(
        name
        for name in group.order
        if name not in group.gems
        and name_key(name) not in {name_key(other) for other in declined}
        and state.hero(name).gems.achievement > 0
    )
    return able if group.total + len(able) >= group.target else ()


def played(state: CampaignState, events: Iterable[Event]) -> CampaignState:
    """The state after ``events``: what the next step of a group check is decided against
    (recording checks every event again)."""
    for event in events:
        state = event.apply(state)
    return state


def group_target(target: Target, heroes: int) -> tuple[int | None, tuple[int, ...]]:
    """The target for ``heroes`` Heroes, and the thresholds as printed (none for one number
    or "?")."""
    if target is None or isinstance(target, int):
        return target, ()
    if len(target) == 1:
        return target[0], ()
    number = threshold_target(target, heroes)
    if number is None:
        printed = "/".join(str(value) for value in target)
        raise BadInput(
            f"{printed} gives targets for {threshold_counts(target)} Heroes, not for {heroes}; "
            "name the count the check is read for with {heroes}",
            fields=["heroes"],
        )
    return number, tuple(target)


def default_order(state: CampaignState) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Who rolls when the players agree no order: every Hero who can act, by Taunt, highest
    first; and the exhausted Heroes left out (ruling §12.8)."""
    everyone = taunt_order(state, tuple(state.heroes))
    left_out = tuple(name for name in everyone if state.hero(name).status == "exhausted")
    return tuple(name for name in everyone if name not in left_out), left_out


def _opened(
    game: Game,
    ability: str,
    target: Target,
    order: Sequence[str] | None,
    success_entry: str | None,
    failure_entry: str | None,
    modifiers: Sequence[ModifierIntent],
    heroes: int | None,
) -> GroupCheckOpened:
    state = game.state
    left_out: tuple[str, ...] = ()
    if order:
        rollers, agreed = tuple(state.hero(name).name for name in order), True
    else:
        (rollers, left_out), agreed = default_order(state), False
    if not rollers:
        raise BadInput("every Hero is exhausted: no one can make a group check")
    if heroes is not None and not 1 <= heroes <= MAX_HEROES:
        raise OutOfRange(f"{{heroes}} is from 1 to {MAX_HEROES}, not {heroes}", fields=["heroes"])
    count = len(state.heroes) if heroes is None else heroes
    number, thresholds = group_target(target, count)
    if number is None and (success_entry or failure_entry):
        raise BadInput(
            'a "?" check has no success or failure entry: the players read the entry from '
            "the total and record it when the check closes ({outcome})",
            fields=["outcome"],
        )
    chosen, _ = choose_ability(state.hero(rollers[0]), ability, None)
    distinct(modifiers)
    return GroupCheckOpened(
        ability=chosen,
        target=number,
        thresholds=thresholds,
        heroes=count if thresholds else None,
        order=rollers,
        agreed=agreed,
        left_out=left_out,
        success_entry=success_entry,
        failure_entry=failure_entry,
        modifiers=tuple(printed_modifier(modifier) for modifier in modifiers),
    )


def _rolled(
    registry: Registry,
    state: CampaignState,
    hero: str,
    modifiers: Sequence[ModifierIntent],
    discard: Sequence[str],
    inspiration: bool,
    roll: tuple[str, ...] | None,
    seed: int | None,
    dice_set: DiceChoice,
) -> list[Event]:
    """One Hero's roll and what they declared for it."""
    group = state.group_check
    if group is None:
        raise BadInput(NOT_OPEN, fields=["open_group_check"])
    printed = (*group.modifiers, *modifiers)
    declaration: Declaration = {
        "modifiers": printed,
        "discard": discard,
        "inspiration": inspiration,
    }
    declared = declare(registry, state, hero, group.ability, declaration)
    die = dice_in_force(registry, state, dice_set).action
    faces, seed = faces_for(state, declared, die, "action", roll, seed)
    successes = action_successes(faces) + PER_FACE * stamina_faces(faces) + declared.bonus
    rolled = GroupCheckRolled(
        hero=declared.hero.name,
        dice=declared.dice,
        die=die,
        faces=faces,
        seed=seed,
        inspiration=inspiration,
        discard=declared.discard,
        modifiers=declared.modifiers,
        successes=successes,
    )
    return [rolled, *consequences(state, declared)]


def _closing(state: CampaignState, read: str | None) -> GroupCheckClosed:
    group = state.group_check
    if group is None:
        raise BadInput("no group check is open")
    if group.target is None:
        return GroupCheckClosed(total=group.total, success=None, outcome=read)
    if read is not None:
        raise BadInput(
            f"this group check needs {group.target} successes, so its outcome is its success "
            'or failure entry; {outcome} is for a "?" check',
            fields=["outcome"],
        )
    success = group.total >= group.target
    outcome = group.success_entry if success else group.failure_entry
    return GroupCheckClosed(total=group.total, success=success, outcome=outcome)


def _pairs(values: "PerHero[V]") -> list[tuple[str, V]]:
    return list(values.items()) if isinstance(values, Mapping) else list(values)


def _by_hero(state: CampaignState, pairs: list[tuple[str, V]]) -> dict[str, list[V]]:
    """Values by the Hero's recorded name, however the name was typed."""
    found: dict[str, list[V]] = {}
    for hero, value in pairs:
        found.setdefault(state.hero(hero).name, []).append(value)
    return found


def _items(value: str | tuple[str, ...]) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else value
