"""What a request carries is read strictly: every number by one parser (ASCII digits only,
within bounds), every JSON body within a nesting depth. Anything else answers 400 naming
what is wrong, before any ledger work; never a server error.

``str.isdigit()`` is not a test for ``int()``: ``"²"`` passes the one and fails the other,
and ``int()`` takes digits of any script and numbers too large for SQLite."""

import re
from typing import Any, TypeVar

import msgspec
from starlette.exceptions import HTTPException

MAX_NUMBER = 2**53  # what a browser's JavaScript holds exactly; well inside SQLite's integers
DIGITS = re.compile(r"[0-9]{1,16}")  # ASCII digits only: re's \d takes every script's
T = TypeVar("T")


class Malformed(HTTPException):
    """A request the server cannot read: 400, with the reason."""

    def __init__(self, message: str) -> None:
        super().__init__(400, message)


def whole(text: str, name: str, *, low: int = 0, high: int = MAX_NUMBER) -> int:
    """``text`` as a whole number from ``low`` to ``high``, or Malformed naming ``name``."""
    if DIGITS.fullmatch(text):
        value = int(text)
        if low <= value <= high:
            return value
    shown = text if len(text) <= 40 else text[:40] + "..."
    bounds = f"{low} or more" if high == MAX_NUMBER else f"from {low} to {high}"
    raise Malformed(f"{name} is a whole number ({bounds}), not {shown!r}")


def integer(text: str) -> int | None:
    """``text`` as an integer if it is one (ASCII digits, a minus sign, within bounds),
    else None: for a value that may be a number or a word."""
    digits = text[1:] if text.startswith("-") else text
    if DIGITS.fullmatch(digits) and int(digits) <= MAX_NUMBER:
        return int(text)
    return None


def optional_whole(
    text: str | None, name: str, *, low: int = 0, high: int = MAX_NUMBER
) -> int | None:
    """``whole`` of ``text``, None for no text (absent or blank)."""
    if text is None or not text.strip():
        return None
    return whole(text.strip(), name, low=low, high=high)


def decode_json(body: bytes, kind: type[T] | None = None, *, what: str = "the body") -> Any:
    """``body`` decoded (as ``kind`` if given); msgspec's own errors are the caller's to word,
    nesting past the decoder's depth is Malformed here."""
    try:
        if kind is None:
            return msgspec.json.decode(body)
        return msgspec.json.decode(body, type=kind)
    except RecursionError:
        raise Malformed(
            f"{what} is nested too deeply: an intent is an object of values and short lists"
        ) from None
