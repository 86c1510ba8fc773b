"""A batch line's words, as ``shlex.split`` gives them, sooner for the usual line.

``shlex`` reads a line one character at a time in Python, and grows each word by
concatenation: about 13 us for a typical batch line, and quadratic in a long word (a 1 MB
line took 21 s). A line of plain words and double-quoted words without backslashes
(``damage "Zuva'Sai" 2``) is split by two regular expressions; any other line (single
quotes, escapes, quotes inside a word, an unclosed quote) by one scan of regular-expression
pieces, linear in the line (``_pieces``). tests/cli/test_shell_words.py compares both with
``shlex.split`` on random lines."""

import re

# shlex's whitespace; a word is double-quoted without backslashes, or has no quote at all.
_WORD = r'"[^"\\]*"|[^ \t\r\n"\'\\]+'
_PLAIN_LINE = re.compile(rf"(?:[ \t\r\n]*(?:{_WORD})(?=[ \t\r\n]|\Z))*[ \t\r\n]*")
_WORDS = re.compile(r'"([^"\\]*)"|([^ \t\r\n"\'\\]+)')


# shlex in POSIX mode: '...' is literal; in "..." a backslash escapes only " and itself;
# outside quotes a backslash escapes any character. Words end at shlex's whitespace.
_PIECES = re.compile(
    r"""(?P<space>[ \t\r\n]+)|'(?P<single>[^']*)'|"(?P<double>(?:[^"\\]|\\[\s\S])*)"|"""
    r"""\\(?P<escaped>[\s\S])|(?P<plain>[^ \t\r\n'"\\]+)|(?P<bad>[\s\S])"""
)
_DOUBLE_TEXT = re.compile(r'(?:[^"\\]|\\[\s\S])*')
_IN_DOUBLE = re.compile(r'\\(["\\])')


def split(line: str) -> list[str]:
    """The line's words, exactly as ``shlex.split(line)``; ValueError as it raises it."""
    if _PLAIN_LINE.fullmatch(line):
        return [quoted + plain for quoted, plain in _WORDS.findall(line)]
    return _pieces(line)


def unreadable(line: str, error: ValueError) -> str:
    """Why ``line`` cannot be split, for a player: shlex's words, and for an apostrophe in a
    name (Zuva'Sai) how to write it."""
    hint = ""
    if str(error) == "No closing quotation" and line.count("'") % 2 and '"' not in line:
        hint = """ (a name with an apostrophe goes in double quotes: "Zuva'Sai")"""
    return f"{error}{hint}"


def _unfinished(line: str, piece: re.Match[str]) -> str:
    """shlex's error for the piece that matched nothing else: an open double quote whose
    text ends in a lone backslash leaves shlex wanting an escaped character too."""
    if piece[0] == "\\":
        return "No escaped character"
    if piece[0] == '"' and _DOUBLE_TEXT.match(line, piece.end()).end() < len(line):  # type: ignore[union-attr]
        return "No escaped character"
    return "No closing quotation"


def _pieces(line: str) -> list[str]:
    words: list[str] = []
    word: list[str] | None = None  # the word being read; "" is a word once quoted
    for piece in _PIECES.finditer(line):
        kind = piece.lastgroup
        if kind == "space":
            if word is not None:
                words.append("".join(word))
            word = None
            continue
        if kind == "bad":  # a quote never closed, or a backslash at the end
            raise ValueError(_unfinished(line, piece))
        text = piece[kind]  # type: ignore[index]
        if kind == "double":
            text = _IN_DOUBLE.sub(r"\1", text)
        if word is None:
            word = []
        word.append(text)
    if word is not None:
        words.append("".join(word))
    return words


_SAFE = re.compile(r"[\w@%+=:,./-]+", re.ASCII)
_DOUBLE_SAFE = re.compile(r'[^"\\$`!]*')  # what bash and shlex read alike in "..."


def quote(word: str) -> str:
    """``word`` as a player types it on a command line, read back as the word alike by bash,
    zsh and ``split``: as it is when it holds nothing a shell reads (``Torrax``), else in
    double quotes (``"Zuva'Sai"``, ``"Sealed Letter"``), else in single quotes, else as
    ``shlex.quote`` writes it."""
    if word and _SAFE.fullmatch(word):
        return word
    if _DOUBLE_SAFE.fullmatch(word):
        return f'"{word}"'
    if "'" not in word:
        return f"'{word}'"
    import shlex

    return shlex.quote(word)


def last_word(text: str) -> tuple[list[str], str, str]:
    """``text`` typed up to the cursor, split for completion: the words before the last,
    the last word's value so far (an open quote closed: ``"Sealed Le`` is ``Sealed Le``),
    and the last word as typed (what a completion replaces). ValueError if the words
    before it cannot be split."""
    start, index, quote, in_word = len(text), 0, "", False
    while index < len(text):
        char = text[index]
        if quote:
            if char == quote:
                quote = ""
            elif char == "\\" and quote == '"':
                index += 1
        elif char in " \t\r\n":
            in_word = False
        else:
            if not in_word:
                start, in_word = index, True
            if char in "\"'":
                quote = char
            elif char == "\\":
                index += 1
        index += 1
    if not in_word:
        start = len(text)
    typed = text[start:]
    closed = typed.removesuffix("\\") if not quote and index > len(text) else typed
    closed += quote
    value = split(closed)[0] if closed else ""
    return split(text[:start]), value, typed
