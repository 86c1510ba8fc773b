"""The console script's entry point: the command line imported with the cycle collector
paused. Importing it makes some 100,000 objects (Struct classes, click's, the plugins'), none
of them garbage, and each collection on the way walked them all again (docs/performance.md,
target 6); ``ledger_cli.app.main`` freezes them once the plugins are loaded.

The process ends here once the command is done and every exit handler has run: the
interpreter's teardown would free each of those objects one by one, a few milliseconds
that no command needs (the operating system takes the memory back whole)."""

import atexit
import gc
import os
import sys
from typing import NoReturn


def main() -> NoReturn:
    gc.disable()
    try:
        from ledger_cli.app import main as run
    finally:
        # What importing made lives to the end: frozen, no collection walks it. Enabled as
        # it was, the collector's next allocation would walk every object allocated while
        # it was paused (its young generation keeps them all).
        gc.freeze()
        gc.enable()
    try:
        run()
    except SystemExit as ended:
        end(ended.code)
    end(None)


def end(code: str | int | None) -> NoReturn:
    """Ends the process with ``code`` as ``sys.exit(code)`` would, without the interpreter's
    teardown: the exit handlers run (a plugin's, logging's, a temporary directory's), the
    standard streams are flushed, then ``os._exit``. Where that could lose anything (another
    thread still running, a stream that cannot be flushed, a profiler or coverage tool that
    writes its figures once the command returns) it is ``sys.exit`` itself."""
    run_handlers = getattr(atexit, "_run_exitfuncs", None)  # CPython's, since 3.0
    threading = sys.modules.get("threading")
    if (
        run_handlers is None
        or (threading is not None and threading.active_count() > 1)
        or sys.getprofile() is not None
        or sys.gettrace() is not None
    ):
        sys.exit(code)
    if code is not None and not isinstance(code, int):
        print(code, file=sys.stderr)  # as sys.exit prints a message
        code = 1
    run_handlers()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        sys.exit(code)  # the interpreter reports it, as before
    os._exit(code or 0)
