"""log | undo | redo"""

import click

from ledger.campaign import session_bounds
from ledger.text import printable
from ledger_cli import output, terminal
from ledger_cli.context import NUMBERS, App, json_option, pass_app, show_recorded
from ledger_cli.parsing import Command


@click.command("log", cls=Command)
@click.option("--session", "number", type=int, metavar="N", help="Only play session N.")
@json_option
@pass_app
def log(app: App, number: int | None, as_json: bool) -> None:
    """Every event of the campaign (or of one session), undone commands marked.

    \b
    Example:
      campaign-ledger log --session 2 --json
    """
    campaign = app.campaign()
    entries = campaign.log()
    if number is not None:
        first, last = session_bounds(campaign, number)
        entries = [entry for entry in entries if first <= entry.row.seq <= last]
    if as_json:
        click.echo(output.to_json([output.log_json(entry) for entry in entries]))
        return
    lines = []
    for entry in entries:
        row = entry.row
        step = f"{row.step_kind} {row.step_number}" if row.step_kind else "-"
        if row.scenario is not None:
            step = f"scenario {row.scenario}"
        mark = "  [undone]" if entry.reverted else ""
        lead = f"{row.seq:>5}" if row.command == row.seq else f"{'+':>5}"
        lines.append(printable(f"{lead}  {step:<12} {entry.description}{mark}"))
    terminal.page(lines)  # through the pager when longer than the screen


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
@json_option
@pass_app
def undo(app: App, count: int, commands: tuple[int, ...], as_json: bool) -> None:
    """Revert the last COUNT commands still in effect, by appending an undo event.

    Refused, with the reason, if a later event would become illegal.

    \b
    Examples:
      campaign-ledger undo
      campaign-ledger undo 3
      campaign-ledger undo --command 42
    """
    with app.locked():  # Campaign.undo decides which commands and refuses, saying why
        recorded = app.campaign().undo(
            count,
            commands or None,
            expected_seq=app.expect_seq,
            idempotency_key=app.idempotency_key,
        )
    show_recorded(recorded, as_json)


@click.command("redo", cls=Command, context_settings=NUMBERS)
@click.argument("count", type=int, default=1)
@json_option
@pass_app
def redo(app: App, count: int, as_json: bool) -> None:
    """Bring back the last COUNT undone commands."""
    with app.locked():
        recorded = app.campaign().redo(
            count, expected_seq=app.expect_seq, idempotency_key=app.idempotency_key
        )
    show_recorded(recorded, as_json)


def register(cli: click.Group) -> None:
    for command in (log, undo, redo):
        cli.add_command(command)
