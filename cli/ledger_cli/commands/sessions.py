"""session start | session end | replay --session N: evenings of play."""

import click

from ledger.campaign import end_session, session_moments, start_session
from ledger.text import printable
from ledger_cli import output
from ledger_cli.context import App, json_option, pass_app
from ledger_cli.parsing import Command, Group


@click.command("start", cls=Command)
@json_option
@pass_app
def start(app: App, as_json: bool) -> None:
    """A play session begins."""
    app.do(start_session, as_json=as_json)


@click.command("end", cls=Command)
@json_option
@pass_app
def end(app: App, as_json: bool) -> None:
    """The play session ends."""
    app.do(end_session, as_json=as_json)


@click.command("replay", cls=Command)
@click.option("--session", "number", type=int, required=True, metavar="N")
@json_option
@pass_app
def replay(app: App, number: int, as_json: bool) -> None:
    """Tell what happened in session N, event by event, with what each one changed.

    \b
    Example:
      campaign-ledger replay --session 2
    """
    moments = list(session_moments(app.campaign(), number))
    if as_json:
        story = [
            {
                "seq": m.row.seq,
                "type": m.row.type,
                "description": m.description,
                "reverted": m.reverted,
                "changes": [] if m.reverted else output.changes(m.before, m.after),
            }
            for m in moments
        ]
        click.echo(output.to_json({"session": number, "events": story}))
        return
    click.echo(f"Session {number}: events {moments[0].row.seq} to {moments[-1].row.seq}")
    for m in moments:
        if m.reverted:
            click.echo(printable(f"  #{m.row.seq} {m.description} — later undone, no effect"))
            continue
        click.echo(printable(f"  #{m.row.seq} {m.description}"))
        for line in output.changes(m.before, m.after):
            if line != "no change":
                click.echo(printable(f"      {line}"))


@click.group("session", cls=Group)
def session() -> None:
    """Mark an evening of play, for `log --session N` and `replay --session N`."""


session.add_command(start)
session.add_command(end)


def register(cli: click.Group) -> None:
    cli.add_command(session)
    cli.add_command(replay)
