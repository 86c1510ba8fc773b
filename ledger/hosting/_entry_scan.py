"""Whether any installed distribution may declare a campaign-ledger entry point, cheaply.

``importlib.metadata`` costs about 10-40 ms to import and scan on every start-up
(docs/performance.md, target 6), most often to find no expansion at all. This looks for the
group's header in the ``entry_points.txt`` files on ``sys.path`` and answers False only when it
is sure: any path entry it cannot read as a plain folder (a zip, an unusual finder) answers
True, and the caller then asks ``importlib.metadata`` as before.
"""

import os
import sys


def may_declare(group: str) -> bool:
    header = f"[{group}]".encode()  # ASCII: in the bytes exactly when in the text decoded
    for entry in sys.path:
        try:
            found = os.scandir(entry or ".")
        except FileNotFoundError:
            continue  # importlib.metadata finds nothing there either
        except OSError:
            return True  # a zip file or the like: not read here
        with found:
            for item in found:
                if not item.name.endswith((".dist-info", ".egg-info")):
                    continue
                try:
                    if _holds(f"{item.path}/entry_points.txt", header):
                        return True
                except OSError:
                    return True
    return False


def _holds(path: str, header: bytes) -> bool:
    """Whether the file ``path`` (if there is one) holds ``header``. Read with ``os`` calls: a
    file object for each of a site's distributions was a third of this check."""
    try:
        descriptor = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        return False
    try:
        chunks = []
        while chunk := os.read(descriptor, 1 << 16):
            chunks.append(chunk)
    finally:
        os.close(descriptor)
    return header in b"".join(chunks)
