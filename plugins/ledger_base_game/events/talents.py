"""The base game's event for a Talent used as a City activity (§9.3), with what it cost and
what it gave as its content said; a payout from a roll is recomputed from the faces on every
replay. Tags never change once released."""

from ledger.dice import check_faces
from ledger.errors import RuleViolation
from ledger.model import CampaignState, HeroEvent
from ledger.rules import talents
from ledger.rules.stamina import MAX_AMOUNT
from ledger.rules.stars import MAX_STARS
from ledger_base_game.rules.ranges import check_range


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
