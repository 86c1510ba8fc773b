"""Shell completion that inserts names as the shell reads them back: click's bash class
inserts each value as it is, so Tab turned ``Zu`` into ``Zuva'Sai`` (an open quote: bash
waits at its ``>`` prompt) and ``Sea`` into ``Sealed Letter`` (two arguments). Here bash gets
``"Zuva'Sai"`` and ``"Sealed Letter"`` (``shell_words.quote``), or the bare name inside a
quote the player opened (readline closes it). zsh's ``compadd`` and fish quote what they
insert themselves. ``register()`` puts the class in click's place for ``bash``; tests drive
bash, zsh and fish through their own completion (tests/cli/test_shell_completion.py)."""

import os
from typing import Any

from click.shell_completion import BashComplete, CompletionItem, add_completion_class

from ledger_cli import shell_words


class QuotingBash(BashComplete):
    def get_completion_args(self) -> tuple[list[str], str]:
        args, incomplete = super().get_completion_args()
        # The script passes "${COMP_WORDS[*]}" with IFS set to a newline: the words as typed.
        typed = os.environ.get("COMP_WORDS", "").split("\n")
        cword = int(os.environ.get("COMP_CWORD", "0"))
        word = typed[cword] if 0 <= cword < len(typed) else ""
        self.quote_open = word[:1] in ("'", '"')
        return args, incomplete

    def format_completion(self, item: "CompletionItem[Any]") -> str:  # not generic on click floors
        if item.type != "plain" or getattr(self, "quote_open", False):
            return super().format_completion(item)
        return f"{item.type},{shell_words.quote(item.value)}"


def register() -> None:
    """Use the quoting class for bash completion (the script and the answers)."""
    add_completion_class(QuotingBash, "bash")
