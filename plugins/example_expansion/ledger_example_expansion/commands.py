"""gadget build | gadget list: thin faces over the expansion's actions."""

import click

from ledger.hosting import CommandGroup
from ledger_cli.helpers import App, Command, Group, at_option, json_option, output, pass_app
from ledger_example_expansion import actions


@click.command("build", cls=Command)
@click.argument("hero")
@json_option
@pass_app
def build(app: App, hero: str, as_json: bool) -> None:
    """HERO spends 1 Stamina chip at their Tinker's Kit to build a Clockwork Gadget
    (a Tinkerer, with the Tinkering Talent, builds for free).

    \b
    Example:
      campaign-ledger gadget build Torrax
    """
    app.do(actions.build_gadget, hero=hero, as_json=as_json)


@click.command("list", cls=Command)
@at_option
@json_option
@pass_app
def listing(app: App, at: str | None = None, as_json: bool = False) -> None:
    """How many Clockwork Gadgets each Hero carries, now or at --at."""
    counts = actions.gadgets_carried(app.service.game(at))
    if as_json:
        click.echo(output.to_json(counts))
        return
    for name, count in counts.items():
        click.echo(f"{name:<12} {count}")


@click.group("gadget", cls=Group, invoke_without_command=True)
@click.pass_context
def gadget(ctx: click.Context) -> None:
    """Clockwork Gadgets (the example expansion). Lists them by default."""
    if ctx.invoked_subcommand is None:
        ctx.invoke(listing)


gadget.add_command(build)
gadget.add_command(listing)


def register(cli: CommandGroup) -> None:
    cli.add_command(gadget)
