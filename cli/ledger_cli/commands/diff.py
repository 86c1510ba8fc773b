"""diff REF [REF]: what changed for each Hero and the party between two points."""

import click

from ledger.campaign import diff_states
from ledger.text import printable
from ledger.views import diff_json, point_json
from ledger_cli import output
from ledger_cli.context import App, json_option, pass_app
from ledger_cli.parsing import Command


@click.command("diff", cls=Command)
@click.argument("since", metavar="REF")
@click.argument("until", metavar="[REF]", required=False)
@json_option
@pass_app
def diff(app: App, since: str, until: str | None, as_json: bool) -> None:
    """What changed for each Hero and the party from point REF to the second (default: now).

    A point is what --at takes: N (after event N), city-2, journey-3, scenario-5,
    scenario-5.2, each with :end. `log --since REF --until REF` lists the events between.

    \b
    Examples:
      campaign-ledger diff city-2 city-3
      campaign-ledger diff scenario-5 scenario-5:end --json
      campaign-ledger diff 40
    """
    before_seq, before = app.state(since)
    after_seq, after = app.state(until)
    changed = diff_states(before, after)
    if as_json:
        points = {"from": point_json(since, before_seq), "to": point_json(until, after_seq)}
        click.echo(output.to_json({**points, **diff_json(changed)}))
        return
    to = f"{until} (event {after_seq})" if until is not None else f"now (event {after_seq})"
    lines = [f"From {since} (event {before_seq}) to {to}:"]
    lines += (f"  {line}" for line in changed.lines())
    click.echo("\n".join(map(printable, lines)))


def register(cli: click.Group) -> None:
    cli.add_command(diff)
