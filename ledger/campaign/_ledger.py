"""A ledger file: any number of campaigns in one SQLite database."""

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlite_utils import Database

from ledger.campaign._campaign import Campaign, Clock, utc_now
from ledger.campaign._undo_history import History
from ledger.errors import BadInput, NotFound
from ledger.hosting import (
    Registry,
    apply_plugin_migrations,
    default_registry,
    refuse_if_vetoed,
    vetoes,
    write,
)
from ledger.model import CampaignCreated, CampaignState
from ledger.storage import GENESIS, EventStore, open_database
from ledger.text import check_name, check_text, name_key, quoted

SNAPSHOT_INTERVAL = 100


class Ledger:
    """A ledger file, opened with ``Ledger.open(path)``: its campaigns (``campaign(name)``,
    ``create_campaign(name)``), the plugins' ``registry`` and the event ``store``."""

    def __init__(
        self,
        db: Database,
        registry: Registry | None = None,
        *,
        snapshot_interval: int = SNAPSHOT_INTERVAL,
        clock: Clock = utc_now,
    ) -> None:
        self.db = db
        self.store = EventStore(db)
        self.registry = registry or default_registry()
        self.snapshot_interval = snapshot_interval
        self.clock = clock
        self.head_states: dict[str, tuple[str, CampaignState]] = {}  # campaign: (head hash, state)
        self.head_histories: dict[str, tuple[str, History]] = {}  # campaign: (head hash, …)
        self._found: dict[str | None, Campaign] = {}  # name asked for (key): the campaign
        self.file_identity: tuple[int, int] | None = None  # (device, inode) when opened
        # What the command being run is, as its face describes it (the CLI: its command
        # line), to tell a retry under an idempotency key from another command.
        self.command_fingerprint: Callable[[], str | None] | None = None
        try:
            apply_plugin_migrations(db, self.registry.pm, strict=self.registry.strict)
        except BaseException:
            db.close()
            raise

    @classmethod
    def open(
        cls,
        path: Path | str,
        registry: Registry | None = None,
        *,
        create: bool = True,
        snapshot_interval: int = SNAPSHOT_INTERVAL,
        clock: Clock = utc_now,
    ) -> "Ledger":
        ledger = cls(
            open_database(path, create=create),
            registry,
            snapshot_interval=snapshot_interval,
            clock=clock,
        )
        opened = os.stat(path)
        ledger.file_identity = (opened.st_dev, opened.st_ino)
        return ledger

    def close(self) -> None:
        self.db.close()

    def campaigns(self) -> list[str]:
        return self.store.campaigns()

    @contextmanager
    def write_lock(self) -> Iterator["Ledger"]:
        """Hold the file's write lock while a command reads and records, so it cannot lose a
        race (other writers wait, up to the busy timeout); it commits when the block ends."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self
        except BaseException:
            self.db.conn.rollback()
            raise
        self.db.conn.commit()

    def create_campaign(self, name: str) -> Campaign:
        name = check_name(check_text(name, "campaign name"), "campaign name")
        if any(name_key(existing) == name_key(name) for existing in self.campaigns()):
            raise BadInput(f"a campaign named {quoted(name)} already exists")
        campaign = Campaign(self, name)
        event = CampaignCreated(name=name)
        recorded_at = self.clock().isoformat(timespec="microseconds")
        state = event.apply(CampaignState())
        refuse_if_vetoed(vetoes(self.registry, CampaignState(), event))
        row = campaign.make_row(event, 1, 1, state, GENESIS, recorded_at)
        write(self.registry.pm, self.store, [(row, event, state)])
        self._found.clear()  # "the only campaign" may not be the only one any more
        return campaign

    def campaign(self, name: str | None = None) -> Campaign:
        """The named campaign, or the only one in the file.

        Found once per Ledger (a batch asks on every line, and reading the names is a query):
        campaigns are never deleted, and "the only one" stays the one this Ledger first found
        even if another process adds a second campaign meanwhile."""
        key = None if name is None else name_key(name)
        found = self._found.get(key)
        if found is None:
            found = self._found[key] = self._find_campaign(name)
        return found

    def _find_campaign(self, name: str | None) -> Campaign:
        names = self.campaigns()
        if name is None:
            if len(names) == 1:
                return Campaign(self, names[0])
            if not names:
                raise NotFound(
                    "this ledger has no campaign yet; create one with `campaign new NAME`"
                )
            raise BadInput(
                f"this ledger holds {len(names)} campaigns ({', '.join(names)}); "
                "choose one with --campaign NAME or LEDGER_CAMPAIGN"
            )
        for existing in names:
            if name_key(existing) == name_key(name):
                return Campaign(self, existing)
        raise NotFound(
            f"no campaign named {quoted(name)} (campaigns: {', '.join(names) or 'none'})"
        )

    def __enter__(self) -> "Ledger":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
