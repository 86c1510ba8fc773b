"""Numbers on a command line are written with the ASCII digits 0-9.

Python's ``int()``, which click uses, also reads fullwidth and Arabic-Indic digits ("１２",
"٣") and underscores ("1_000"): a word that only such a reading makes a number is refused as
a usage error, before any command reads it."""

from collections.abc import Iterable

import click

from ledger.text import printable


def _other_number(word: str) -> bool:
    if word.isascii() and "_" not in word:
        return False
    try:
        int(word)
    except ValueError:
        try:
            float(word)
        except ValueError:
            return False
    return True


def check_ascii_numbers(words: Iterable[str]) -> None:
    """Refuse a word that is a number only to Python, naming it."""
    for word in words:
        if _other_number(word):
            raise click.UsageError(
                f"{printable(word)!r} is not a number here: write numbers with the digits 0-9"
            )
