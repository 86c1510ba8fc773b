"""Runs the CLI and reports its peak memory on stderr (``peak-kb N``), for the bench.

A child's ``ru_maxrss`` also counts the pages of the parent it was forked from, so the bench
reads the high-water mark of the CLI's own address space (``VmHWM``) instead, and adds the
largest peak of the processes the CLI forked (verify checks a long campaign's second half
in one): an upper bound of both at once, since the child's peak counts the pages it shares.
"""

import atexit
import resource
import sys


def _report() -> None:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # fallback off Linux
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    peak = int(line.split()[1])
    except OSError:
        pass
    forked = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    sys.stderr.write(f"\npeak-kb {peak + forked}\n")


if __name__ == "__main__":
    atexit.register(_report)
    from ledger_cli.app import main

    sys.argv = ["campaign-ledger", *sys.argv[1:]]
    main()
