"""A snapshot's stored text: the state with its Stock and Archive packed, so a snapshot's size
follows the distinct items they hold, not every copy ever put there.

A snapshot is ``[state, items, stock, archive]``: ``state`` with an empty Stock and Archive,
``items`` each distinct item once, and ``stock``/``archive`` runs as flat pairs (index into
``items``, copies), in order, so the packed text gives back exactly the state it was made from.
Snapshots written before (a JSON object: the whole state, one entry per copy) still read and
verify as they were written."""

from itertools import chain, groupby, repeat

import msgspec
from msgspec.structs import replace

from ledger.model import CampaignState, Item

Runs = tuple[int, ...]

_packed = msgspec.json.Decoder(tuple[CampaignState, tuple[Item, ...], Runs, Runs])
_plain = msgspec.json.Decoder(CampaignState)
_encoder = msgspec.json.Encoder()


def _runs(supply: tuple[Item, ...], table: dict[Item, int]) -> list[int]:
    runs: list[int] = []
    for item, same in groupby(supply):
        runs += (table.setdefault(item, len(table)), sum(1 for _ in same))
    return runs


def encode(state: CampaignState) -> str:
    """The text a snapshot of ``state`` stores."""
    if not state.stock and not state.archive:
        return _encoder.encode((state, (), (), ())).decode()
    table: dict[Item, int] = {}
    stock, archive = _runs(state.stock, table), _runs(state.archive, table)
    bare = replace(state, stock=(), archive=())
    return _encoder.encode((bare, tuple(table), stock, archive)).decode()


def _unpacked(items: tuple[Item, ...], runs: Runs) -> tuple[Item, ...]:
    pairs = zip(runs[::2], runs[1::2], strict=True)
    return tuple(chain.from_iterable(repeat(items[index], count) for index, count in pairs))


def decode(text: str) -> CampaignState:
    """The state a snapshot's text stores, packed or written before packing; raises
    msgspec.DecodeError (or IndexError, ValueError) when the text is damaged."""
    if not text.startswith("["):
        return _plain.decode(text)
    state, items, stock, archive = _packed.decode(text)
    if not stock and not archive:
        return state
    return replace(state, stock=_unpacked(items, stock), archive=_unpacked(items, archive))


def matches(stored: str | None, state: CampaignState, text: str) -> bool:
    """Whether the snapshot text ``stored`` holds ``state``, whose packed text is ``text``:
    a snapshot written before packing is compared with the state's plain JSON, as it was."""
    if stored is None or stored.startswith("["):
        return stored == text
    return stored == _encoder.encode(state).decode()
