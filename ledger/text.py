"""Checks for names and amounts typed by players, and safe echoing of hostile strings."""

import unicodedata
from collections.abc import Iterable
from functools import lru_cache

from ledger.errors import BadInput, OutOfRange

MAX_NAME_LENGTH = 60


def quoted(text: str, limit: int = 80) -> str:
    """Quote user text for a message: control characters escaped, long text cut."""
    shown = text if len(text) <= limit else text[:limit] + "…"
    return printable(repr(shown))


# Letters and marks that draw nothing, so a name can hide them: the Hangul fillers, the
# Braille blank, the combining grapheme joiner, Khmer's inherent vowels, Mongolian and
# ordinary variation selectors. (Zero-width spaces and joiners are format characters, Cf.)
INVISIBLE = frozenset(
    "\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5\u180b\u180c\u180d\u180f"
    + "".join(map(chr, range(0xFE00, 0xFE10)))
    + "".join(map(chr, range(0xE0100, 0xE01F0)))
)


def unprintable(char: str) -> bool:
    """Control, format (bidi overrides, zero-width), surrogate, private and unassigned
    characters, line and paragraph separators, and invisible fillers."""
    category = unicodedata.category(char)
    return category[0] == "C" or category in ("Zl", "Zp") or char in INVISIBLE


def printable(text: str) -> str:
    """Text as typed, with anything a terminal would act on (escapes, line breaks) or would
    hide escaped: safe to show whatever a file holds."""
    if text.isprintable() and (text.isascii() or INVISIBLE.isdisjoint(text)):
        return text  # the usual text, checked in C
    return "".join(
        c if c.isprintable() and c not in INVISIBLE else c.encode("unicode_escape").decode()
        for c in text
    )


def check_text(value: str, what: str) -> str:
    """Refuse text a player typed that holds an unprintable character anywhere, before any
    stripping: a name with a line break or an invisible filler could forge or hide output."""
    if value.isprintable() and (value.isascii() or INVISIBLE.isdisjoint(value)):
        return value
    for char in value:
        if unprintable(char):
            shown = repr(char) if not char.isprintable() else f"U+{ord(char):04X}"
            raise BadInput(
                f"{what} {quoted(value)} contains the unprintable character {shown}; "
                "names hold letters, digits, spaces and punctuation only"
            )
    return value


# Both are pure and replay calls them for every event with the same few names (a fifth of a
# verify's time uncached). lru_cache keeps only results: a refusal is raised again each time.
@lru_cache(maxsize=4096)
def check_name(value: str, what: str) -> str:
    """Return a cleaned name, or raise BadInput saying what is wrong with it."""
    name = value.strip()
    if not name:
        raise BadInput(f"{what} must not be empty")
    if len(name) > MAX_NAME_LENGTH:
        raise BadInput(f"{what} {quoted(name)} is longer than {MAX_NAME_LENGTH} characters")
    for char in name:
        # C*: control, format (bidi overrides), surrogates, unassigned; Zl/Zp: line breaks.
        if unicodedata.category(char)[0] == "C" or unicodedata.category(char) in ("Zl", "Zp"):
            raise BadInput(f"{what} {quoted(name)} contains the unprintable character {char!r}")
    return name


@lru_cache(maxsize=4096)
def name_key(name: str) -> str:
    """Lookup key: case, Unicode form, runs of spaces and apostrophe style do not matter
    ("Café" typed either way, typographic quotes match ')."""
    key = " ".join(unicodedata.normalize("NFKC", name).casefold().split())
    return key.replace("\u2019", "'").replace("\u2018", "'")


def check_amount(value: int, what: str, maximum: int, *, allow_zero: bool = False) -> int:
    """Amounts are whole numbers from 1 (or 0, for a cost) to a sane maximum."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(f"{what} must be a whole number, not {value!r}")
    low = 0 if allow_zero else 1
    if not low <= value <= maximum:
        raise OutOfRange(f"{what} must be from {low} to {maximum}, not {value}")
    return value


def did_you_mean(text: str, names: Iterable[str], limit: int = 3) -> str:
    """ " Did you mean 'Torrax'?" for a name that is not known, naming the closest of ``names``
    (compared as ``name_key`` compares them, so "Zuva Sai" finds "Zuva'Sai"); "" when none is
    close. The names are quoted and escaped: a refusal never guesses, it only suggests."""
    import difflib  # only when a name is not found

    by_key: dict[str, str] = {}
    for name in names:
        by_key.setdefault(name_key(name), name)
    close = difflib.get_close_matches(name_key(text), by_key, n=limit, cutoff=0.6)
    if not close:
        return ""
    return " Did you mean " + " or ".join(quoted(by_key[key]) for key in close) + "?"
