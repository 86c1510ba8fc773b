"""The base game's events for Injury cards, kept between scenarios (§2.3). Tags never change
once released."""

from ledger.model import CampaignState, HeroEvent, InjuryEffect
from ledger.rules import injuries
from ledger.views import effect_text


class InjuryDrawn(HeroEvent, tag="base:injury-drawn", frozen=True, kw_only=True):
    """The Hero draws an Injury card (on becoming wounded, §2.3, or from another effect), with
    the effects the ledger applies while it is held; a row without them was recorded before
    Injury cards had effects, and has none."""

    injury: str
    effects: tuple[InjuryEffect, ...] = ()

    def apply(self, state: CampaignState) -> CampaignState:
        return self.update(state, lambda hero: injuries.draw(hero, self.injury, self.effects))

    def describe(self) -> str:
        shown = "; ".join(effect_text(e) for e in self.effects)
        return f"{self.hero} draws the Injury card {self.injury}" + (f" ({shown})" if shown else "")


class InjuryDrawOwed(HeroEvent, tag="base:injury-draw-owed", frozen=True, kw_only=True):
    """The Hero became wounded in the same command: an Injury card must be drawn (§2.3)."""

    def apply(self, state: CampaignState) -> CampaignState:
        return self.update(state, injuries.owe_draw)

    def describe(self) -> str:
        return f"{self.hero} became wounded and must draw an Injury card (§2.3)"


class InjuryRemoved(HeroEvent, tag="base:injury-removed", frozen=True, kw_only=True):
    """One of the Hero's Injury cards goes back into the deck."""

    injury: str

    def apply(self, state: CampaignState) -> CampaignState:
        return self.update(state, lambda hero: injuries.remove(hero, self.injury))

    def describe(self) -> str:
        return f"{self.hero} discards the Injury card {self.injury}; it goes back into the deck"
