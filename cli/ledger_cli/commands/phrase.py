"""phrase"""

import click

from ledger.hosting import phrase_answers as answers
from ledger_cli import output
from ledger_cli.context import App, at_option, json_option, pass_app
from ledger_cli.parsing import Command


@click.command("phrase", cls=Command)
@click.argument("hero")
@click.argument("phrase")
@at_option
@json_option
@pass_app
def phrase(app: App, hero: str, phrase: str, at: str | None, as_json: bool) -> None:
    """Which of HERO's items and Talents answer PHRASE, as a check names it. Items are
    read by the plugins (an expansion may understand more than the printed phrase).

    \b
    Examples:
      campaign-ledger phrase "Zuva'Sai" "Lock picking"
      campaign-ledger phrase Torrax Perception --at city-1 --json
    """
    _, state = app.state(at)
    found_hero = state.hero(hero)
    found = answers(app.registry, found_hero, phrase)
    if as_json:
        data = {"hero": found_hero.name, "phrase": phrase, "answered_by": found}
        click.echo(output.to_json(data))
    elif found:
        click.echo(f"{found_hero.name} answers {phrase!r} with: {', '.join(found)}")
    else:
        click.echo(f"{found_hero.name} has nothing that answers {phrase!r}")


def register(cli: click.Group) -> None:
    cli.add_command(phrase)
