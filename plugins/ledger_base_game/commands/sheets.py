"""party sheet | hero sheet: what the paper sheets hold (§8.5), from the events."""

from collections import Counter
from typing import Any

import click
import msgspec

from ledger.model import Ally, CampaignState, Hero, Item
from ledger.text import printable
from ledger.views import health_text, injuries_text, stash_text
from ledger_cli.helpers import (
    App,
    Command,
    at_option,
    json_option,
    output,
    pass_app,
    state_view,
    terminal,
)


def party_sheet_json(state: CampaignState) -> dict[str, Any]:
    return {
        "campaign": state.name,
        "party_name": state.party_name,
        "level": state.level,
        "xp": state.xp,
        "scenarios": [{"number": o.number, "outcome": o.outcome} for o in state.outcomes],
        "keywords": [msgspec.to_builtins(entry) for entry in state.journal],
        "stock": _copies(state.stock),
        "archive": _copies(state.archive),
        "scenario_cards": [msgspec.to_builtins(card) for card in state.scenario_cards],
        "reputation": dict(state.reputation),
        "heroes": list(state.heroes),
        # only once the campaign has a Non-Hero Ally (older answers stay as they were)
        **({"allies": list(state.allies)} if state.allies else {}),
    }


def hero_sheet_json(hero: Hero, state: CampaignState) -> dict[str, Any]:
    return {
        "hero": hero.name,
        "level": state.level,
        "class": hero.hero_class,
        "skills": list(hero.skills),
        "profession": hero.profession,
        "talents": list(hero.talents),
        "keywords": [msgspec.to_builtins(entry) for entry in hero.journal],
        "gems": msgspec.to_builtins(hero.gems),
        "stars": hero.stars,
        "items": [item.name for item in hero.items],
        "injuries": list(hero.injuries),
    }


def _copies(items: tuple[Item, ...]) -> dict[str, int]:
    return dict(Counter(item.name for item in items))


def _counted(items: tuple[Item, ...]) -> str:
    return ", ".join(f"{name} ×{n}" if n > 1 else name for name, n in _copies(items).items())


def party_sheet_text(state: CampaignState) -> list[str]:
    boxes = " ".join("☑" if level <= state.level else "☐" for level in range(2, 6))
    outcomes = " ".join(f"{o.number}:{o.outcome}" for o in state.outcomes)
    return [
        f"Party sheet — {state.party_name or state.name}",
        f"  Level       {state.level}  (levels 2–5: {boxes})   XP {state.xp}",
        f"  Scenarios   {outcomes or 'none played'}",
        f"  Journal     {output.journal_text(state.journal) or 'empty'}",
        f"  Stock       {_counted(state.stock) or 'empty'}",
        f"  Archive     {_counted(state.archive) or 'empty'}",
        *(
            [f"  Allies      {', '.join(_ally_entry(a) for a in state.allies.values())}"]
            if state.allies
            else []
        ),
    ]


def _ally_entry(ally: Ally) -> str:
    """A Non-Hero Ally on the sheet: "Grimble (Henchman, 2/4 health)"."""
    kind = "Henchman, " if ally.henchman else ""
    return f"{ally.name} ({kind}{'exhausted' if ally.exhausted else health_text(ally)})"


def hero_sheet_text(hero: Hero, state: CampaignState) -> list[str]:
    return [
        f"Hero sheet — {hero.name}, level {state.level}",
        f"  Class       {hero.hero_class or '—'}",
        f"  Skills      {', '.join(hero.skills) or '—'}",
        f"  Profession  {hero.profession or '—'}",
        f"  Talents     {', '.join(hero.talents) or '—'}",
        f"  Journal     {output.journal_text(hero.journal) or 'empty'}",
        f"  Gems        {hero.gems.achievement} achievement, {hero.gems.inspiration} inspiration",
        f"  Stars       {hero.stars}",
        f"  Items       {', '.join(item.name for item in hero.items) or 'none'}",
        f"  Injuries    {injuries_text(hero) or 'none'}",
        *([f"  Hideout     {stash_text(hero)}"] if stash_text(hero) else []),
    ]


party_sheet = state_view(
    "sheet",
    "The Party sheet: level, XP, scenario outcomes, Party Journal, Stock and Archive."
    "\n\n\b\nExample:\n  campaign-ledger party sheet --at scenario-7",
    party_sheet_json,
    party_sheet_text,
)


@click.command("sheet", cls=Command)
@click.argument("name")
@at_option
@json_option
@pass_app
def hero_sheet(app: App, name: str, at: str | None, as_json: bool) -> None:
    """A Hero sheet: Class, skills, Profession, Talents, Hero Journal, gems, items."""
    _, state = app.state(at)
    found = state.hero(name)
    if as_json:
        click.echo(output.to_json(hero_sheet_json(found, state)))
    else:
        terminal.echo_lines([printable(line) for line in hero_sheet_text(found, state)])


def register(cli: click.Group) -> None:
    party = cli.commands.get("party")
    hero = cli.commands.get("hero")
    assert isinstance(party, click.Group)  # registered by .hero, which comes first
    assert isinstance(hero, click.Group)
    party.add_command(party_sheet)
    hero.add_command(hero_sheet)
