"""A stored event: the envelope columns, the payload text and the hash chain."""

import hashlib

import msgspec

GENESIS = "0" * 64


class Row(msgspec.Struct, frozen=True, kw_only=True):
    """One row of the `events` table, exactly as stored."""

    campaign: str
    seq: int
    command: int  # seq of the first event of the command that wrote this one
    type: str
    schema: int
    plugin: str
    plugin_version: str
    recorded_at: str
    step_kind: str | None
    step_number: int | None
    scenario: int | None
    hero: str | None
    idempotency_key: str | None
    payload: str
    prev_hash: str
    hash: str = ""

    def sealed(self) -> "Row":
        return msgspec.structs.replace(self, hash=content_hash(self))


COLUMNS = tuple(Row.__struct_fields__)


def content_hash(row: Row) -> str:
    """SHA-256 over the canonical bytes of every column but the hash (prev_hash included)."""
    fields = msgspec.structs.asdict(row)
    del fields["hash"]
    return hashlib.sha256(msgspec.json.encode(fields, order="sorted")).hexdigest()
