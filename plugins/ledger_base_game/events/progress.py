"""The base game's events for the Hero sheet's progress: gems, Journals, experience and
levels, Classes, Professions and Talents (§6, §8.5, §9). Tags never change once released."""

from msgspec.structs import replace

from ledger.errors import RuleViolation
from ledger.model import CampaignState, Event, Hero, HeroEvent
from ledger.rules import gems, journal, progress
from ledger.rules.gems import GemKind
from ledger.rules.stars import MAX_STARS
from ledger.text import check_amount
from ledger_base_game.rules.ranges import MAX_GEMS, MAX_POINTS


class GemsGained(HeroEvent, tag="base:gems-gained", frozen=True, kw_only=True):
    """``converted`` and ``lost`` say what the caps did, as the rule computed it when the
    event was recorded; a payload that disagrees with the rule is refused."""

    kind: GemKind
    count: int = 1
    converted: int = 0
    lost: int = 0

    @classmethod
    def of(cls, state: CampaignState, hero: str, kind: GemKind, count: int) -> "GemsGained":
        gained = _gain(state, hero, kind, count)
        return cls(hero=hero, kind=kind, count=count, converted=gained.converted, lost=gained.lost)

    def apply(self, state: CampaignState) -> CampaignState:
        gained = _gain(state, self.hero, self.kind, self.count)
        if (gained.converted, gained.lost) != (self.converted, self.lost):
            raise RuleViolation(
                f"the caps turn {gained.converted} Inspiration gem(s) into Achievement gems and "
                f"lose {gained.lost}; the event says {self.converted} and {self.lost}"
            )
        return state.with_hero(gained.hero)

    def describe(self) -> str:
        text = f"{self.hero} gains {self.count} {self.kind.title()} gem{_s(self.count)}"
        if self.converted:
            text += f" ({self.converted} over the 5 Inspiration gems become Achievement gems)"
        if self.lost:
            text += f"; {self.lost} lost: at most 15 Achievement gems (§12.4)"
        return text


def _gain(state: CampaignState, hero: str, kind: GemKind, count: int) -> gems.Gained:
    return gems.gain(state.hero(hero), kind, check_amount(count, "gems to gain", MAX_GEMS))


class GemsSpent(HeroEvent, tag="base:gems-spent", frozen=True, kw_only=True):
    """The Hero spends ``count`` gems of ``kind`` they have."""

    kind: GemKind
    count: int = 1

    def apply(self, state: CampaignState) -> CampaignState:
        count = check_amount(self.count, "gems to spend", MAX_GEMS)
        return self.update(state, lambda hero: gems.spend(hero, self.kind, count))

    def describe(self) -> str:
        return f"{self.hero} spends {self.count} {self.kind.title()} gem{_s(self.count)}"


class _KeywordEvent(Event, frozen=True, kw_only=True):
    """A keyword in the Party Journal, or in a Hero's Journal when ``hero`` is given."""

    word: str
    hero: str | None = None

    def where(self) -> str:
        return f"{self.hero}'s Journal" if self.hero else "the Party Journal"

    def change(self, state: CampaignState, edit: journal.Edit) -> CampaignState:
        if self.hero is None:
            return replace(state, journal=edit(state.journal, self.word, self.where()))
        hero = state.hero(self.hero)
        return state.with_hero(replace(hero, journal=edit(hero.journal, self.word, self.where())))


class KeywordAdded(_KeywordEvent, tag="base:keyword-added", frozen=True, kw_only=True):
    """A keyword written in the Party Journal or a Hero's Journal (never twice)."""

    def apply(self, state: CampaignState) -> CampaignState:
        return self.change(state, journal.add)

    def describe(self) -> str:
        return f"Keyword {self.word!r} written in {self.where()}"


class KeywordCrossed(_KeywordEvent, tag="base:keyword-crossed", frozen=True, kw_only=True):
    """A keyword crossed out: it no longer counts."""

    def apply(self, state: CampaignState) -> CampaignState:
        return self.change(state, journal.cross)

    def describe(self) -> str:
        return f"Keyword {self.word!r} crossed out in {self.where()}: it no longer counts"


class KeywordTallied(_KeywordEvent, tag="base:keyword-tallied", frozen=True, kw_only=True):
    """A tally mark after the keyword, writing the keyword first if it is absent."""

    def apply(self, state: CampaignState) -> CampaignState:
        return self.change(state, journal.tally)

    def describe(self) -> str:
        return f"Tally mark after {self.word!r} in {self.where()}"


class XpGained(Event, tag="base:xp-gained", frozen=True, kw_only=True):
    """Experience from an effect other than a scenario's XP symbol."""

    amount: int = 1

    def apply(self, state: CampaignState) -> CampaignState:
        return progress.gain_xp(state, check_amount(self.amount, "XP", progress.MAX_XP))

    def describe(self) -> str:
        return f"The party gains {self.amount} XP"


class LevelGained(Event, tag="base:level-gained", frozen=True, kw_only=True):
    """The party reaches ``level``: every Hero gains a Stamina chip (§9.2)."""

    level: int

    def apply(self, state: CampaignState) -> CampaignState:
        return progress.gain_level(state, self.level)

    def describe(self) -> str:
        return f"The party reaches level {self.level}: every Hero gains a Stamina chip"

    def notes(self, before: CampaignState, after: CampaignState) -> list[str]:
        notes = [f"read Level {self.level} of the Hero Book and of the Campaign Book (§9.2)"]
        if self.level == 2:
            notes.append("each Hero chooses a Class (`class choose`) and may learn a Profession")
        if self.level == progress.INSPIRATION_LEVEL:
            notes.append("each Hero gains an Inspiration gem (§9.2)")
        notes.append("each Hero learns one Class skill (`skill learn`) and 2 Action tokens")
        return notes


class ClassChosen(HeroEvent, tag="base:class-chosen", frozen=True, kw_only=True):
    """The Hero chooses a Class, for good (§9.2)."""

    hero_class: str

    def apply(self, state: CampaignState) -> CampaignState:
        return self.update(state, lambda h: progress.choose_class(state, h, self.hero_class))

    def describe(self) -> str:
        return f"{self.hero} becomes a {self.hero_class} (permanent)"


class SkillLearned(HeroEvent, tag="base:skill-learned", frozen=True, kw_only=True):
    """The Hero learns one of their Class's skills."""

    skill: str

    def apply(self, state: CampaignState) -> CampaignState:
        return self.update(state, lambda h: progress.learn_skill(state, h, self.skill))

    def describe(self) -> str:
        return f"{self.hero} learns the Class skill {self.skill!r}"


class _Learning(HeroEvent, frozen=True, kw_only=True):
    """Learning that costs City Activity points and Stars, paid in the same event."""

    points: int = 0
    stars: int = 0

    def paid(self, state: CampaignState, hero: Hero) -> Hero:
        points = check_amount(self.points, "City Activity points", MAX_POINTS, allow_zero=True)
        cost = check_amount(self.stars, "Stars", MAX_STARS, allow_zero=True)
        return progress.pay(state, hero, points, cost)

    def cost(self) -> str:
        parts = []
        if self.points:
            parts.append(f"{self.points} CAP")
        if self.stars:
            parts.append(f"{self.stars} Stars")
        return f" for {' + '.join(parts)}" if parts else ""


class ProfessionLearned(_Learning, tag="base:profession-learned", frozen=True, kw_only=True):
    """The Hero learns a Profession with its first Talent, paying its price (§9.3)."""

    profession: str
    talent: str  # the first Talent, learned with the Profession

    def apply(self, state: CampaignState) -> CampaignState:
        def learn(hero: Hero) -> Hero:
            hero = progress.learn_profession(state, hero, self.profession, self.talent)
            return self.paid(state, hero)

        return self.update(state, learn)

    def describe(self) -> str:
        return (
            f"{self.hero} learns the Profession {self.profession}{self.cost()}, "
            f"with its first Talent {self.talent!r}"
        )


class TalentLearned(_Learning, tag="base:talent-learned", frozen=True, kw_only=True):
    """The Hero learns a Talent of their Profession, or its Master Talent, paying its price."""

    talent: str
    master: bool = False

    def apply(self, state: CampaignState) -> CampaignState:
        def learn(hero: Hero) -> Hero:
            hero = progress.learn_talent(state, hero, self.talent, self.master)
            return self.paid(state, hero)

        return self.update(state, learn)

    def describe(self) -> str:
        kind = "Master Talent" if self.master else "Talent"
        return f"{self.hero} learns the {kind} {self.talent!r}{self.cost()}"


def _s(count: int) -> str:
    return "" if count == 1 else "s"
