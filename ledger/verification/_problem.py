"""What verify reports: where (campaign, event) and what is wrong, in words a player reads."""

import msgspec


class Problem(msgspec.Struct, frozen=True):
    """One thing ``verify`` found wrong: the campaign (None: the file itself), the event
    where known, and what is wrong."""

    campaign: str | None
    seq: int | None
    message: str

    def __str__(self) -> str:
        where = f"campaign {self.campaign!r}" if self.campaign else "database"
        at = f", event #{self.seq}" if self.seq is not None else ""
        return f"{where}{at}: {self.message}"
