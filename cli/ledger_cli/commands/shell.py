"""shell: an interactive session on one open ledger (ledger_cli.shell_session)."""

import sys

import click

from ledger_cli.context import App, pass_app
from ledger_cli.parsing import Command


def _at_terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


@click.command("shell", cls=Command)
@pass_app
def shell(app: App) -> None:
    """Play an evening in one session: type commands as after campaign-ledger, one a line.

    The prompt shows the campaign and its step; Tab completes commands, options, Heroes,
    items and conditions, quoting names such as "Zuva'Sai"; Up and Down go through the
    lines typed at this ledger file before. A refusal or a typo is shown and the session
    goes on; `undo` and `redo` work as anywhere. Ctrl-C cancels the line being typed,
    Ctrl-D (or exit) leaves. Each command runs in this process on the open ledger, so it
    costs its work, not a start-up. Read from a pipe, it runs one command a line with no
    prompt, and exits 1 if any line was refused.

    \b
    Examples:
      campaign-ledger --database moonsilver.db shell
      printf 'damage Torrax 1\\nundo\\n' | campaign-ledger shell
    """
    from ledger_cli.shell_session import run_shell

    root = click.get_current_context().find_root()
    status = run_shell(root, app, _at_terminal)
    if status:
        click.get_current_context().exit(status)


def register(cli: click.Group) -> None:
    cli.add_command(shell)
