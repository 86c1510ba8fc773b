"""Errors a player or plugin author can act on. Only the CLI turns them into exit codes."""

from collections.abc import Iterable, Mapping


class LedgerError(Exception):
    """Base class: the message is written for the player and names what is wrong.

    A message that names something the caller gave, or another action to take, writes it as
    a field, ``{name}``, listed in ``fields``, so that each face can say it in its own words:

        BadInput("{heal} must be from 0 to 99, not 300", fields=["heal"])

    A field is an argument of the action refusing (``heal``, ``spend``) or another action
    (``open_group_check``). ``str(error)`` writes each by that name, as a Python caller knows
    it ("heal must be from 0 to 99, not 300"); a face with words of its own calls
    ``error.worded(words)``: the CLI gives each argument as the running command's option
    (``--heal``, ``--spend-stamina``) or argument (``TARGET``), and each action as its command
    (```group-step open```). A field a face has no words for keeps its name. Only ``{name}``
    for a listed field is replaced; any other text (a name a player typed) is left as it is.
    """

    seq: int | None = None  # the stored event it is about, when a replay raised it

    def __init__(self, message: str = "", *, fields: Iterable[str] = ()) -> None:
        self.template = message
        self.fields = tuple(fields)
        super().__init__(self._filled({}))  # args[0]: the message as a Python caller reads it

    def __str__(self) -> str:
        message = super().__str__()
        return f"event #{self.seq}: {message}" if self.seq is not None else message

    def worded(self, words: Mapping[str, str]) -> str:
        """``str(self)`` with each field in a face's own ``words`` where it has some; also
        the fields of the error it was raised from, when its message quotes that one's (undo
        refused because a later event would not stand: that event's refusal)."""
        message = str(self)
        error: BaseException | None = self
        while error is not None:
            if isinstance(error, LedgerError) and error.fields:
                message = message.replace(error._filled({}), error._filled(words), 1)
            error = error.__context__
        return message

    def _filled(self, words: Mapping[str, str]) -> str:
        message = self.template
        for field in self.fields:
            message = message.replace(f"{{{field}}}", words.get(field, field))
        return message


class RuleViolation(LedgerError):
    """The event would break a rule of the game; nothing is written."""


class BadInput(LedgerError):
    """A name, amount, reference or file is malformed."""


class OutOfRange(BadInput, RuleViolation):
    """A number outside what the input or the rules allow (\"damage must be from 1 to 99, not
    -2\"): a face treats it as a mistake in how the command was written (the CLI: exit 2)."""


class NotFound(LedgerError):
    """A campaign, Hero, item, step or event that does not exist."""


class ConflictError(LedgerError):
    """Another writer appended to the campaign first; nothing was written."""


class IntegrityError(LedgerError):
    """Stored history does not verify: a hash, a link or a snapshot is wrong."""


class PluginError(LedgerError):
    """A plugin is missing, broken or registers something another plugin already did."""
