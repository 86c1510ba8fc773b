"""Ledger work off the event loop.

A SQLite connection belongs to the thread that opened it, so each worker thread keeps an App
of its own (its connection and its cache of the state at the head). Reads run on a few
threads at once; every write of this server runs on one writer thread, so the server's own
writes never race each other and the writer's state stays warm. Another process (the CLI)
may still record meanwhile: recording retries after a lost race, as the CLI does."""

import asyncio
import functools
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

import pluggy

from ledger.hosting import Registry
from ledger_cli.helpers import App

T = TypeVar("T")
READERS = 4


class Ledgers:
    def __init__(self, pm: pluggy.PluginManager, database: Path, campaign: str | None) -> None:
        self.pm = pm
        self.database = database
        self.campaign_name = campaign
        # shared: read-only once built; a plugin whose content fails is left out (the CLI warns)
        self.registry = Registry(pm, strict=False)
        self._local = threading.local()
        self._apps: list[App] = []
        self._lock = threading.Lock()
        self._readers = ThreadPoolExecutor(READERS, thread_name_prefix="ledger-read")
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="ledger-write")

    def app(self) -> App:
        """This thread's App (opened on first use)."""
        app: App | None = getattr(self._local, "app", None)
        if app is None:
            app = App(self.pm, database=self.database, campaign_name=self.campaign_name)
            app._registry = self.registry
            self._local.app = app
            with self._lock:
                self._apps.append(app)
        return app

    async def read(self, work: Callable[[App], T]) -> T:
        """``work(app)`` on a reader thread."""
        return await self._run(self._readers, work)

    async def write(self, work: Callable[[App], T]) -> T:
        """``work(app)`` on the writer thread, after every write submitted before it."""
        return await self._run(self._writer, work)

    async def _run(self, pool: ThreadPoolExecutor, work: Callable[[App], T]) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(pool, functools.partial(self._call, work))

    def _call(self, work: Callable[[App], T]) -> T:
        app = self.app()
        app.idempotency_key = app.expect_seq = None  # what a request before may have set
        return work(app)

    def close(self) -> None:
        """Wait for work under way; each connection closes with its thread's App."""
        self._writer.shutdown(wait=True)
        self._readers.shutdown(wait=True)
        with self._lock:
            self._apps.clear()
