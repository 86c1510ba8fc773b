"""Live updates: one watcher per server notices a new head in the file, whoever wrote it (this
server, another one, the CLI), and tells every open page within a fraction of a second, as a
server-sent event::

    event: head
    data: {"campaign": "Moonsilver", "seq": 42}

A page reloads what it shows when ``seq`` is not the one it shows (static/live.js turns the
event into the htmx event ``ledger:changed`` on <body>; one tab of a browser holds the stream
and passes it to the others)."""

import asyncio
import threading
from collections.abc import AsyncIterator
from pathlib import Path

import msgspec
from starlette.requests import Request
from starlette.responses import StreamingResponse

from ledger.campaign import Ledger
from ledger.errors import LedgerError
from ledger.hosting import Registry
from ledger.storage import sqlite3

POLL_SECONDS = 0.1
KEEPALIVE_SECONDS = 15.0


class Hub:
    """The watcher thread and the queues of the pages listening."""

    def __init__(self, database: Path, campaign: str | None, registry: Registry) -> None:
        self.database = database
        self.campaign_name = campaign
        self.registry = registry
        self.head: dict[str, object] | None = None
        self._listeners: set[asyncio.Queue[dict[str, object] | None]] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def listening(self) -> int:
        """How many event streams are open (one per browser: its tabs share one)."""
        return len(self._listeners)

    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._thread = threading.Thread(target=self._watch, name="ledger-live", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
        for queue in list(self._listeners):
            queue.put_nowait(None)

    def end_streams(self) -> None:
        """End every open event stream (the server is stopping: the pages reconnect to the
        next one), from any thread."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._announce, None)

    def _watch(self) -> None:
        ledger: Ledger | None = None
        try:
            while not self._stop.is_set():
                try:
                    if ledger is None:
                        ledger = Ledger.open(self.database, self.registry, create=False)
                    campaign = ledger.campaign(self.campaign_name)
                    head = {"campaign": campaign.name, "seq": campaign.head().seq}
                except (LedgerError, sqlite3.Error, OSError):
                    head = None  # no campaign yet, or the file is busy: look again soon
                if head is not None and head != self.head:
                    self.head = head
                    if self._loop is not None:
                        self._loop.call_soon_threadsafe(self._announce, head)
                self._stop.wait(POLL_SECONDS)
        finally:
            if ledger is not None:
                ledger.close()

    def _announce(self, head: dict[str, object] | None) -> None:
        for queue in self._listeners:
            queue.put_nowait(head)

    async def stream(self, request: Request) -> AsyncIterator[bytes]:
        queue: asyncio.Queue[dict[str, object] | None] = asyncio.Queue()
        self._listeners.add(queue)
        try:
            yield b"retry: 1000\n\n"
            if self.head is not None:
                yield _event(self.head)
            while True:
                try:
                    head = await asyncio.wait_for(queue.get(), KEEPALIVE_SECONDS)
                except TimeoutError:
                    yield b": keep-alive\n\n"
                    continue
                if head is None:
                    return
                yield _event(head)
        finally:
            self._listeners.discard(queue)


def _event(head: dict[str, object]) -> bytes:
    return b"event: head\ndata: " + msgspec.json.encode(head) + b"\n\n"


async def events(request: Request) -> StreamingResponse:
    """GET /events: the server-sent events of the campaign's head."""
    hub: Hub = request.app.state.web.hub
    return StreamingResponse(
        hub.stream(request),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )
