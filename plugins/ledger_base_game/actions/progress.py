"""The Hero sheet's progress: gems (§6), keywords (§8.5), XP, Class and skills (§9.1-9.2),
Professions and Talents (§9.3)."""

from ledger.actions import Game
from ledger.errors import NotFound, RuleViolation
from ledger.model import Event
from ledger.rules.gems import GemKind
from ledger.text import name_key, quoted
from ledger_base_game.events.progress import (
    ClassChosen,
    GemsGained,
    GemsSpent,
    KeywordAdded,
    KeywordCrossed,
    KeywordTallied,
    ProfessionLearned,
    SkillLearned,
    TalentLearned,
    XpGained,
)
from ledger_base_game.rules import costs


def gain_gems(game: Game, *, hero: str, kind: GemKind, count: int = 1) -> list[Event]:
    """The Hero gains ``count`` gems; a 6th Inspiration gem is an Achievement gem instead."""
    return [GemsGained.of(game.state, game.hero(hero).name, kind, count)]


def spend_gems(game: Game, *, hero: str, kind: GemKind, count: int = 1) -> list[Event]:
    """The Hero spends ``count`` gems they have."""
    return [GemsSpent(hero=game.hero(hero).name, kind=kind, count=count)]


def add_keyword(game: Game, *, word: str, hero: str | None = None) -> list[Event]:
    """``word`` is written in the Party Journal, or in the Hero's Journal (never twice)."""
    return [KeywordAdded(word=word, hero=_journal(game, hero))]


def cross_keyword(game: Game, *, word: str, hero: str | None = None) -> list[Event]:
    """``word`` is crossed out: it no longer counts."""
    return [KeywordCrossed(word=word, hero=_journal(game, hero))]


def tally_keyword(game: Game, *, word: str, hero: str | None = None) -> list[Event]:
    """A tally mark after ``word``, which is written first if absent."""
    return [KeywordTallied(word=word, hero=_journal(game, hero))]


def gain_xp(game: Game, *, amount: int = 1) -> list[Event]:
    """The party gains XP from an effect; it levels up at the next City step (§9.1)."""
    return [XpGained(amount=amount)]


def choose_class(game: Game, *, hero: str, hero_class: str) -> list[Event]:
    """The Hero becomes a ``hero_class``, permanently, from level 2 (§9.2)."""
    found = game.hero(hero)
    if found.classes:  # the rule refuses any other; the name is written as on the card
        hero_class = next(
            (c for c in found.classes if name_key(c) == name_key(hero_class)), hero_class
        )
    return [ClassChosen(hero=found.name, hero_class=hero_class)]


def learn_skill(game: Game, *, hero: str, skill: str) -> list[Event]:
    """The Hero learns a skill of their Class, one per level from 2 to 5 (§9.2)."""
    found = game.hero(hero)
    spec = game.registry.classes.find(found.hero_class or "")
    if spec is not None and spec.skills:
        skill = _one_of(skill, spec.skills, f"a {spec.name} skill")
    return [SkillLearned(hero=found.name, skill=skill)]


def learn_profession(
    game: Game,
    *,
    hero: str,
    profession: str,
    points: int | None = None,
    stars: int | None = None,
) -> list[Event]:
    """The Hero learns ``profession`` and its first Talent, paying its price (or the
    ``points`` and ``stars`` the table paid)."""
    state = game.state
    spec = game.registry.professions.get(profession)
    price = costs.profession(state.level)
    return [
        ProfessionLearned(
            hero=state.hero(hero).name,
            profession=spec.name,
            talent=spec.talents[0],
            points=price.points if points is None else points,
            stars=price.stars if stars is None else stars,
        )
    ]


def learn_talent(
    game: Game,
    *,
    hero: str,
    talent: str,
    points: int | None = None,
    stars: int | None = None,
) -> list[Event]:
    """The Hero learns a Talent of their Profession (the Master Talent once all five are
    learned, from level 3), paying its price (or the ``points`` and ``stars`` paid)."""
    state = game.state
    found = state.hero(hero)
    spec = game.registry.talents.get(talent)
    if found.profession is None or name_key(spec.profession) != name_key(found.profession):
        raise RuleViolation(
            f"{spec.name} is a {spec.profession} Talent; {found.name}'s Profession is "
            f"{found.profession or 'none'}"
        )
    price = costs.master(state.level) if spec.master else costs.TALENT
    return [
        TalentLearned(
            hero=found.name,
            talent=spec.name,
            master=spec.master,
            points=price.points if points is None else points,
            stars=price.stars if stars is None else stars,
        )
    ]


def _journal(game: Game, hero: str | None) -> str | None:
    """The Hero whose Journal it is, as recorded; None for the Party Journal."""
    return game.hero(hero).name if hero is not None else None


def _one_of(name: str, known: tuple[str, ...], what: str) -> str:
    for option in known:
        if name_key(option) == name_key(name):
            return option
    raise NotFound(f"{quoted(name)} is not {what} (known: {', '.join(known)})")
