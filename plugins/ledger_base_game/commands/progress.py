"""gem | keyword | xp | class | skill | profession | talent: the Hero sheet's progress."""

from typing import get_args

import click

from ledger.errors import NotFound, RuleViolation
from ledger.rules.gems import GemKind
from ledger.text import name_key, quoted
from ledger_base_game import costs
from ledger_base_game.events_progress import (
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
from ledger_cli.helpers import NUMBERS, App, json_option, pass_app

GEM_KINDS = click.Choice(get_args(GemKind), case_sensitive=False)
cost_options = [
    click.option("--points", type=int, help="City Activity points paid (default: the price)."),
    click.option("--stars", type=int, help="Stars paid (default: the price)."),
]


def _with_costs(command: click.decorators.FC) -> click.decorators.FC:
    for option in reversed(cost_options):
        command = option(command)
    return command


def register(cli: click.Group) -> None:
    _gems(cli)
    _keywords(cli)
    _levels(cli)
    _professions(cli)


def _gems(cli: click.Group) -> None:
    @cli.group()
    def gem() -> None:
        """Achievement gems (at most 15) and Inspiration gems (at most 5) (§6)."""

    @gem.command("gain", context_settings=NUMBERS)
    @click.argument("hero")
    @click.argument("kind", type=GEM_KINDS)
    @click.argument("count", type=int, default=1)
    @json_option
    @pass_app
    def gain(app: App, hero: str, kind: GemKind, count: int, as_json: bool) -> None:
        """HERO gains COUNT gems; a 6th Inspiration gem is an Achievement gem instead.

        \b
        Example:
          campaign-ledger gem gain Venia achievement
        """
        state = app.campaign().state()
        app.record(GemsGained.of(state, state.hero(hero).name, kind, count), as_json=as_json)

    @gem.command("spend", context_settings=NUMBERS)
    @click.argument("hero")
    @click.argument("kind", type=GEM_KINDS)
    @click.argument("count", type=int, default=1)
    @json_option
    @pass_app
    def spend(app: App, hero: str, kind: GemKind, count: int, as_json: bool) -> None:
        """HERO spends COUNT gems they have."""
        app.record(GemsSpent(hero=app.hero_name(hero), kind=kind, count=count), as_json=as_json)


def _keywords(cli: click.Group) -> None:
    @cli.group()
    def keyword() -> None:
        """Keywords in the Party Journal, or in a Hero's Journal with --hero (§8.5)."""

    hero_option = click.option("--hero", metavar="HERO", help="The Hero's Journal.")
    for name, event_type, help in (
        ("add", KeywordAdded, "Write WORD in the journal (never twice in one journal)."),
        ("cross", KeywordCrossed, "Cross WORD out: it no longer counts."),
        ("tally", KeywordTallied, "Add a tally mark after WORD, writing it first if absent."),
    ):

        @keyword.command(name, help=help)
        @click.argument("word")
        @hero_option
        @json_option
        @pass_app
        def command(
            app: App, word: str, hero: str | None, as_json: bool, event_type: type = event_type
        ) -> None:
            named = app.hero_name(hero) if hero is not None else None
            app.record(event_type(word=word, hero=named), as_json=as_json)


def _levels(cli: click.Group) -> None:
    @cli.group()
    def xp() -> None:
        """Experience: the party levels up at the start of the next City step (§9.1)."""

    @xp.command("gain", context_settings=NUMBERS)
    @click.argument("amount", type=int, default=1)
    @json_option
    @pass_app
    def xp_gain(app: App, amount: int, as_json: bool) -> None:
        """XP from an effect; a scenario's XP symbol is recorded by `scenario end --xp`."""
        app.record(XpGained(amount=amount), as_json=as_json)

    @cli.group("class")
    def class_() -> None:
        """A Hero's Class, chosen at level 2 from the Hero's two (§9.2)."""

    @class_.command("choose")
    @click.argument("hero")
    @click.argument("name")
    @json_option
    @pass_app
    def choose(app: App, hero: str, name: str, as_json: bool) -> None:
        """HERO becomes a NAME, permanently.

        \b
        Example:
          campaign-ledger class choose Torrax Geomancer
        """
        found = app.campaign().state().hero(hero)
        if found.classes:  # the rule refuses any other; the name is written as on the card
            name = next((c for c in found.classes if name_key(c) == name_key(name)), name)
        app.record(ClassChosen(hero=found.name, hero_class=name), as_json=as_json)

    @cli.group()
    def skill() -> None:
        """Class skills: one per level from 2 to 5 (§9.2)."""

    @skill.command("learn")
    @click.argument("hero")
    @click.argument("name")
    @json_option
    @pass_app
    def learn_skill(app: App, hero: str, name: str, as_json: bool) -> None:
        """HERO learns the Class skill NAME."""
        found = app.campaign().state().hero(hero)
        spec = app.registry.classes.find(found.hero_class or "")
        if spec is not None and spec.skills:
            name = _one_of(name, spec.skills, f"a {spec.name} skill")
        app.record(SkillLearned(hero=found.name, skill=name), as_json=as_json)


def _professions(cli: click.Group) -> None:
    @cli.group()
    def profession() -> None:
        """Professions: at most one per Hero, each by one Hero only, from level 2 (§9.3)."""

    @profession.command("learn")
    @click.argument("hero")
    @click.argument("name")
    @_with_costs
    @json_option
    @pass_app
    def learn_profession(
        app: App, hero: str, name: str, points: int | None, stars: int | None, as_json: bool
    ) -> None:
        """HERO learns the Profession NAME and its first Talent, paying its price.

        \b
        Example:
          campaign-ledger profession learn Venia Streetwise
        """
        state = app.campaign().state()
        spec = app.registry.professions.get(name)
        price = costs.profession(state.level)
        event = ProfessionLearned(
            hero=state.hero(hero).name,
            profession=spec.name,
            talent=spec.talents[0],
            points=price.points if points is None else points,
            stars=price.stars if stars is None else stars,
        )
        app.record(event, as_json=as_json)

    @cli.group()
    def talent() -> None:
        """Talents of a Hero's Profession: 1 City Activity point each; the Master Talent
        once all five are learned, from level 3 (§9.3)."""

    @talent.command("learn")
    @click.argument("hero")
    @click.argument("name")
    @_with_costs
    @json_option
    @pass_app
    def learn_talent(
        app: App, hero: str, name: str, points: int | None, stars: int | None, as_json: bool
    ) -> None:
        """HERO learns the Talent NAME of their Profession.

        \b
        Example:
          campaign-ledger talent learn Venia Burglary
        """
        state = app.campaign().state()
        found = state.hero(hero)
        spec = app.registry.talents.get(name)
        if found.profession is None or name_key(spec.profession) != name_key(found.profession):
            raise RuleViolation(
                f"{spec.name} is a {spec.profession} Talent; {found.name}'s Profession is "
                f"{found.profession or 'none'}"
            )
        price = costs.master(state.level) if spec.master else costs.TALENT
        event = TalentLearned(
            hero=found.name,
            talent=spec.name,
            master=spec.master,
            points=price.points if points is None else points,
            stars=price.stars if stars is None else stars,
        )
        app.record(event, as_json=as_json)


def _one_of(name: str, known: tuple[str, ...], what: str) -> str:
    for option in known:
        if name_key(option) == name_key(name):
            return option
    raise NotFound(f"{quoted(name)} is not {what} (known: {', '.join(known)})")
