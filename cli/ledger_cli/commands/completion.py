"""completion bash|zsh|fish: the shell's completion script, from click's shell completion."""

import click
from click.shell_completion import get_completion_class

from ledger_cli.app import COMPLETING
from ledger_cli.completion_quoting import register as quoting_names
from ledger_cli.parsing import Command

PROG = "campaign-ledger"
COMPLETE_VAR = COMPLETING  # click's name for it: _{PROG}_COMPLETE, upper case


@click.command("completion", cls=Command)
@click.argument("shell", type=click.Choice(["bash", "zsh", "fish"]))
@click.pass_context
def completion(ctx: click.Context, shell: str) -> None:
    """Print the completion script for SHELL: commands, options, and the Heroes, items,
    conditions and campaigns of the current campaign complete with Tab.

    \b
    Examples:
      eval "$(campaign-ledger completion bash)"
      campaign-ledger completion zsh > ~/.zfunc/_campaign-ledger
      campaign-ledger completion fish > ~/.config/fish/completions/campaign-ledger.fish
    """
    quoting_names()
    root = ctx.find_root().command
    found = get_completion_class(shell)
    assert found is not None  # the three shells click ships
    click.echo(found(root, {}, PROG, COMPLETE_VAR).source())


def register(cli: click.Group) -> None:
    cli.add_command(completion)
