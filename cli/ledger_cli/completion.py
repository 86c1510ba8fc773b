"""Shell completion of the names a campaign holds: Heroes, items, conditions, campaigns.

Each ``complete_*`` is a parameter's ``shell_complete`` (click's shell completion, see
docs/playing.md): it opens the ledger file the command line names (``--database``,
``$LEDGER_DATABASE`` or the default) without creating it, reads the campaign it names, and
offers the names that start as typed, in any case. Completion never writes and never fails
aloud: a missing file or campaign offers nothing. A plugin's command gets them, and
``names_completion`` for names of its own, from ``ledger_cli.helpers``.
"""

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:  # imported only when completing (it costs a command's start-up otherwise)
    from click.shell_completion import CompletionItem

from ledger.errors import LedgerError
from ledger.model import CampaignState
from ledger.storage import sqlite3
from ledger.text import name_key
from ledger_cli.context import App, default_database

Completer = Callable[[click.Context, click.Parameter, str], list["CompletionItem"]]
Names = Callable[[App, CampaignState | None], Iterable[str]]


def _app(ctx: click.Context) -> App | None:
    """The App, pointed at the file and campaign the (partly typed) command line names: the
    root's function, which would set them, does not run while completing."""
    root = ctx.find_root()
    app = ctx.find_object(App)
    if app is None:
        return None
    database = root.params.get("database")
    app.database = Path(database) if database else None
    app.campaign_name = root.params.get("campaign_name")
    return app


def _state(app: App) -> CampaignState | None:
    if not (app.database or default_database()).exists():
        return None  # completing must not create the ledger file
    try:
        return app.state()[1]
    except (LedgerError, sqlite3.Error, OSError):
        return None


def names_completion(names: Names, *, needs_state: bool = True) -> Completer:
    """A ``shell_complete`` offering ``names(app, state)`` that start as typed (any case);
    ``state`` is the campaign now, or None (and nothing offered, unless ``needs_state`` is
    False) when the file or the campaign cannot be read."""

    def complete(
        ctx: click.Context, param: click.Parameter, incomplete: str
    ) -> list["CompletionItem"]:
        from click.shell_completion import CompletionItem

        app = _app(ctx)
        if app is None:
            return []
        state = _state(app)
        if state is None and needs_state:
            return []
        try:
            offered = list(dict.fromkeys(names(app, state)))
        except (LedgerError, sqlite3.Error, OSError):
            return []
        typed = name_key(incomplete)
        return [CompletionItem(name) for name in offered if name_key(name).startswith(typed)]

    return complete


def words_completion(*words: str) -> Completer:
    """A ``shell_complete`` offering fixed ``words`` (an ability, a kind) that start as typed."""

    def complete(
        ctx: click.Context, param: click.Parameter, incomplete: str
    ) -> list["CompletionItem"]:
        from click.shell_completion import CompletionItem

        typed = incomplete.casefold()
        return [CompletionItem(word) for word in words if word.casefold().startswith(typed)]

    return complete


def _items(app: App, state: CampaignState | None) -> Iterable[str]:
    assert state is not None
    carried = [item.name for hero in state.heroes.values() for item in hero.items]
    stocked = [item.name for item in state.stock]
    return [*carried, *stocked, *app.registry.for_state(state).items.names()]  # packs too


def _campaigns(app: App, state: CampaignState | None) -> Iterable[str]:
    path = app.database or default_database()
    if not path.exists():
        return []
    return app.ledger().campaigns()


complete_hero = names_completion(lambda app, state: state.heroes if state else ())
complete_ally = names_completion(lambda app, state: state.allies if state else ())
# a Hero or a Non-Hero Ally: who makes checks and reactions
complete_member = names_completion(
    lambda app, state: [*state.heroes, *state.allies] if state else ()
)
complete_item = names_completion(_items)
complete_condition = names_completion(
    lambda app, state: (
        app.registry.for_state(state) if state else app.registry
    ).conditions.names(),
    needs_state=False,
)
complete_campaign = names_completion(_campaigns, needs_state=False)
