"""gem | keyword | xp | class | skill | profession | talent: the Hero sheet's progress."""

from typing import get_args

import click

from ledger.actions import Action
from ledger.rules.gems import GemKind
from ledger_base_game.actions import progress as actions
from ledger_cli.helpers import NUMBERS, App, Command, complete_hero, json_option, pass_app

GEM_KINDS = click.Choice(get_args(GemKind), case_sensitive=False)
cost_options = [
    click.option("--points", type=int, help="City Activity points paid (default: the price)."),
    click.option("--stars", type=int, help="Stars paid (default: the price)."),
]


def _with_costs(command: click.decorators.FC) -> click.decorators.FC:
    for option in reversed(cost_options):
        command = option(command)
    return command


# Gems


@click.command("gain", cls=Command, context_settings=NUMBERS)
@click.argument("hero", shell_complete=complete_hero)
@click.argument("kind", type=GEM_KINDS)
@click.argument("count", type=int, default=1)
@json_option
@pass_app
def gem_gain(app: App, hero: str, kind: GemKind, count: int, as_json: bool) -> None:
    """HERO gains COUNT gems; a 6th Inspiration gem is an Achievement gem instead.

    \b
    Example:
      campaign-ledger gem gain Venia achievement
    """
    app.do(actions.gain_gems, hero=hero, kind=kind, count=count, as_json=as_json)


@click.command("spend", cls=Command, context_settings=NUMBERS)
@click.argument("hero", shell_complete=complete_hero)
@click.argument("kind", type=GEM_KINDS)
@click.argument("count", type=int, default=1)
@json_option
@pass_app
def gem_spend(app: App, hero: str, kind: GemKind, count: int, as_json: bool) -> None:
    """HERO spends COUNT gems they have."""
    app.do(actions.spend_gems, hero=hero, kind=kind, count=count, as_json=as_json)


# Keywords


def keyword_command(name: str, action: Action, help: str) -> click.Command:
    """A command ``keyword NAME WORD [--hero HERO]`` doing ``action(word=..., hero=...)``."""

    @click.command(name, cls=Command, help=help)
    @click.argument("word")
    @click.option(
        "--hero", metavar="HERO", shell_complete=complete_hero, help="The Hero's Journal."
    )
    @json_option
    @pass_app
    def command(app: App, word: str, hero: str | None, as_json: bool) -> None:
        app.do(action, word=word, hero=hero, as_json=as_json)

    return command


keyword_add = keyword_command(
    "add", actions.add_keyword, "Write WORD in the journal (never twice in one journal)."
)
keyword_cross = keyword_command(
    "cross", actions.cross_keyword, "Cross WORD out: it no longer counts."
)
keyword_tally = keyword_command(
    "tally", actions.tally_keyword, "Add a tally mark after WORD, writing it first if absent."
)


# XP, Class, skills


@click.command("gain", cls=Command, context_settings=NUMBERS)
@click.argument("amount", type=int, default=1)
@json_option
@pass_app
def xp_gain(app: App, amount: int, as_json: bool) -> None:
    """XP from an effect; a scenario's XP symbol is recorded by `scenario end --xp`."""
    app.do(actions.gain_xp, amount=amount, as_json=as_json)


@click.command("choose", cls=Command)
@click.argument("hero", shell_complete=complete_hero)
@click.argument("name")
@json_option
@pass_app
def class_choose(app: App, hero: str, name: str, as_json: bool) -> None:
    """HERO becomes a NAME, permanently.

    \b
    Example:
      campaign-ledger class choose Torrax Geomancer
    """
    app.do(actions.choose_class, hero=hero, hero_class=name, as_json=as_json)


@click.command("learn", cls=Command)
@click.argument("hero", shell_complete=complete_hero)
@click.argument("name")
@json_option
@pass_app
def skill_learn(app: App, hero: str, name: str, as_json: bool) -> None:
    """HERO learns the Class skill NAME."""
    app.do(actions.learn_skill, hero=hero, skill=name, as_json=as_json)


# Professions and Talents


@click.command("learn", cls=Command)
@click.argument("hero", shell_complete=complete_hero)
@click.argument("name")
@_with_costs
@json_option
@pass_app
def profession_learn(
    app: App, hero: str, name: str, points: int | None, stars: int | None, as_json: bool
) -> None:
    """HERO learns the Profession NAME and its first Talent, paying its price.

    \b
    Example:
      campaign-ledger profession learn Venia Streetwise
    """
    app.do(
        actions.learn_profession,
        hero=hero,
        profession=name,
        points=points,
        stars=stars,
        as_json=as_json,
    )


@click.command("learn", cls=Command)
@click.argument("hero", shell_complete=complete_hero)
@click.argument("name")
@_with_costs
@json_option
@pass_app
def talent_learn(
    app: App, hero: str, name: str, points: int | None, stars: int | None, as_json: bool
) -> None:
    """HERO learns the Talent NAME of their Profession.

    \b
    Example:
      campaign-ledger talent learn Venia Burglary
    """
    app.do(
        actions.learn_talent, hero=hero, talent=name, points=points, stars=stars, as_json=as_json
    )


GROUPS: tuple[tuple[str, str, tuple[click.Command, ...]], ...] = (
    (
        "gem",
        "Achievement gems (at most 15) and Inspiration gems (at most 5) (§6).",
        (gem_gain, gem_spend),
    ),
    (
        "keyword",
        "Keywords in the Party Journal, or in a Hero's Journal with --hero (§8.5).",
        (keyword_add, keyword_cross, keyword_tally),
    ),
    (
        "xp",
        "Experience: the party levels up at the start of the next City step (§9.1).",
        (xp_gain,),
    ),
    ("class", "A Hero's Class, chosen at level 2 from the Hero's two (§9.2).", (class_choose,)),
    ("skill", "Class skills: one per level from 2 to 5 (§9.2).", (skill_learn,)),
    (
        "profession",
        "Professions: at most one per Hero, each by one Hero only, from level 2 (§9.3).",
        (profession_learn,),
    ),
    (
        "talent",
        "Talents of a Hero's Profession: 1 City Activity point each; the Master Talent\n"
        "once all five are learned, from level 3 (§9.3).",
        (talent_learn,),
    ),
)


def register(cli: click.Group) -> None:
    for name, help, commands in GROUPS:
        group = cli.group(name, help=help)(_noun)
        for command in commands:
            group.add_command(command)


def _noun() -> None:
    """A noun group: its verbs do the work."""
