"""gadget build | gadget list"""

import click

from ledger.hosting import CommandGroup
from ledger_cli.helpers import App, at_option, json_option, output, pass_app
from ledger_example_expansion.events import GADGET, GadgetBuilt, carries


def register(cli: CommandGroup) -> None:
    assert isinstance(cli, click.Group)  # the ledger passes its root click group

    @cli.group(invoke_without_command=True)
    @click.pass_context
    def gadget(ctx: click.Context) -> None:
        """Clockwork Gadgets (the example expansion). Lists them by default."""
        if ctx.invoked_subcommand is None:
            ctx.invoke(gadget_list)

    @gadget.command("build")
    @click.argument("hero")
    @json_option
    @pass_app
    def gadget_build(app: App, hero: str, as_json: bool) -> None:
        """HERO spends 1 Stamina chip at their Tinker's Kit to build a Clockwork Gadget.

        \b
        Example:
          campaign-ledger gadget build Torrax
        """
        app.record(GadgetBuilt(hero=app.hero_name(hero)), as_json=as_json)

    @gadget.command("list")
    @at_option
    @json_option
    @pass_app
    def gadget_list(app: App, at: str | None = None, as_json: bool = False) -> None:
        """How many Clockwork Gadgets each Hero carries, now or at --at."""
        _, state = app.state(at)
        counts = {hero.name: carries(hero, GADGET) for hero in state.heroes.values()}
        if as_json:
            click.echo(output.to_json(counts))
            return
        for name, count in counts.items():
            click.echo(f"{name:<12} {count}")
