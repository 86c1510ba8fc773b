"""The base game's events for the City step (§8.1): the City Event, activities and services,
Talents used (§9.3; a roll's payout recomputed from its faces on every replay), a place to
sleep. Tags never change once released."""

from ledger.dice import check_faces
from ledger.errors import RuleViolation
from ledger.model import CampaignState, Event, HeroEvent
from ledger.rules import city, hideout, talents
from ledger.rules.stamina import MAX_AMOUNT
from ledger.rules.stars import MAX_STARS
from ledger.text import check_name
from ledger_base_game.rules.ranges import check_range


class CityEventResolved(Event, tag="base:city-event-resolved", frozen=True, kw_only=True):
    """The City Event card is resolved: each Hero now has their City Activity points."""

    def apply(self, state: CampaignState) -> CampaignState:
        return city.resolve_event(state)

    def describe(self) -> str:
        return f"The City Event is resolved: each Hero has {city.CAP_PER_HERO} City Activity points"


class CityActivity(HeroEvent, tag="base:city-activity", frozen=True, kw_only=True):
    """A Hero Book activity, a location or a service, with what it cost and what it gave."""

    activity: str
    points: int = 0
    stars: int = 0
    gain_stars: int = 0
    restore: int = 0
    heal: int = 0
    sleep: str | None = None  # the activity gives a place to sleep
    injury: str | None = None  # the Injury card it discards
    talent: str | None = None  # a Talent whose costs are not known: the Hero must hold it

    def apply(self, state: CampaignState) -> CampaignState:
        check_name(self.activity, "activity")
        if self.talent is not None:
            talents.require_talent(state.hero(self.hero), self.talent)
        for value, what, high in (
            (self.points, "City Activity points", MAX_AMOUNT),
            (self.stars, "Stars paid", MAX_STARS),
            (self.gain_stars, "Stars gained", MAX_STARS),
            (self.restore, "stamina restored", MAX_AMOUNT),
            (self.heal, "damage healed", MAX_AMOUNT),
        ):
            check_range(value, what, 0, high)
        hero = city.activity(
            state,
            state.hero(self.hero),
            points=self.points,
            cost=self.stars,
            gain=self.gain_stars,
            restore=self.restore,
            heal=self.heal,
            sleep=self.sleep,
            injury=self.injury,
        )
        return state.with_hero(hero)

    def describe(self) -> str:
        costs = [
            f"{self.points} CAP" if self.points else "",
            f"{self.stars} Stars" if self.stars else "",
        ]
        paid = " and ".join(c for c in costs if c) or "no cost"
        gains = [
            f"+{self.gain_stars} Stars" if self.gain_stars else "",
            f"restores {self.restore}" if self.restore else "",
            f"heals {self.heal}" if self.heal else "",
            f"discards Injury {self.injury}" if self.injury else "",
            f"sleeps at {self.sleep}" if self.sleep else "",
        ]
        effect = ", ".join(g for g in gains if g)
        return f"{self.hero}: {self.activity} for {paid}" + (f" — {effect}" if effect else "")


class SleepFound(HeroEvent, tag="base:sleep-found", frozen=True, kw_only=True):
    """The Hero has a place to sleep at the end of the City step (§8.1): their own Hideout
    (``hideout`` names its Talent), or a place a Story entry or card gives (``given_by``).
    A row with neither was recorded before places were checked: any place was accepted."""

    place: str
    hideout: str | None = None  # the Talent whose Hideout it is
    given_by: str | None = None  # the Story entry or card that gives the place

    def apply(self, state: CampaignState) -> CampaignState:
        if self.given_by is not None:
            check_name(self.given_by, "what gives the place to sleep")
        if self.hideout is not None:
            talent = self.hideout
            return self.update(state, lambda hero: hideout.sleep(state, hero, self.place, talent))
        return self.update(state, lambda hero: city.sleep(state, hero, self.place))

    def describe(self) -> str:
        if self.hideout is not None:
            return f"{self.hero} will sleep in their Hideout, {self.place}"
        given = f" ({self.given_by})" if self.given_by else ""
        return f"{self.hero} will sleep at {self.place}{given}"


class TalentUsed(HeroEvent, tag="base:talent-used", frozen=True, kw_only=True):
    """A Talent used in the City step: its cost (points, stamina), its limit (once per City
    step) and its payout (Stars from a roll of ``dice`` red dice, Achievement gems)."""

    talent: str
    points: int = 0
    stamina: int = 0
    once_per_city_step: bool = False
    dice: int = 0  # red dice rolled for the payout
    die: tuple[str, ...] = ()
    faces: tuple[str, ...] = ()
    seed: int | None = None
    pays: str = ""
    gain_stars: int = 0
    gems: int = 0

    def apply(self, state: CampaignState) -> CampaignState:
        for value, what, high in (
            (self.points, "City Activity points", MAX_AMOUNT),
            (self.stamina, "stamina spent", MAX_AMOUNT),
            (self.dice, "dice rolled", 9),
            (self.gain_stars, "Stars gained", MAX_STARS),
            (self.gems, "gems gained", 15),
        ):
            check_range(value, what, 0, high)
        if self.dice or self.pays:
            check_faces(self.faces, self.die, self.dice, "action")
            if talents.payout(self.pays, self.faces) != self.gain_stars:
                raise RuleViolation(
                    f"{self.talent}'s roll pays {talents.payout(self.pays, self.faces)} Stars, "
                    f"not {self.gain_stars}"
                )
        elif self.faces or self.gain_stars:
            raise RuleViolation(f"{self.talent} pays nothing from a roll")
        return talents.use(
            state,
            state.hero(self.hero),
            talent=self.talent,
            points=self.points,
            spend=self.stamina,
            once=self.once_per_city_step,
            gain_stars=self.gain_stars,
            gain_gems=self.gems,
        )

    def describe(self) -> str:
        costs = [
            f"{self.points} CAP" if self.points else "",
            f"{self.stamina} stamina" if self.stamina else "",
        ]
        paid = " and ".join(c for c in costs if c) or "no cost"
        gains = []
        if self.dice:
            seeded = f" (ledger-rolled, seed {self.seed})" if self.seed is not None else ""
            total = talents.city_total(self.faces)
            gains.append(
                f"rolled {' '.join(self.faces)}{seeded}, total {total}: +{self.gain_stars} Stars"
            )
        if self.gems:
            gains.append(f"+{self.gems} Achievement gem{'s' if self.gems > 1 else ''}")
        effect = "; ".join(gains)
        return f"{self.hero} uses {self.talent} for {paid}" + (f" — {effect}" if effect else "")
