"""The one lost-race policy: a command that lost a race to another writer is decided again
against the new state, under the file's write lock, at most ATTEMPTS times in all.

Every face records through it (``Campaign.do``, the application service's ``do``, ``undo``
and ``redo``): a spend another process already made is refused by the rules the second time,
never applied twice. A conflict with the caller's own expected head is final: the caller saw a
campaign that is no longer there."""

import time
from collections.abc import Callable
from contextlib import nullcontext
from typing import TYPE_CHECKING, TypeVar

from ledger.errors import ConflictError

if TYPE_CHECKING:
    from ledger.campaign._ledger import Ledger

T = TypeVar("T")
ATTEMPTS = 5


def retried(ledger: "Ledger", attempt: Callable[[], T], *, expected_seq: int | None = None) -> T:
    """``attempt()``, again after a lost race, holding ``ledger``'s write lock from the second
    try on; it returns once the lock's block committed what it recorded."""
    for tries in range(1, ATTEMPTS + 1):
        lock = ledger.write_lock() if tries > 1 else nullcontext()
        try:
            with lock, ledger.store.steady():  # each try reads the file once as it stands
                return attempt()
        except ConflictError:
            if expected_seq is not None or tries == ATTEMPTS:
                raise
            import random  # only after a lost race: not in every command's start-up

            time.sleep(random.uniform(0, 0.01 * tries))
    raise AssertionError("unreachable")
