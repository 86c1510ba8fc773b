"""The base game's event for a Hero joining (§2). Tags never change once released."""

from ledger.errors import RuleViolation
from ledger.model import CampaignState, Hero, HeroEvent, Stamina
from ledger.text import check_name, name_key
from ledger_base_game.rules.checks import ABILITIES
from ledger_base_game.rules.ranges import MAX_ABILITY, MAX_CHIPS, MAX_TAUNT, check_range


class HeroJoined(HeroEvent, tag="base:hero-joined", frozen=True, kw_only=True):
    """A Hero joins the campaign with their abilities and Vitality disk."""

    might: int
    agility: int
    will: int
    taunt: int
    chips: int
    wounded_chips: int
    classes: tuple[str, ...] = ()

    def apply(self, state: CampaignState) -> CampaignState:
        name = check_name(self.hero, "Hero name")
        if any(name_key(name) == name_key(other) for other in state.heroes):
            raise RuleViolation(f"{name} is already in this campaign")
        ally = state.find_ally(name)  # none in files from before Non-Hero Allies
        if ally is not None:
            raise RuleViolation(
                f"{ally.name} is already a Non-Hero Ally in this campaign; checks and "
                "reactions find Heroes and Allies by name, so each name is one of them"
            )
        for ability in ABILITIES:
            check_range(getattr(self, ability), ability.title(), 0, MAX_ABILITY)
        check_range(self.taunt, "Taunt", 0, MAX_TAUNT)
        check_range(self.chips, "stamina chips", 1, MAX_CHIPS)
        check_range(self.wounded_chips, "wounded chips", 1, self.chips)
        hero = Hero(
            name=name,
            might=self.might,
            agility=self.agility,
            will=self.will,
            taunt=self.taunt,
            chips=self.chips,
            wounded_chips=self.wounded_chips,
            stamina=Stamina(unspent=self.chips),
            classes=tuple(check_name(c, "Class") for c in self.classes),
        )
        return state.with_hero(hero)

    def describe(self) -> str:
        return (
            f"{self.hero} joins (Might {self.might}, Agility {self.agility}, Will {self.will}, "
            f"Taunt {self.taunt}, {self.chips} chips, {self.wounded_chips} on the wounded side)"
        )
