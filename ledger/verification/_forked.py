"""Work on a second core: a forked child computes one value while the parent goes on.

Only a speed-up: whenever the child cannot be started or gives no answer (no fork on this
system, threads that a fork could leave holding locks, a crash), the caller is told so and
does the work itself.

The child closes its end of the pipe once its answer is written, so the parent reads it
without waiting for the child's exit: the system frees a large child's memory before it
closes the files of one that just exits (milliseconds that were the parent's to wait). A
whole answer is one that decodes; the child is reaped when it has gone, at the latest at the
next fork or at this process's exit."""

import atexit
import gc
import os
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
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


_exiting: set[int] = set()  # children that answered and were still exiting: reaped later


def _reap_exited(*, wait: bool = False) -> None:
    for pid in list(_exiting):
        try:
            if os.waitpid(pid, 0 if wait else os.WNOHANG)[0] == 0:
                continue  # still exiting
        except ChildProcessError:  # SIGCHLD ignored: the system reaped it
            pass
        _exiting.discard(pid)


# At exit, long after it answered: its time then counts as this process's children's (time).
atexit.register(_reap_exited, wait=True)


class Child:
    def __init__(self, pid: int, pipe: int) -> None:
        self.pid, self._pipe = pid, pipe
        self.done = False  # reaped, or left to be reaped once it has gone
        self._answered = False

    def result(self, kind: Any) -> Any | None:
        """The child's value decoded as ``kind``, or None if it gave none (nothing, or not
        all of it: it failed or was killed before it closed the pipe)."""
        chunks = []
        while chunk := os.read(self._pipe, 1 << 16):  # interrupted: stop() kills and reaps
            chunks.append(chunk)
        self._answered = True
        try:
            return msgspec.msgpack.decode(b"".join(chunks), type=kind)
        except msgspec.DecodeError:
            return None

    def stop(self) -> None:
        """The child reaped if it has gone; one that answered may still be exiting (left to
        reap later), any other is killed first."""
        if self.done:
            return
        import signal  # only once a child was started: not by every verify

        self.done = True
        os.close(self._pipe)
        if not self._answered:
            os.kill(self.pid, signal.SIGKILL)
            with suppress(ChildProcessError):  # SIGCHLD ignored: the system reaped it
                os.waitpid(self.pid, 0)
            return
        if signal.getsignal(signal.SIGCHLD) != signal.SIG_IGN:  # else the system reaps it
            _exiting.add(self.pid)  # (and its pid, free again, could be another child's)
        _reap_exited()


@contextmanager
def forked(work: Callable[[], object]) -> Iterator[Child | None]:
    """Runs ``work`` in a forked child; yields None (nothing started) if forking is not safe.
    The child's value must encode with msgpack; a child still running at exit is killed."""
    if not can_fork():
        yield None
        return
    import signal  # only when a child is started: not by every verify

    _reap_exited()
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
            os.close(write)  # the answer is whole: the parent need not wait for this exit
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
