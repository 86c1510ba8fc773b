"""A refusal in the command line's words. A LedgerError names what the caller gave as fields
(``{heal}``, ``{open_group_check}``, see ``ledger.errors.LedgerError``); the CLI shows each as
the player types it: an argument of the action as the running command's option or argument,
another action as its command."""

import click

from ledger_cli.parsing import RUNNING, ParamsOnce


def said(ctx: click.Context) -> dict[str, str]:
    """The words for a refusal raised under ``ctx`` (a command line's root context): the
    running ledger command's parameters by their Python names (``spend`` is
    ``--spend-stamina``, ``xp`` is ``--xp/--no-xp``, ``target`` is ``TARGET``), and the
    actions that it, its groups and the root have words for (the innermost wins)."""
    running = ctx.meta.get(RUNNING, ctx)
    assert isinstance(running, click.Context)
    chain: list[click.Context] = []
    node: click.Context | None = running
    while node is not None:
        chain.append(node)
        node = node.parent
    words: dict[str, str] = {}
    for node in reversed(chain):
        words.update(getattr(node.command, "words", {}))
    if running is ctx:
        return words
    for param in running.command.get_params(running):
        if param.name is None:
            continue
        if isinstance(param, click.Option):
            flags = (param.opts, param.secondary_opts)
            words[param.name] = "/".join(max(opts, key=len) for opts in flags if opts)
        else:
            words[param.name] = param.human_readable_name
    return words


def action_words(cli: object, words: dict[str, str]) -> None:
    """Say how the command line writes your actions, for a refusal that names one: call it
    in ``register_commands`` with ``{"open_group_check": "`group-step open`"}``; a refusal
    saying "open one with {open_group_check}" then reads "open one with `group-step open`"
    at the CLI (and "... with open_group_check" from Python)."""
    if isinstance(cli, ParamsOnce):
        cli.words.update(words)
