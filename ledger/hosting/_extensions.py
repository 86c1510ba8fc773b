"""What plugins hand the host besides content: upcasters for old event payloads and
migrations for their own tables."""

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import msgspec

if TYPE_CHECKING:
    from sqlite_utils import Database

Payload = dict[str, Any]


class Upcaster(msgspec.Struct, frozen=True):
    """Turns a stored payload of event type ``tag`` at schema ``from_schema`` into the payload
    of schema ``from_schema + 1``. Applied when the row is read; the row is never rewritten."""

    tag: str
    from_schema: int
    upcast: Callable[[Payload], Payload]


class Migration(msgspec.Struct, frozen=True):
    """One schema change of a plugin's own tables. ``name`` is unique within the plugin and
    never changes; migrations run in the order given, each once, in its own transaction.
    Tables should carry the plugin's prefix (``example_gadgets``)."""

    name: str
    apply: Callable[["Database"], None]
