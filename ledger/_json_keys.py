"""Duplicate keys in JSON read from outside: ``{"amount": 2, "amount": 500}`` is 500 to the
ledger's decoder and 2 to SQLite's ``json_extract``, so such text is refused.

Checked cheaply first: in JSON without a backslash every quoted string is whole, and one
followed by a colon is a key, so distinct key tokens prove there is no duplicate. Anything
else (an escape, or one key in two objects) is parsed exactly."""

import re
from typing import Any

from ledger.errors import BadInput
from ledger.text import quoted

_KEY = re.compile(r'"([^"\\]*)"\s*:')


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise BadInput(
                f"the key {quoted(key)} appears twice in one object; readers disagree on "
                "which value counts, so it is refused"
            )
        seen[key] = value
    return seen


def duplicate_keys(text: str) -> None:
    """Raise BadInput if an object in the JSON ``text`` has a key twice."""
    if "\\" not in text:
        keys = _KEY.findall(text)
        if len(keys) == len(set(keys)):
            return
    import json  # only for text the cheap check cannot prove (json is 6 M instructions)

    try:
        json.loads(text, object_pairs_hook=_pairs)
    except (ValueError, RecursionError):
        return  # not JSON at all: the decoder that reads it next says what is wrong
