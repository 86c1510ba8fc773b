"""A batch line's words, as ``shlex.split`` gives them, sooner for the usual line.

``shlex`` reads a line one character at a time in Python: about 13 us for a typical batch
line, as much as recording its event costs SQLite. A line of plain words and double-quoted
words without backslashes (``damage "Zuva'Sai" 2``) is split by two regular expressions;
any other line (single quotes, escapes, quotes inside a word, an unclosed quote) goes to
``shlex.split`` itself. tests/test_shell_words.py compares the two on random lines."""

import re
import shlex

# shlex's whitespace; a word is double-quoted without backslashes, or has no quote at all.
_WORD = r'"[^"\\]*"|[^ \t\r\n"\'\\]+'
_PLAIN_LINE = re.compile(rf"(?:[ \t\r\n]*(?:{_WORD})(?=[ \t\r\n]|\Z))*[ \t\r\n]*")
_WORDS = re.compile(r'"([^"\\]*)"|([^ \t\r\n"\'\\]+)')


def split(line: str) -> list[str]:
    """The line's words, exactly as ``shlex.split(line)``; ValueError as it raises it."""
    if _PLAIN_LINE.fullmatch(line):
        return [quoted + plain for quoted, plain in _WORDS.findall(line)]
    return shlex.split(line)
