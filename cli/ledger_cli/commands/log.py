"""log | undo | redo"""

import sys

import click

from ledger.campaign import LogEntry, LogQuery
from ledger.text import printable
from ledger_cli import output, terminal
from ledger_cli.context import NUMBERS, App, json_option, pass_app, show_recorded
from ledger_cli.parsing import Command

REF = "REF"  # a point as --at takes it


@click.command("log", cls=Command)
@click.option("--hero", metavar="HERO", help="Only the events of this Hero.")
@click.option(
    "--type",
    "types",
    multiple=True,
    metavar="TYPE",
    help="Only events of this type (damage-taken or base:damage-taken); repeatable.",
)
@click.option("--step", metavar=REF, help="Only the events of this step (city-2, scenario-5.2).")
@click.option("--since", metavar=REF, help="Only the events after this point (as --at takes it).")
@click.option("--until", metavar=REF, help="Only the events up to this point (as --at takes it).")
@click.option("--session", "number", type=int, metavar="N", help="Only play session N.")
@click.option("--undone", is_flag=True, help="Only the commands undone now (`redo --command SEQ`).")
@click.option("-n", "--tail", type=int, metavar="N", help="Only the last N of those events.")
@click.option(
    "--before", type=int, metavar="SEQ", help="Only the events before event SEQ (page back)."
)
@json_option
@pass_app
def log(
    app: App,
    hero: str | None,
    types: tuple[str, ...],
    step: str | None,
    since: str | None,
    until: str | None,
    number: int | None,
    undone: bool,
    tail: int | None,
    before: int | None,
    as_json: bool,
) -> None:
    """Every event of the campaign, undone commands marked; the filters keep only some.

    --since 40 --until 42 lists events 41 and 42: what `diff 40 42` compares. Every row
    starts with its event's number (what --at, diff and redo --command take); a + after it
    marks the second or later event of one command.

    \b
    Examples:
      campaign-ledger log --session 2 --json
      campaign-ledger log --hero Torrax --step city-2
      campaign-ledger log --type damage-taken -n 5
      campaign-ledger log --undone
      campaign-ledger log -n 20 --before 500
    """
    query = LogQuery(
        hero=hero,
        types=types,
        step=step,
        since=since,
        until=until,
        session=number,
        undone=undone,
        tail=tail,
        before=before,
    )
    entries = app.campaign().log(query)
    if as_json:
        click.echo(output.to_json([output.log_json(entry) for entry in entries]))
        return
    if not entries:
        click.echo("No command is undone." if undone else "No event matches.")
        return
    # through the pager when longer than the screen
    terminal.page([printable(log_line(entry, by=undone)) for entry in entries])
    if undone:
        click.echo("`redo --command SEQ` brings one back (the undo's SEQ: all it reverted).")


def log_line(entry: LogEntry, *, by: bool = False) -> str:
    """A log line; an undone event marked, with the undo that reverted it if ``by``."""
    row = entry.row
    step = f"{row.step_kind} {row.step_number}" if row.step_kind else "-"
    if row.scenario is not None:
        step = f"scenario {row.scenario}"
    mark = ""
    if entry.reverted:
        mark = f"  [undone by #{entry.undone_by}]" if by else "  [undone]"
    lead = f"{row.seq:>5}" + (" " if row.command == row.seq else "+")
    return f"{lead} {step:<12} {entry.description}{mark}"


@click.command("undo", cls=Command, context_settings=NUMBERS)
@click.argument("count", type=int, default=1)
@click.option(
    "--command",
    "commands",
    type=int,
    multiple=True,
    metavar="SEQ",
    help="Undo this command (its first event's number) instead of the last ones.",
)
@click.option("--yes", "-y", is_flag=True, help="Do not ask before undoing several commands.")
@json_option
@pass_app
def undo(app: App, count: int, commands: tuple[int, ...], yes: bool, as_json: bool) -> None:
    """Revert the last COUNT commands still in effect, by appending an undo event.

    Refused, with the reason, if a later event would become illegal. On a terminal, undoing
    more than one command shows them and asks first (--yes does not ask); piped or in a
    batch it does not ask. Nothing is lost: `log --undone` lists what is undone and
    `redo --command SEQ` brings it back.

    \b
    Examples:
      campaign-ledger undo
      campaign-ledger undo 3
      campaign-ledger undo --command 42
    """
    seen = None
    if not yes and app.asks and sys.stdin.isatty():
        seen = confirm_undo(app, count, commands)
    # The service decides which commands and refuses, saying why; "the last COUNT" after a
    # question, only if the campaign is still as the player saw it (a named one is that one).
    show_recorded(app.undo(count, commands, seen=None if commands else seen), as_json)


def confirm_undo(app: App, count: int, commands: tuple[int, ...]) -> int | None:
    """Show the commands an undo of several would revert and ask; no: nothing is written.
    The head the player saw when asked, if asked."""
    campaign = app.campaign()
    seen = campaign.head().seq
    entries = campaign.undo_preview(count, commands or None)
    reverted = sorted({entry.row.command for entry in entries})
    if len(reverted) < 2:
        return None
    lines = [f"This undoes {len(reverted)} commands:"]
    lines += (printable(log_line(entry, by=True)) for entry in entries)
    click.echo("\n".join(lines), err=True)
    if not click.confirm(f"Undo these {len(reverted)} commands?", err=True):
        raise click.ClickException("nothing was undone")
    return seen


@click.command("redo", cls=Command, context_settings=NUMBERS)
@click.argument("count", type=int, default=1)
@click.option(
    "--command",
    "commands",
    type=int,
    multiple=True,
    metavar="SEQ",
    help="Bring back this undone command, or everything the undo SEQ reverted.",
)
@json_option
@pass_app
def redo(app: App, count: int, commands: tuple[int, ...], as_json: bool) -> None:
    """Bring back the last COUNT undone commands, or any undone command with --command.

    Plain redo works until a new command is recorded; --command SEQ brings back any command
    still undone, however long ago (`log --undone` lists them), or with an undo's SEQ every
    command that undo reverted. Refused, with the reason, if the campaign as it stands would
    no longer admit it.

    \b
    Examples:
      campaign-ledger redo
      campaign-ledger redo --command 42
    """
    show_recorded(app.redo(count, commands), as_json)


def register(cli: click.Group) -> None:
    for command in (log, undo, redo):
        cli.add_command(command)
