"""Work on a second core: a forked child computes one value while the parent goes on.

Only a speed-up: whenever the child cannot be started or gives no answer (no fork on this
system, threads that a fork could leave holding locks, a crash), the caller is told so and
does the work itself."""

import gc
import os
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import msgspec


def can_fork() -> bool:
    """A fork copies only the calling thread: with others running it could copy a lock one
    of them holds, which the child would wait on for ever. Only on Linux (elsewhere system
    libraries start threads Python cannot see), and only with a second CPU to run on."""
    return (
        sys.platform == "linux"
        and threading.active_count() == 1
        and len(os.sched_getaffinity(0)) > 1
    )


class Child:
    def __init__(self, pid: int, pipe: int) -> None:
        self.pid, self._pipe = pid, pipe
        self.done = False

    def result(self, kind: Any) -> Any | None:
        """The child's value decoded as ``kind``, or None if it gave none."""
        chunks = []
        while chunk := os.read(self._pipe, 1 << 16):  # interrupted: stop() kills and reaps
            chunks.append(chunk)
        if self._reap() != 0:
            return None
        try:
            return msgspec.msgpack.decode(b"".join(chunks), type=kind)
        except msgspec.DecodeError:
            return None

    def _reap(self) -> int:
        self.done = True
        os.close(self._pipe)
        try:
            return os.waitstatus_to_exitcode(os.waitpid(self.pid, 0)[1])
        except ChildProcessError:  # SIGCHLD ignored: the system reaped it, its status is lost
            return -1

    def stop(self) -> None:
        if not self.done:
            import signal

            os.kill(self.pid, signal.SIGKILL)
            self._reap()


@contextmanager
def forked(work: Callable[[], object]) -> Iterator[Child | None]:
    """Runs ``work`` in a forked child; yields None (nothing started) if forking is not safe.
    The child's value must encode with msgpack; a child still running at exit is killed."""
    if not can_fork():
        yield None
        return
    import signal  # only when a child is started: not by every verify

    read, write = os.pipe()
    # No signal handler may run in the child before it is inside its try (it would unwind
    # into the parent's code): signals wait until each side has set itself up.
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, signal.valid_signals())
    pid = os.fork()
    if pid == 0:  # the child: compute, answer, and leave without running any cleanup
        status = 1
        try:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
            gc.disable()
            os.close(read)
            data = msgspec.msgpack.encode(work())
            while data:
                data = data[os.write(write, data) :]
            status = 0
        finally:
            os._exit(status)
    signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
    os.close(write)
    child = Child(pid, read)
    try:
        yield child
    finally:
        child.stop()
