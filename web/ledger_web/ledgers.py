"""Ledger work off the event loop.

A SQLite connection belongs to the thread that opened it, so each worker thread keeps a
``Service`` of its own (the core's application service: its connection and its cache of the
state at the head), all sharing one Registry. Reads run on a few threads at once; every write
of this server runs on one writer thread, so the server's own writes never race each other
and the writer's state stays warm. Another process (the CLI) may still record meanwhile: the
service decides again after a lost race (its one policy)."""

import asyncio
import contextlib
import contextvars
import functools
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

import pluggy

from ledger.hosting import Registry
from ledger.service import Service

T = TypeVar("T")
READERS = 4
CLOSE_SECONDS = 5.0  # how long a reader's close waits for the others at shutdown


class Ledgers:
    def __init__(self, pm: pluggy.PluginManager, database: Path, campaign: str | None) -> None:
        self.pm = pm
        self.database = database
        self.campaign_name = campaign
        # shared: read-only once built; a plugin whose content fails is left out (the CLI warns)
        self.registry = Registry(pm, strict=False)
        self._local = threading.local()
        self._services: list[Service] = []
        self._lock = threading.Lock()
        self._readers = ThreadPoolExecutor(READERS, thread_name_prefix="ledger-read")
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="ledger-write")

    def service(self) -> Service:
        """This thread's service (its file opened on first use)."""
        service: Service | None = getattr(self._local, "service", None)
        if service is None:
            service = Service(self.database, self.registry, campaign=self.campaign_name)
            self._local.service = service
            with self._lock:
                self._services.append(service)
        return service

    async def read(self, work: Callable[[Service], T]) -> T:
        """``work(service)`` on a reader thread."""
        return await self._run(self._readers, work)

    async def write(self, work: Callable[[Service], T]) -> T:
        """``work(service)`` on the writer thread, after every write submitted before it."""
        return await self._run(self._writer, work)

    async def _run(self, pool: ThreadPoolExecutor, work: Callable[[Service], T]) -> T:
        loop = asyncio.get_running_loop()
        # The worker draws words in the request's language (ledger_web.i18n's context).
        context = contextvars.copy_context()
        return await loop.run_in_executor(pool, context.run, functools.partial(self._call, work))

    def _call(self, work: Callable[[Service], T]) -> T:
        return work(self.service())

    def close(self) -> None:
        """After the work under way, each thread closes its own file (a SQLite connection is
        closed by the thread that opened it): the last close moves the WAL's commits into the
        database file and removes the -wal and -shm files, so a copy of the file alone holds
        every command."""
        self._writer.submit(self._close_mine).result()
        # One closing task per reader thread: each waits at the barrier for the others, so no
        # thread takes two (threads the pool had not started yet start with nothing open).
        barrier = threading.Barrier(READERS)
        closing = [self._readers.submit(self._close_mine, barrier) for _ in range(READERS)]
        for done in closing:
            done.result()
        self._writer.shutdown(wait=True)
        self._readers.shutdown(wait=True)
        with self._lock:
            self._services.clear()

    def _close_mine(self, barrier: threading.Barrier | None = None) -> None:
        service: Service | None = getattr(self._local, "service", None)
        if service is not None:
            self._local.service = None
            service.close()
        if barrier is not None:
            # A reader still busy past the timeout: its connection is left to the collector.
            with contextlib.suppress(threading.BrokenBarrierError):
                barrier.wait(timeout=CLOSE_SECONDS)
