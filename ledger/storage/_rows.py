"""A stored event: the envelope columns, the payload text and the hash chain."""

import operator
from collections.abc import Iterable
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

# verify and the fold read rows as plain tuples in this order (the hashed columns, then the
# hash): hashing one is then a single call, with no Row built.
VALUES = (*_Hashed.__struct_fields__, "hash")
AT = {column: index for index, column in enumerate(VALUES)}
_HASHED = len(_Hashed.__struct_fields__)


def hashes(rows: Iterable[Values]) -> list[str]:
    """The hash of each row (a tuple in the order of ``VALUES``): SHA-256 over the canonical
    bytes of every column but the hash (prev_hash included), the JSON object of those
    columns with sorted keys. Each row is encoded into one buffer, reused: no bytes object
    per row (verify hashes 100,000s)."""
    import hashlib  # only to write or prove rows: a read's start-up loads no OpenSSL

    buffer = bytearray()
    encode_into, sha256 = _encoder.encode_into, hashlib.sha256
    found = []
    for values in rows:
        encode_into(_Hashed(*values[:_HASHED]), buffer)  # the buffer becomes exactly this
        found.append(sha256(buffer).hexdigest())
    return found


_as_values = operator.itemgetter(*(COLUMNS.index(column) for column in VALUES))


def row_values(row: Row) -> Values:
    """The row as a tuple in the order of ``VALUES``, as verify and the fold read rows."""
    values: Values = _as_values(msgspec.structs.astuple(row))
    return values


def content_hash(row: Row) -> str:
    """The row's hash, as ``hashes`` defines it."""
    return hashes((row_values(row),))[0]
