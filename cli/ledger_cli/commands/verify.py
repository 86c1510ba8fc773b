"""verify"""

import click

from ledger.campaign import Ledger
from ledger.hosting import upcast_problems
from ledger.text import printable
from ledger.verification import Problem
from ledger.verification import verify as verify_ledger
from ledger_cli import output, terminal
from ledger_cli.context import App, json_option, pass_app
from ledger_cli.parsing import Command


@click.command("verify", cls=Command)
@click.option(
    "--upcasters",
    is_flag=True,
    help="Also hold every row of an older schema, upcast as it is read, against the "
    "installed event type's schema (a plugin's upcasters; docs/plugins.md).",
)
@json_option
@pass_app
def verify(app: App, as_json: bool, upcasters: bool = False) -> None:
    """Check every hash chain, the append-only triggers, that every event replays under
    the rules and agrees with its columns, and that every snapshot equals a fold from
    scratch. Exits 1 naming the first bad event.

    \b
    Example:
      campaign-ledger verify --json
    """

    upcast = 0  # rows of older schemas held against the installed ones (--upcasters)
    with terminal.stages() as stage:  # a bar per campaign, on a terminal

        def progress(campaign: str, events: int) -> None:
            stage(f"verifying {printable(repr(campaign))}", events)

        def check(ledger: Ledger) -> list[Problem]:
            nonlocal upcast
            problems = verify_ledger(ledger, progress)
            if upcasters:
                *found, (_, upcast, _) = upcast_problems(ledger.db, ledger.registry)
                problems += [Problem(campaign, seq, why) for campaign, seq, why in found]
            return problems

        opened = app.opened_ledger(app.path)  # a batch line: the batch's own
        if opened is not None:
            problems = check(opened)
        else:  # not kept in the App: its registry has no content for other commands
            with Ledger.open(app.path, app.replay_registry(), create=False) as ledger:
                problems = check(ledger)
    if as_json:
        click.echo(output.to_json({"ok": not problems, "problems": [str(p) for p in problems]}))
    elif not problems:
        click.echo("ok: every chain, trigger, event and snapshot verifies")
        if upcasters:
            click.echo(f"ok: {upcast} row(s) of older schemas read as the installed schemas")
    if problems:
        raise click.ClickException("\n".join(str(problem) for problem in problems))


def register(cli: click.Group) -> None:
    cli.add_command(verify)
