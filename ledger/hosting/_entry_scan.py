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
        folder = entry or "."
        if not os.path.exists(folder):
            continue  # importlib.metadata finds nothing there either
        if not os.path.isdir(folder):
            return True  # a zip file or the like: not read here
        try:
            names = os.listdir(folder)
        except OSError:
            return True
        for name in names:
            if not name.endswith((".dist-info", ".egg-info")):
                continue
            path = os.path.join(folder, name, "entry_points.txt")
            try:
                with open(path, "rb") as file:  # not decoded: half the time of a text read
                    if header in file.read():
                        return True
            except FileNotFoundError:
                continue
            except OSError:
                return True
    return False
