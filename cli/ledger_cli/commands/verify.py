"""verify"""

import click

from ledger.campaign import Ledger
from ledger.hosting import upcast_problems
from ledger.text import printable
from ledger.verification import Problem, Witness, parse_witness, witness_problem
from ledger.verification import verify as verify_ledger
from ledger_cli import output, terminal
from ledger_cli.context import App, json_option, pass_app
from ledger_cli.parsing import Command


@click.command("verify", cls=Command)
@click.argument("witnesses", nargs=-1, metavar="[SEQ:HASH]...")
@click.option(
    "--upcasters",
    is_flag=True,
    help="Also hold every row of an older schema, upcast as it is read, against the "
    "installed event type's schema (a plugin's upcasters; docs/plugins.md).",
)
@json_option
@pass_app
def verify(app: App, witnesses: tuple[str, ...], as_json: bool, upcasters: bool = False) -> None:
    """Check every hash chain, the append-only triggers, that every event replays under
    the rules and agrees with its columns, and that every snapshot equals a fold from
    scratch. Exits 1 naming the first bad event.

    A chain proves only that the history agrees with itself: one changed and re-hashed
    from some event on passes. Give a head remembered elsewhere (SEQ:HASH, as a device
    of the table shows it, or a web answer's X-Ledger-Head) and verify also fails unless
    the campaign's event SEQ still hashes to HASH.

    \b
    Example:
      campaign-ledger verify --json
      campaign-ledger verify 42:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08
    """
    remembered = [parse_witness(witness) for witness in witnesses]
    upcast = 0  # rows of older schemas held against the installed ones (--upcasters)
    with terminal.stages() as stage:  # a bar per campaign, on a terminal

        def progress(campaign: str, events: int) -> None:
            stage(f"verifying {printable(repr(campaign))}", events)

        def check(ledger: Ledger) -> list[Problem]:
            nonlocal upcast
            problems = verify_ledger(ledger, progress)
            problems += _witnessed(app, ledger, remembered)
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
        also = f", and the history holds {len(remembered)} witness(es)" if remembered else ""
        click.echo(f"ok: every chain, trigger, event and snapshot verifies{also}")
        if upcasters:
            click.echo(f"ok: {upcast} row(s) of older schemas read as the installed schemas")
    if problems:
        raise click.ClickException("\n".join(str(problem) for problem in problems))


def _witnessed(app: App, ledger: Ledger, remembered: list[Witness]) -> list[Problem]:
    """Each witness the chosen campaign's history does not hold."""
    if not remembered:
        return []
    campaign = app.campaign().name
    found = (witness_problem(ledger.store, campaign, witness) for witness in remembered)
    return [problem for problem in found if problem is not None]


def register(cli: click.Group) -> None:
    cli.add_command(verify)
