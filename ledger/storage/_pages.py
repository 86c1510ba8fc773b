"""A campaign's rows read a page at a time: a long campaign is never loaded whole. Events are
append-only, so pages read up to a head seq read earlier see one history."""

from collections.abc import Iterator

from ledger.storage._rows import Row, Values
from ledger.storage._store import EventStore

PAGE = 500  # rows read at a time: memory stays flat, and a page stays in the CPU cache
# while the chain, history and fold checks each go over it (2,000 took 8% longer)


def rows(store: EventStore, campaign: str, upto: int) -> Iterator[Row]:
    """Rows with seq <= upto, in order."""
    for after in range(0, upto, PAGE):
        yield from store.rows(campaign, after=after, upto=min(after + PAGE, upto))


def values(
    store: EventStore, campaign: str, after: int, upto: int, columns: tuple[str | None, ...]
) -> Iterator[list[Values]]:
    """Rows with after < seq <= upto, a page at a time, as plain tuples in ``rows.VALUES``
    order (the columns not asked for read as NULL): verify builds no Row for 100,000s."""
    for start in range(after, upto, PAGE):
        yield store.values(campaign, start, min(start + PAGE, upto), columns)
