"""Collection is paused only inside the block and comes back as it was, even on an error."""

import gc

import pytest

from ledger._gc_pause import gc_paused


def test_collection_resumes_as_it_was() -> None:
    seen: list[bool] = []

    def fail() -> None:
        with gc_paused():
            seen.append(gc.isenabled())
            raise ValueError("boom")

    assert gc.isenabled()
    with pytest.raises(ValueError, match="boom"):
        fail()
    assert seen == [False]
    assert gc.isenabled()
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()  # it was off before: left off
    finally:
        gc.enable()
