"""A stored event: the envelope columns, the payload text and the hash chain."""

import hashlib
from collections.abc import Callable, Iterable
from typing import Any

import msgspec

GENESIS = "0" * 64
Values = tuple[Any, ...]  # a row read as a plain tuple, in the order of VALUES


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


class _Hashed(msgspec.Struct, frozen=True):
    """The columns a hash covers, in sorted order: encoding it gives the same bytes as a dict
    of those columns encoded with sorted keys (what the chain was defined with), faster."""

    campaign: str
    command: int
    hero: str | None
    idempotency_key: str | None
    payload: str
    plugin: str
    plugin_version: str
    prev_hash: str
    recorded_at: str
    scenario: int | None
    schema: int
    seq: int
    step_kind: str | None
    step_number: int | None
    type: str


_encoder = msgspec.json.Encoder()
_encode = _encoder.encode

# verify reads rows as plain tuples in this order (the hashed columns, then the hash): hashing
# one is then a single call, with no Row built.
VALUES = (*_Hashed.__struct_fields__, "hash")
AT = {column: index for index, column in enumerate(VALUES)}
_HASHED = len(_Hashed.__struct_fields__)


def content_hash(row: Row) -> str:
    """SHA-256 over the canonical bytes of every column but the hash (prev_hash included):
    the JSON object of those columns with sorted keys."""
    hashed = _Hashed(
        row.campaign,
        row.command,
        row.hero,
        row.idempotency_key,
        row.payload,
        row.plugin,
        row.plugin_version,
        row.prev_hash,
        row.recorded_at,
        row.scenario,
        row.schema,
        row.seq,
        row.step_kind,
        row.step_number,
        row.type,
    )
    return hashlib.sha256(_encode(hashed)).hexdigest()


def values_hash(values: tuple[Any, ...]) -> str:
    """``content_hash`` of a row read as a tuple in the order of ``VALUES``."""
    return hashlib.sha256(_encode(_Hashed(*values[:_HASHED]))).hexdigest()


def page_hasher() -> Callable[[Iterable[tuple[Any, ...]]], list[str]]:
    """``values_hash`` of each row of a page, encoding into one buffer it reuses: no bytes
    object and no call per row (verify hashes 100,000s). For one thread at a time."""
    buffer = bytearray()
    encode_into, sha256 = _encoder.encode_into, hashlib.sha256

    def hashes(page: Iterable[tuple[Any, ...]]) -> list[str]:
        found = []
        for values in page:
            encode_into(_Hashed(*values[:_HASHED]), buffer)  # the buffer becomes exactly this
            found.append(sha256(buffer).hexdigest())
        return found

    return hashes
