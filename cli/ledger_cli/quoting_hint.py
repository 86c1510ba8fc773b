"""A hint for "Got unexpected extra argument": when the words typed apart form a name the
campaign knows (``Sealed Letter``, a Hero, a condition), the name needed quotes."""

from collections.abc import Sequence

import click

from ledger.errors import LedgerError
from ledger.storage import sqlite3
from ledger.text import name_key
from ledger_cli import shell_words


def known_names(ctx: click.Context) -> list[str]:
    """The Heroes, items and conditions of the campaign the command line names; none when
    the file or the campaign cannot be read (a hint never fails aloud)."""
    from ledger_cli.completion import _app, _items, _state

    app = _app(ctx)
    if app is None:
        return []
    try:
        state = _state(app)
        conditions = list(app.registry.conditions.names())
        if state is None:
            return conditions
        return [*state.heroes, *_items(app, state), *conditions]
    except (LedgerError, sqlite3.Error, OSError):
        return []


def quoting_hint(ctx: click.Context, args: Sequence[str]) -> str:
    """ " "Sealed Letter" is one name: put it in quotes (...)", or "" when no run of two or
    more of ``args`` is a known name."""
    names = {name_key(name): name for name in known_names(ctx) if " " in name.strip()}
    if not names:
        return ""
    words = [word for word in args if not word.startswith("-")]
    for size in range(len(words), 1, -1):
        for start in range(len(words) - size + 1):
            found = names.get(name_key(" ".join(words[start : start + size])))
            if found is not None:
                return (
                    f" {shell_words.quote(found)} is one name: put it in quotes, as typed "
                    f"here, so the shell passes it as one argument"
                )
    return ""
