"""What a route asks the recorder for: a command text (the command box's line), a structured
action by name with its JSON intent, or an undo or redo of what the caller saw. Each is a
msgspec Struct: its JSON is what an idempotency key is remembered with."""

from typing import Any, Literal

import msgspec


class CommandText(msgspec.Struct, frozen=True, omit_defaults=True, forbid_unknown_fields=True):
    """A line of the command box (docs/web.md): ``damage Torrax 3``, ``undo --command 42``.
    ``seen``: the head of the page the line was typed on; a plain ``undo`` or ``redo`` there
    is of the last command that page showed (refused when the table moved on)."""

    text: str
    seen: int | None = None


class ActionCall(msgspec.Struct, frozen=True):
    """A structured action: its name (``register_actions``) and its intent as JSON."""

    name: str
    intent: dict[str, Any] = {}


class MetaCall(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """An undo or a redo: the last ``count`` commands, or the named ``commands`` (their
    first events' seqs); ``seen`` is the head the caller saw ("the last command, if the
    head is still #H")."""

    verb: Literal["undo", "redo"]
    count: int = 1
    commands: tuple[int, ...] = ()
    seen: int | None = None


Call = CommandText | ActionCall | MetaCall
