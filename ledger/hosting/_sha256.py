"""SHA-256 for what start-up hashes (the fingerprint, the state's kept shape): CPython's own
implementation, which is always built in. ``hashlib`` would load OpenSSL first, 10 M
instructions of every command (docs/performance.md, target 6); the digests are the same."""

from collections.abc import Callable
from importlib import import_module
from typing import Any


def _builtin() -> Callable[[bytes], Any]:
    for name in ("_sha256", "_sha2"):  # the module's name up to Python 3.11, and since
        try:
            return import_module(name).sha256  # type: ignore[no-any-return]
        except (ImportError, AttributeError):
            continue
    from hashlib import sha256  # another Python: hashlib's own

    return sha256


sha256 = _builtin()
