"""A test-only plugin: one event that sets what a Hero has (gems, Talents, Class, journal,
items' active flags) for the check tests, where this branch has no event for it yet. It is
registered through the same hooks as any expansion: a test module lists ``HeroSetup`` in its
``ledger_plugins`` fixture (the pytest plugin's), and ``pm``, ``invoke`` and the rest have it."""

from pathlib import Path

import msgspec
import pluggy

from ledger.campaign import Ledger
from ledger.hosting import Registry, hookimpl
from ledger.model import CampaignState, Event, Gems, HeroEvent, Keyword


class HeroSet(HeroEvent, tag="test:hero-set", frozen=True, kw_only=True):
    achievement: int | None = None
    inspiration: int | None = None
    talents: tuple[str, ...] | None = None
    hero_class: str | None = None
    profession: str | None = None
    keywords: tuple[str, ...] | None = None
    active: tuple[str, ...] | None = None  # items made active (in the hands)

    def apply(self, state: CampaignState) -> CampaignState:
        def change(hero):  # type: ignore[no-untyped-def]
            gems = Gems(
                achievement=hero.gems.achievement if self.achievement is None else self.achievement,
                inspiration=hero.gems.inspiration if self.inspiration is None else self.inspiration,
            )
            updates = {"gems": gems}
            if self.talents is not None:
                updates["talents"] = self.talents
            if self.hero_class is not None:
                updates["hero_class"] = self.hero_class
            if self.profession is not None:
                updates["profession"] = self.profession
            if self.keywords is not None:
                updates["journal"] = tuple(Keyword(word=w) for w in self.keywords)
            if self.active is not None:
                updates["items"] = tuple(
                    msgspec.structs.replace(item, active=item.name in self.active)
                    for item in hero.items
                )
            return msgspec.structs.replace(hero, **updates)

        return self.update(state, change)


class HeroSetup:
    @staticmethod
    @hookimpl
    def register_event_types() -> list[type[Event]]:
        return [HeroSet]


def set_hero(db_path: Path, pm: pluggy.PluginManager, hero: str, **fields: object) -> None:
    with Ledger.open(db_path, Registry(pm)) as ledger:
        ledger.campaign().record([HeroSet(hero=hero, **fields)])  # type: ignore[arg-type]
