"""The base game's events for a Hideout's stash (§7.1): 1 item or 10 Stars kept off the Hero
board. Each names the Talent and its limits as the content gave them. Tags never change once
released."""

from ledger.model import CampaignState, HeroEvent
from ledger.rules import hideout
from ledger.rules.stars import MAX_STARS
from ledger_base_game.rules.ranges import check_range


def _what(item: str | None, stars: int) -> str:
    return item if item is not None else f"{stars} Stars"


class StashPut(HeroEvent, tag="base:stash-put", frozen=True, kw_only=True):
    """The Hero keeps an item or some Stars in their Hideout (§7.1)."""

    talent: str  # the Talent whose Hideout it is
    item: str | None = None
    stars: int = 0
    most_items: int  # what the stash holds: so many items, or so many Stars
    most_stars: int

    def apply(self, state: CampaignState) -> CampaignState:
        check_range(self.stars, "Stars stashed", 0, MAX_STARS)
        check_range(self.most_items, "items a stash holds", 0, 99)
        check_range(self.most_stars, "Stars a stash holds", 0, MAX_STARS)
        return self.update(
            state,
            lambda hero: hideout.stash(
                state,
                hero,
                talent=self.talent,
                item=self.item,
                amount=self.stars,
                most_items=self.most_items,
                most_stars=self.most_stars,
            ),
        )

    def describe(self) -> str:
        return f"{self.hero} keeps {_what(self.item, self.stars)} in their Hideout"


class StashTaken(HeroEvent, tag="base:stash-taken", frozen=True, kw_only=True):
    """The Hero takes an item or some Stars back from their Hideout (§7.1)."""

    item: str | None = None
    stars: int = 0

    def apply(self, state: CampaignState) -> CampaignState:
        check_range(self.stars, "Stars taken", 0, MAX_STARS)
        return self.update(
            state, lambda hero: hideout.retrieve(state, hero, item=self.item, amount=self.stars)
        )

    def describe(self) -> str:
        return f"{self.hero} takes {_what(self.item, self.stars)} from their Hideout"
