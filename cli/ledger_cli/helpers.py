"""What a plugin's click commands use from the CLI: the one ``ledger_cli`` module a plugin
imports (the base game's commands use it exactly as an expansion's do).

A command is a thin face: parse the input into an action's typed arguments, then
``app.do(action, **intent)`` decides, records and shows the result (``app.perform`` records
without showing, for a command that renders its own); reading commands take ``app.state(at)``
(or ask a query with ``app.game(at)``) and render it. Register commands from the
``register_commands`` hook; a plugin with many may add them lazily with ``add_lazy`` (see
docs/plugins.md). A parameter naming a Hero, item, condition or campaign completes in the
shell with ``shell_complete=complete_hero`` (``complete_item``, ...); ``names_completion`` and
``words_completion`` make completers for names of a plugin's own. ``build_cli(pm)`` is the
whole command line around a plugin manager (the pytest plugin's ``ledger_invoke`` runs it).

Example:

    @click.command("frostbite", cls=Command, context_settings=NUMBERS)
    @click.argument("hero")
    @click.argument("amount", type=int)
    @json_option
    @pass_app
    def frostbite(app: App, hero: str, amount: int, as_json: bool) -> None:
        app.do(actions.frostbite, hero=hero, amount=amount, as_json=as_json)
"""

from ledger_cli import output, output_city, terminal
from ledger_cli.app import build_cli
from ledger_cli.completion import (
    complete_ally,
    complete_campaign,
    complete_condition,
    complete_hero,
    complete_item,
    complete_member,
    names_completion,
    words_completion,
)
from ledger_cli.context import (
    NUMBERS,
    App,
    amount_command,
    at_option,
    hero_listing,
    json_option,
    listing_group,
    pass_app,
    show_recorded,
    state_view,
)
from ledger_cli.lazy import add_lazy
from ledger_cli.parsing import Command, Group
from ledger_cli.refusals import action_words

__all__ = [
    "NUMBERS",
    "App",
    "Command",
    "Group",
    "action_words",
    "add_lazy",
    "amount_command",
    "at_option",
    "build_cli",
    "complete_ally",
    "complete_campaign",
    "complete_condition",
    "complete_hero",
    "complete_item",
    "complete_member",
    "hero_listing",
    "json_option",
    "listing_group",
    "names_completion",
    "output",
    "output_city",
    "pass_app",
    "shell_word",
    "show_recorded",
    "state_view",
    "terminal",
    "words_completion",
]


def shell_word(word: str) -> str:
    """``word`` as a player types it on a command line (``ledger_cli.shell_words.quote``):
    ``Torrax``, ``"Zuva'Sai"``, ``"Sealed Letter"``. Its regular expressions are compiled
    when first used, not by every command's start-up."""
    from ledger_cli.shell_words import quote

    return quote(word)
