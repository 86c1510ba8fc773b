"""The console script's entry point: the command line imported with the cycle collector
paused. Importing it makes some 100,000 objects (Struct classes, click's, the plugins'), none
of them garbage, and each collection on the way walked them all again (docs/performance.md,
target 6); ``ledger_cli.app.main`` freezes them once the plugins are loaded."""

import gc


def main() -> None:
    gc.disable()
    try:
        from ledger_cli.app import main as run
    finally:
        # What importing made lives to the end: frozen, no collection walks it. Enabled as
        # it was, the collector's next allocation would walk every object allocated while
        # it was paused (its young generation keeps them all).
        gc.freeze()
        gc.enable()
    run()
