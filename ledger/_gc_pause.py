"""The cyclic garbage collector paused around bulk work that makes no garbage cycles.

Importing 100,000 events keeps every row, event and state alive until the one transaction
that writes them; each full collection then walks all of them again, a third of the import's
time (docs/performance.md, target 2). Reference counting still frees everything as usual;
collection resumes, as it was, when the block ends.
"""

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
