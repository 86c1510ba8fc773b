"""A witness: the head a device (or a person) remembered, ``SEQ:HASH``. The hash chain alone
proves only that a history is consistent with itself: whoever can write the file can change
an event and re-hash every event after it, and ``verify`` passes. A witness kept outside the
file says what event SEQ hashed to when it was seen; a history changed at SEQ or before it
hashes otherwise there, whatever was re-hashed."""

import re

import msgspec

from ledger.errors import BadInput
from ledger.storage import EventStore, content_hash
from ledger.verification._problem import Problem

_WITNESS = re.compile(r"([0-9]{1,16}):([0-9a-f]{64})")


class Witness(msgspec.Struct, frozen=True):
    """Event ``seq`` hashed to ``hash`` when it was seen."""

    seq: int
    hash: str

    def __str__(self) -> str:
        return f"{self.seq}:{self.hash}"


def parse_witness(text: str) -> Witness:
    """``SEQ:HASH`` (as every web answer's X-Ledger-Head header gives it), or BadInput."""
    found = _WITNESS.fullmatch(text.strip().lower())
    if found is None or int(found.group(1)) < 1:
        raise BadInput(
            f"a witness is SEQ:HASH (an event number, a colon, its 64-character hash, as the "
            f"web app's X-Ledger-Head header shows it), not {text!r}"
        )
    return Witness(int(found.group(1)), found.group(2))


def witness_problem(store: EventStore, campaign: str, witness: Witness) -> Problem | None:
    """None if the campaign's event ``witness.seq`` is stored with the witness's hash and
    hashes to it; else what is wrong."""
    rows = store.rows(campaign, after=witness.seq - 1, upto=witness.seq)
    short = f"{witness.hash[:12]}..."
    if not rows:
        head = store.head(campaign)
        ends = f"#{head.seq}" if head else "before its first event"
        return Problem(
            campaign,
            witness.seq,
            f"the witness {witness.seq}:{short} names an event this file does not hold (its "
            f"history ends at {ends}): the history was cut short or replaced",
        )
    (row,) = rows
    computed = content_hash(row)
    if row.hash != witness.hash or computed != witness.hash:
        return Problem(
            campaign,
            witness.seq,
            f"hashes to {computed[:12]}..., not {short} as the witness remembered it: the "
            "history was changed at this event or before it (and re-hashed to look whole)",
        )
    return None
