"""What checks, reactions, group checks and odds share around a roll: the dice in force, the
Hero's check as declared before the roll (ability, dice, gems, discards, modifiers judged
against the Hero), the faces (read off real dice, or rolled from a recorded seed), and the
events the roll leaves behind. Not an action itself: the actions in this package use it."""

from collections.abc import Sequence
from pathlib import Path
from typing import TypedDict, cast

import msgspec

from ledger.dice import DiceSet, DieKind, check_faces, check_seed, load_dice_file, new_seed, roll
from ledger.errors import BadInput, PluginError
from ledger.hosting import Registry
from ledger.model import (
    Ally,
    CampaignState,
    Event,
    Hero,
    Item,
    Modifier,
    Situation,
    check_modifier,
    judge,
    parse_modifier,
)
from ledger.text import did_you_mean, name_key, quoted
from ledger_base_game.events.checks import CheckGemSpent
from ledger_base_game.events.conditions import ConditionRemoved
from ledger_base_game.events.items import ItemDiscarded
from ledger_base_game.rules.checks import (
    ABILITIES,
    Ability,
    dice_for,
    dice_reason,
    held_modifier,
    spent_conditions,
)
from ledger_base_game.rules.modifier_types import counted

# The dice a roll uses: a definition, a TOML file (a die it leaves out is the one in force),
# or None for the campaign's (``set_dice``), else the plugins' default.
DiceChoice = DiceSet | Path | None
# A modifier printed on a check: as text ("+2:phrase=Lock picking", the form a group check
# records) or already parsed; either way it is judged against the Hero making the check.
ModifierIntent = str | Modifier


def dice_in_force(registry: Registry, state: CampaignState, dice: DiceChoice) -> DiceSet:
    """The dice a roll uses: ``dice`` if given (a file completed by the dice in force), else
    the campaign's, else the plugins'."""
    if isinstance(dice, DiceSet):
        return dice
    if dice is None:
        return state.dice or registry.default_dice()
    try:
        current: DiceSet | None = state.dice or registry.default_dice()
    except PluginError:
        current = None  # then the file must give both dice
    return load_dice_file(dice, current)


def parsed_modifier(modifier: ModifierIntent) -> Modifier:
    return parse_modifier(modifier) if isinstance(modifier, str) else check_modifier(modifier)


def distinct(modifiers: Sequence[ModifierIntent]) -> tuple[Modifier, ...]:
    """The modifiers parsed; the same one named twice (in any case) is refused, not counted
    twice."""
    parsed = tuple(parsed_modifier(modifier) for modifier in modifiers)
    seen: dict[tuple[int, str, str], Modifier] = {}
    for modifier in parsed:
        key = (modifier.amount, modifier.kind.lower(), name_key(modifier.value.strip()))
        if key in seen:
            raise BadInput(
                f"the modifier {modifier.text()} is named twice (also as "
                f"{seen[key].text()}); name each modifier the check prints once"
            )
        seen[key] = modifier
    return parsed


def printed_modifier(modifier: ModifierIntent) -> str:
    """A modifier as printed on a group check (recorded as text, judged at each Hero's roll)."""
    if isinstance(modifier, str):
        return modifier
    return f"{modifier.amount:+d}:{modifier.kind}={modifier.value}"


def choose_ability(
    hero: Hero | Ally, text: str, chosen: str | None
) -> tuple[Ability, tuple[Ability, ...]]:
    """``agility`` or ``might|agility``; for a choice, ``chosen`` picks one, else the Hero's
    highest level (first listed on a tie)."""
    names = [part.strip().lower() for part in text.split("|")]
    for name in [*names, *([chosen.lower()] if chosen else [])]:
        if name not in ABILITIES:
            hint = did_you_mean(name, ABILITIES)
            raise BadInput(f"the abilities are might, agility and will, not {quoted(name)}.{hint}")
    choices = cast(tuple[Ability, ...], tuple(names))
    if len(choices) == 1:
        if chosen is not None and chosen.lower() != choices[0]:
            raise BadInput(
                f"{{choose}} is for A|B checks; this check is {quoted(text)}", fields=["choose"]
            )
        return choices[0], ()
    if chosen is not None:
        if chosen.lower() not in choices:
            raise BadInput(f"the check offers {text}, not {quoted(chosen)}")
        return cast(Ability, chosen.lower()), choices
    return max(choices, key=lambda a: getattr(hero, a)), choices


class Declaration(TypedDict, total=False):
    """What a Hero declares for a check before the roll; each may be left out.

    ``modifiers``: printed on the check, each judged against the Hero (what the Hero does
    not meet does not apply); ``discard``: items discarded before the roll; ``inspiration``:
    an Inspiration gem (+2 dice); ``achievement``: an Achievement gem (+1); ``focus``: the
    Focus action this round (+1 die)."""

    modifiers: Sequence[ModifierIntent]
    discard: Sequence[str]
    inspiration: bool
    achievement: bool
    focus: bool


class Declared(msgspec.Struct, frozen=True, kw_only=True):
    """A Hero's check as declared before the roll."""

    hero: Hero
    ability: Ability
    choices: tuple[Ability, ...]
    dice: int
    inspiration: bool
    achievement: bool
    discard: tuple[str, ...]
    modifiers: tuple[Modifier, ...]
    focus: bool = False
    conditions: int = 0  # what the conditions in force add to an active check's total
    once_per_scenario: tuple[str, ...] = ()  # marked so in the data, used by a modifier

    @property
    def bonus(self) -> int:
        return sum(m.amount for m in self.modifiers if m.applied)

    def adds(self, hindered: bool) -> int:
        """What an active check adds to the successes rolled: the modifiers that apply, an
        Achievement gem, the conditions in force, -1 Hindered."""
        return self.bonus + self.achievement + self.conditions - hindered


def declare(
    registry: Registry,
    state: CampaignState,
    hero_name: str,
    ability: str,
    declaration: Declaration,
    *,
    choose: str | None = None,
    red: bool = True,
) -> Declared:
    """The check ``hero_name`` declares: the ability (``might|agility`` offers a choice), the
    dice it rolls (``red``: Action dice, else Reaction dice), and each modifier judged against
    the Hero and what they discard."""
    hero = state.hero(hero_name)
    chosen, choices = choose_ability(hero, ability, choose)
    discarding = tuple(declaration.get("discard", ()))
    for name in discarding:
        item = hero.item(name)  # NotFound names what the Hero carries
        if state.in_scenario and item.left_behind:
            raise BadInput(
                f"{item.name} was left behind on {hero.name}'s Hero board for this scenario "
                "and cannot be used, so it cannot be discarded for a check (§7.2)"
            )
    situation = Situation(state=state, hero=hero, discarding=discarding, registry=registry)
    modifiers = distinct(declaration.get("modifiers", ()))
    judged = tuple(judge(modifier, situation) for modifier in modifiers)
    inspiration, focus = declaration.get("inspiration", False), declaration.get("focus", False)
    return Declared(
        hero=hero,
        ability=chosen,
        choices=choices,
        dice=dice_for(state, hero, chosen, inspiration, red, focus=focus),
        focus=focus,
        inspiration=inspiration,
        achievement=declaration.get("achievement", False),
        discard=tuple(hero.item(name).name for name in discarding),
        modifiers=judged,
        conditions=held_modifier(state, hero, chosen) if red else 0,
        once_per_scenario=once_per_scenario(situation, judged),
    )


def once_per_scenario(situation: Situation, modifiers: tuple[Modifier, ...]) -> tuple[str, ...]:
    """What the data marks once per scenario that this check counts, by name: a Talent
    (named, or giving a phrase) or an item (carried, discarded, or answering a phrase) whose
    modifier applies. Outside a scenario nothing is used up: the limit is the scenario's."""
    if not situation.state.in_scenario:
        return ()
    used = []
    for modifier in modifiers:
        source = counted(situation, modifier)
        if isinstance(source, Item):  # the Hero's copy: the mark is the card's, in the content
            source = situation.registry.items.find(source.name)
        if source is not None and getattr(source, "once_per_scenario", False):
            used.append(source.name)
    return tuple(dict.fromkeys(used))


def faces_for(
    state: CampaignState,
    declared: Declared,
    die: tuple[str, ...],
    kind: DieKind,
    faces: tuple[str, ...] | None,
    seed: int | None,
) -> tuple[tuple[str, ...], int | None]:
    """The faces read off real dice, else rolled by the ledger from ``seed`` (a new random
    one when None), which is recorded with them."""
    if faces is not None:
        if seed is not None:
            raise BadInput(
                "{seed} is for dice the ledger rolls; leave it out with {roll}",
                fields=["seed", "roll"],
            )
        red = kind == "action"
        why = dice_reason(
            state, declared.hero, declared.ability, declared.inspiration, red, focus=declared.focus
        )
        try:
            return check_faces(read_faces(faces), die, declared.dice, kind, why), None
        except BadInput as error:
            if "is not a face" not in str(error):
                raise
            raise BadInput(
                f"{error}; if the real die has it, record its faces with {{set_dice}} "
                "(the base game's face counts are an assumption)",
                fields=["set_dice"],
            ) from None
    seed = check_seed(seed) if seed is not None else new_seed()
    return roll(die, declared.dice, kind, seed), seed


class Rolled(TypedDict):
    """What a check's event records of its roll: who rolled, in which ability, how many of
    which die, the faces and the seed they came from, and the gems and Focus declared."""

    hero: str
    ability: Ability
    dice: int
    die: tuple[str, ...]
    faces: tuple[str, ...]
    seed: int | None
    inspiration: bool
    achievement: bool
    focus: bool


def rolled(
    state: CampaignState,
    declared: Declared,
    die: tuple[str, ...],
    kind: DieKind,
    faces: tuple[str, ...] | None,
    seed: int | None,
) -> Rolled:
    """The declared check's roll (its ``faces``, else rolled from ``seed``, see ``faces_for``)
    as its event records it."""
    shown, seed = faces_for(state, declared, die, kind, faces, seed)
    return Rolled(
        hero=declared.hero.name,
        ability=declared.ability,
        dice=declared.dice,
        die=die,
        faces=shown,
        seed=seed,
        inspiration=declared.inspiration,
        achievement=declared.achievement,
        focus=declared.focus,
    )


def read_faces(faces: Sequence[str]) -> tuple[str, ...]:
    """Faces as a player reads them: ``s`` is the stamina face ``S``."""
    return tuple(face.upper() for face in faces)


def consequences(state: CampaignState, declared: Declared, red: bool = True) -> list[Event]:
    """Events after the roll: items discarded, gems spent, the conditions the roll spends
    (Blessed, Weakened) discarded."""
    hero = declared.hero.name
    events: list[Event] = [
        ItemDiscarded(hero=hero, item=name, to_stock=True) for name in declared.discard
    ]
    if declared.inspiration:
        events.append(CheckGemSpent(hero=hero, kind="inspiration"))
    if declared.achievement:
        events.append(CheckGemSpent(hero=hero, kind="achievement"))
    for condition in spent_conditions(state, declared.hero, declared.ability, red):
        events.append(ConditionRemoved(hero=hero, condition=condition))
    return events
