"""The requirement types of the seed text (ability checks, "Ability Check Modifiers"; ruling
§12.7), registered through ``register_modifier_types`` like any plugin's."""

from ledger.hosting import item_answers
from ledger.model import Item, Modifier, ModifierType, Situation, TalentSpec, Verdict
from ledger.rules.journal import counts
from ledger.text import name_key


def _same(a: str | None, b: str) -> bool:
    return a is not None and name_key(a) == name_key(b)


def hero_name(s: Situation, value: str) -> Verdict:
    if _same(s.hero.name, value):
        return Verdict(True, f"{s.hero.name} is the Hero shown")
    return Verdict(False, f"the check names {value}, not {s.hero.name}")


def hero_class(s: Situation, value: str) -> Verdict:
    if _same(s.hero.hero_class, value):
        return Verdict(True, f"{s.hero.name} is a {s.hero.hero_class}")
    return Verdict(False, f"{s.hero.name}'s Class is {s.hero.hero_class or 'not chosen yet'}")


def profession(s: Situation, value: str) -> Verdict:
    if _same(s.hero.profession, value):
        return Verdict(True, f"{s.hero.name} has the Profession {s.hero.profession}")
    return Verdict(False, f"{s.hero.name}'s Profession is {s.hero.profession or 'none'}")


def talent(s: Situation, value: str) -> Verdict:
    found = next((t for t in s.hero.talents if _same(t, value)), None)
    if found:
        return Verdict(True, f"{s.hero.name} has the Talent {found}")
    return Verdict(False, f"{s.hero.name} has no Talent {value}")


def keyword(s: Situation, value: str) -> Verdict:
    if counts(s.hero.journal, value):
        return Verdict(True, f'"{value}" is in {s.hero.name}\'s Hero Journal')
    if counts(s.state.journal, value):
        return Verdict(True, f'"{value}" is in the Party Journal')
    return Verdict(False, f'"{value}" is in neither {s.hero.name}\'s nor the Party Journal')


def _in_play(s: Situation, item: Item) -> str | None:
    """Why an item cannot be used here at all, or None: in a scenario, an item left on the
    Hero board "cannot be used this scenario" (rules §7.2, Each Hero setup)."""
    if s.state.in_scenario and item.left_behind:
        return f"{item.name} was left behind for this scenario"
    return None


def _usable(s: Situation, item: Item) -> str | None:
    """Why a carried item does not count here, or None if it does: it must be in play, and
    in a scenario a hand item must be active (seed text, "Item card or token" carried)."""
    why = _in_play(s, item)
    if why is None and s.state.in_scenario and item.hands and not item.active:
        return f"{item.name} has a hand symbol and is not an active item"
    return why


def item_carried(s: Situation, value: str) -> Verdict:
    held = [item for item in s.hero.items if _same(item.name, value)]
    if not held:
        return Verdict(False, f"{s.hero.name} does not carry {value}")
    reasons = [_usable(s, item) for item in held]
    if None in reasons:
        active = " as an active item" if held[0].hands and s.state.in_scenario else ""
        return Verdict(True, f"{s.hero.name} carries {held[0].name}{active}")
    return Verdict(False, str(reasons[0]))


def item_discarded(s: Situation, value: str) -> Verdict:
    """An item discarded before the roll counts only if it is in play, as for an item
    carried: in a scenario not one left behind. The seed asks an active hand item only of
    an item carried, so a discarded one need not be active."""
    if not any(_same(name, value) for name in s.discarding):
        return Verdict(False, f"{s.hero.name} does not discard {value} (use --discard)")
    held = [item for item in s.hero.items if _same(item.name, value)]
    reasons = [_in_play(s, item) for item in held]
    if held and None not in reasons:
        return Verdict(False, str(reasons[0]))
    return Verdict(True, f"{s.hero.name} discards {value} before the roll")


def phrase_source(s: Situation, value: str) -> tuple[TalentSpec | Item | None, str | None]:
    """What gives the Hero the phrase: a Talent they hold, else the first item carried that
    answers it and can be used; with nothing, why an item that answers it cannot be."""
    for name in s.hero.talents:
        spec = s.registry.talents.find(name)
        if spec is not None and any(_same(p, value) for p in spec.phrases):
            return spec, None
    unusable = None
    for item in s.hero.items:
        if item_answers(s.registry.pm, item, value):
            unusable = _usable(s, item)
            if unusable is None:
                return item, None
    return None, unusable


def phrase(s: Situation, value: str) -> Verdict:
    """A Talent that gives the phrase (Burglary: "Lock picking") or an Item card carried that
    answers it, as the plugins read items (``interpret_item_phrase``, what ``phrase`` asks);
    in a scenario a hand item must be active, as in the seed's Thieves Tools example."""
    source, unusable = phrase_source(s, value)
    if isinstance(source, TalentSpec):
        return Verdict(True, f"{s.hero.name} has {value} from the Talent {source.name}")
    if source is not None:
        active = " (active)" if source.hands and s.state.in_scenario else ""
        return Verdict(True, f"{source.name}{active} has the phrase {value}")
    return Verdict(False, unusable or f"no Talent or item of {s.hero.name} gives {value}")


def counted(s: Situation, modifier: Modifier) -> TalentSpec | Item | None:
    """The Talent or item a modifier that applies counts: the Talent named, the item carried
    or discarded, or what gives the phrase; None for the other types (a Class, a keyword...)."""
    kind, value = modifier.kind.lower().rpartition(":")[2], modifier.value.strip()
    if not modifier.applied:
        return None
    if kind == "talent":
        held = next((t for t in s.hero.talents if _same(t, value)), None)
        return s.registry.talents.find(held) if held else None
    if kind in ("item", "discard"):
        usable = _in_play if kind == "discard" else _usable
        items = (i for i in s.hero.items if _same(i.name, value) and usable(s, i) is None)
        return next(items, None)
    if kind == "phrase":
        return phrase_source(s, value)[0]
    return None


def other(s: Situation, value: str) -> Verdict:
    """A modifier explained on the check itself: the players judge it and name it here."""
    return Verdict(True, f"explained on the check ({value}); the players judge it met")


MODIFIER_TYPES = [
    ModifierType("hero", hero_name, "the Hero shown"),
    ModifierType("class", hero_class, "the Hero's Class"),
    ModifierType("profession", profession, "the Hero's Profession"),
    ModifierType("talent", talent, "a Talent of that name"),
    ModifierType("keyword", keyword, "a keyword in the Hero or Party Journal"),
    ModifierType("item", item_carried, "an item carried (active in a scenario if it has hands)"),
    ModifierType("discard", item_discarded, "an item discarded before the roll (--discard)"),
    ModifierType("phrase", phrase, "a phrase on a carried Item card or from a Talent"),
    ModifierType("other", other, "explained on the check; recorded as the players judge it"),
]
