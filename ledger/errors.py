"""Errors a player or plugin author can act on. Only the CLI turns them into exit codes."""


class LedgerError(Exception):
    """Base class: the message is written for the player and names what is wrong."""

    seq: int | None = None  # the stored event it is about, when a replay raised it

    def __str__(self) -> str:
        message = super().__str__()
        return f"event #{self.seq}: {message}" if self.seq is not None else message


class RuleViolation(LedgerError):
    """The event would break a rule of the game; nothing is written."""


class BadInput(LedgerError):
    """A name, amount, reference or file is malformed."""


class NotFound(LedgerError):
    """A campaign, Hero, item, step or event that does not exist."""


class ConflictError(LedgerError):
    """Another writer appended to the campaign first; nothing was written."""


class IntegrityError(LedgerError):
    """Stored history does not verify: a hash, a link or a snapshot is wrong."""


class PluginError(LedgerError):
    """A plugin is missing, broken or registers something another plugin already did."""
