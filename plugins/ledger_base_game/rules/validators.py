"""The base game's validator: names in progress events checked against every loaded plugin's
content (the fold has no content, so an event built through the Python API could otherwise
name a Profession or Talent nobody registered)."""

from ledger.errors import OutOfRange
from ledger.hosting import Registry
from ledger.model import CampaignState, ContentAdded, Event, TableCard
from ledger.text import name_key, quoted
from ledger_base_game.events.checks import CheckMade
from ledger_base_game.events.group_checks import GroupCheckOpened
from ledger_base_game.events.progress import (
    ClassChosen,
    ProfessionLearned,
    SkillLearned,
    TalentLearned,
)
from ledger_base_game.rules.ranges import (
    MAX_ABILITY,
    MAX_CHIPS,
    MAX_CONDITION_NUMBER,
    MAX_TAUNT,
    check_range,
)


def validate_event(state: CampaignState, event: Event, registry: Registry) -> str | None:
    if isinstance(event, CheckMade | GroupCheckOpened) and 0 in (event.target, *_thresholds(event)):
        return "a check's target is at least 1: the rules have no target 0"
    if isinstance(event, ClassChosen):
        return _class(state, event, registry)
    if isinstance(event, SkillLearned):
        return _skill(state, event, registry)
    if isinstance(event, ProfessionLearned):
        return _profession(event, registry)
    if isinstance(event, TalentLearned):
        return _talent(state, event, registry)
    if isinstance(event, ContentAdded):
        return next(filter(None, map(_card, event.cards)), None)
    return None


# A table's card checked with the ranges its events will check once it is played.
CARD_RANGES = {
    "hero": {
        "might": (0, MAX_ABILITY),
        "agility": (0, MAX_ABILITY),
        "will": (0, MAX_ABILITY),
        "taunt": (0, MAX_TAUNT),
        "chips": (1, MAX_CHIPS),
        "wounded_chips": (1, MAX_CHIPS),
    },
    "condition": {"number": (1, MAX_CONDITION_NUMBER)},
}


def _card(card: TableCard) -> str | None:
    for field, (low, high) in CARD_RANGES.get(card.kind, {}).items():
        value = card.fields.get(field)
        if value is None:
            continue
        try:
            check_range(value, f"{card.name}'s {field}", low, high)
        except OutOfRange as error:
            return str(error)
    return None


def _thresholds(event: Event) -> tuple[int, ...]:
    return event.thresholds if isinstance(event, GroupCheckOpened) else ()


def _class(state: CampaignState, event: ClassChosen, registry: Registry) -> str | None:
    known = [c.name for c in registry.classes.entries() if name_key(c.hero) == name_key(event.hero)]
    if known and not any(name_key(c) == name_key(event.hero_class) for c in known):
        return f"{event.hero} chooses between {' and '.join(known)}, not {quoted(event.hero_class)}"
    return None


def _skill(state: CampaignState, event: SkillLearned, registry: Registry) -> str | None:
    spec = registry.classes.find(state.hero(event.hero).hero_class or "")
    if spec and spec.skills and not any(name_key(s) == name_key(event.skill) for s in spec.skills):
        return f"{quoted(event.skill)} is not a {spec.name} skill ({', '.join(spec.skills)})"
    return None


def _profession(event: ProfessionLearned, registry: Registry) -> str | None:
    spec = registry.professions.find(event.profession)
    if spec is None:
        return f"no loaded plugin knows the Profession {quoted(event.profession)}"
    if name_key(event.talent) != name_key(spec.talents[0]):
        return f"{spec.name} comes with the Talent {spec.talents[0]!r}, not {quoted(event.talent)}"
    return None


def _talent(state: CampaignState, event: TalentLearned, registry: Registry) -> str | None:
    spec = registry.talents.find(event.talent)
    if spec is None:
        return f"no loaded plugin knows the Talent {quoted(event.talent)}"
    profession = state.hero(event.hero).profession or ""
    if name_key(spec.profession) != name_key(profession):
        return (
            f"{spec.name} is a {spec.profession} Talent, not one of {profession or 'no Profession'}"
        )
    if spec.master != event.master:
        kind = "the Master Talent" if spec.master else "a basic Talent"
        return f"{spec.name} is {kind} of {spec.profession}"
    return None
