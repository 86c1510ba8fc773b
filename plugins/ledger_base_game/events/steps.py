"""The base game's events for the campaign cycle City → Journey → Scenario (§8) and the end
of a scenario (§8.4). Tags never change once released."""

from ledger.model import CampaignState, Event, StepKind
from ledger.rules import city, steps
from ledger.text import name_key
from ledger_base_game.events import allies


class StepStarted(Event, tag="base:step-started", frozen=True, kw_only=True):
    """The next City, Journey or Scenario step starts."""

    kind: StepKind
    scenario: int | None = None
    arena: bool = False  # the scenario is an Arena scenario (§8.2)
    city_end: bool = False  # the City step this follows ends first (§8.1); absent in old rows

    def apply(self, state: CampaignState) -> CampaignState:
        if self.city_end:
            state = city.end(state)
        return steps.start(state, self.kind, self.scenario, self.arena)

    def describe(self) -> str:
        if self.kind == "scenario":
            arena = " (Arena)" if self.arena else ""
            return f"Scenario step begins: scenario {self.scenario}{arena}"
        ended = "The City step ends; " if self.city_end else ""
        return f"{ended}{self.kind.title()} step begins"

    def notes(self, before: CampaignState, after: CampaignState) -> list[str]:
        lines = []
        if self.city_end:
            lines += [
                f"{name} found no place to sleep and loses 2 stamina, carried into the "
                "scenario (§8.1)"
                for name in city.rough_sleepers(before)
                if _lost_stamina(before, after, name)  # not one who slept in their Hideout
            ]
            lines += [
                f"{hero.name}'s {hero.city_points} unspent City Activity "
                f"{'point is' if hero.city_points == 1 else 'points are'} discarded"
                for hero in before.heroes.values()
                if hero.city_points
            ]
        if after.city is not None and after.city.after_arena:
            lines.append(
                "after an Arena scenario no City Event card is revealed and no City Activity "
                "points are spent (§8.1)"
            )
        return lines


def _lost_stamina(before: CampaignState, after: CampaignState, name: str) -> bool:
    """A night without a bed moves chips (or wounds, or exhausts): before the command and
    after it, this Hero's chips or status differ."""
    old, new = before.heroes[name], after.heroes[name]
    return (old.stamina, old.status) != (new.stamina, new.status)


class ScenarioEnded(Event, tag="base:scenario-ended", frozen=True, kw_only=True):
    """Fields after ``outcome`` came later; their defaults are what older rows meant."""

    outcome: str | None = None
    xp: bool = False  # the Scenario card shows the XP symbol
    arena: bool = False
    keep_card: bool = False  # "unless you are told otherwise" the card leaves the Stock
    achievements: tuple[str, ...] = ()  # one entry per individual achievement, by Hero
    group_achievements: int = 0
    scenario_level: int | None = None  # the card's level, for Inspiration gems (§6)

    def apply(self, state: CampaignState) -> CampaignState:
        state = allies.after_scenario(state)  # a file from before Allies holds none
        return steps.end_scenario(
            state,
            self.outcome,
            xp=self.xp,
            arena=self.arena,
            keep_card=self.keep_card,
            achievements=self.achievements,
            group_achievements=self.group_achievements,
            scenario_level=self.scenario_level,
        )

    def describe(self) -> str:
        outcome = f" (outcome {self.outcome})" if self.outcome else ""
        return f"The scenario ends{outcome}: every Hero recovers fully, conditions end"

    def notes(self, before: CampaignState, after: CampaignState) -> list[str]:
        lines = []
        if after.xp > before.xp:
            lines.append(f"the XP symbol: the party gains 1 XP ({after.xp} XP)")
        elif self.xp:
            lines.append("no XP: this scenario's XP was gained before (ruling: once per scenario)")
        for name, hero in after.heroes.items():
            old = before.heroes[name].gems.achievement
            earned = self.group_achievements + sum(
                1 for a in self.achievements if name_key(a) == name_key(name)
            )
            if earned:
                got = hero.gems.achievement - old
                lost = f"; {earned - got} lost to the cap of 15 (§12.4)" if got < earned else ""
                lines.append(f"{name} gains {got} Achievement gem{'' if got == 1 else 's'}{lost}")
        arena = self.arena or (before.step is not None and before.step.arena)
        if steps.inspires(before, self.outcome, arena, self.scenario_level):
            lines.append(
                f"a successful level-{self.scenario_level} scenario: every Hero gains an "
                "Inspiration gem (§6; a 6th becomes an Achievement gem)"
            )
        gone = [c for c in before.scenario_cards if c not in after.scenario_cards]
        lines += [f"Scenario card {c.number} leaves the Stock (§8.4)" for c in gone]
        lines += [
            f"{name} keeps Injury card(s): {', '.join(hero.injuries)}"
            for name, hero in after.heroes.items()
            if hero.injuries
        ]
        return lines + allies.scenario_notes(before, after)
