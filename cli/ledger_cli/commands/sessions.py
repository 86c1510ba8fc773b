"""session start | session end | session summary | replay: evenings of play, what each did to
the party, steps and ranges told again."""

import click

from ledger.campaign import (
    end_session,
    range_moments,
    session_moments,
    start_session,
    step_moments,
)
from ledger.text import printable
from ledger.views import summary_json
from ledger_cli import output
from ledger_cli.context import App, json_option, pass_app, show_recorded
from ledger_cli.output_summary import show_summary
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
    """The play session ends, and what it did to each Hero is shown (`session summary`)."""
    recorded = app.perform(end_session)
    number = recorded.before.session
    summary = app.service.session_summary(number)
    if as_json:
        shown = {**output.recorded_json(recorded), "summary": summary_json(summary)}
        click.echo(output.to_json(shown))
        return
    show_recorded(recorded, as_json=False)
    show_summary(summary)


@click.command("summary", cls=Command)
@click.argument("number", type=click.IntRange(min=1), required=False, metavar="[N]")
@json_option
@pass_app
def summary(app: App, number: int | None, as_json: bool) -> None:
    """What play session N (default: the current or last one) did to each Hero and Ally:
    damage taken and healed, stamina spent and lost, checks rolled and succeeded, luck
    against the exact expectation, Stars, items and conditions gained and lost.

    \b
    Examples:
      campaign-ledger session summary
      campaign-ledger session summary 2 --json
    """
    found = app.service.session_summary(number)
    if as_json:
        click.echo(output.to_json(summary_json(found)))
        return
    show_summary(found)


@click.command("replay", cls=Command)
@click.option("--session", "number", type=int, metavar="N", help="Play session N.")
@click.option("--step", metavar="REF", help="One step (city-2, scenario-5.2).")
@click.option("--since", metavar="REF", help="From after this point (as --at takes it).")
@click.option("--until", metavar="REF", help="Up to this point (default: now).")
@json_option
@pass_app
def replay(
    app: App,
    number: int | None,
    step: str | None,
    since: str | None,
    until: str | None,
    as_json: bool,
) -> None:
    """Tell what happened, event by event, with what each one changed: in session N, in
    one step, or between two points (--since 40 --until 42: events 41 and 42).

    \b
    Examples:
      campaign-ledger replay --session 2
      campaign-ledger replay --step scenario-5
      campaign-ledger replay --since city-2 --until journey-2
    """
    ranged = since is not None or until is not None
    if [number is not None, step is not None, ranged].count(True) != 1:
        raise click.UsageError("replay one of: --session N, --step REF, --since/--until REF")
    campaign = app.campaign()
    shown: dict[str, object]
    if number is not None:
        moments = list(session_moments(campaign, number))
        title, shown = f"Session {number}", {"session": number}
    elif step is not None:
        moments = list(step_moments(campaign, step))
        title, shown = f"Step {step}", {"step": step}
    else:
        moments = list(range_moments(campaign, since, until))
        title = f"From {since or 'the start'} to {until or 'now'}"
        shown = {"since": since, "until": until}
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
        click.echo(output.to_json({**shown, "events": story}))
        return
    lines = [f"{title}: events {moments[0].row.seq} to {moments[-1].row.seq}"]
    for m in moments:
        if m.reverted:
            lines.append(f"  #{m.row.seq} {m.description} — later undone, no effect")
            continue
        lines.append(f"  #{m.row.seq} {m.description}")
        lines += (
            f"      {line}" for line in output.changes(m.before, m.after) if line != "no change"
        )
    click.echo("\n".join(map(printable, lines)))


@click.group("session", cls=Group)
def session() -> None:
    """Mark an evening of play, for `log --session N`, `replay --session N` and
    `session summary N`."""


session.add_command(start)
session.add_command(end)
session.add_command(summary)


def register(cli: click.Group) -> None:
    cli.add_command(session)
    cli.add_command(replay)
