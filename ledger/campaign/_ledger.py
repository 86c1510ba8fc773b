"""A ledger file: any number of campaigns in one SQLite database."""

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ledger.campaign._campaign import Campaign, Clock, utc_now
from ledger.campaign._lookalikes import refuse_lookalike
from ledger.campaign._names import CampaignInfo, catalogue
from ledger.campaign._undo_history import History
from ledger.errors import BadInput, IntegrityError, NotFound
from ledger.hosting import (
    Registry,
    apply_plugin_migrations,
    default_registry,
    refuse_if_vetoed,
    vetoes,
    write,
)
from ledger.model import CampaignCreated, CampaignState
from ledger.storage import GENESIS, Connection, EventStore, open_database
from ledger.text import check_name, check_text, name_key, quoted

SNAPSHOT_INTERVAL = 100


class Ledger:
    """A ledger file, opened with ``Ledger.open(path)``: its campaigns (``campaign(name)``,
    ``create_campaign(name)``), the plugins' ``registry`` and the event ``store``."""

    def __init__(
        self,
        db: Connection,
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

    def campaigns(self, *, archived: bool = False) -> list[str]:
        """The names the campaigns go by; archived ones only if ``archived``."""
        return [info.name for info in self.catalogue() if archived or not info.archived]

    def catalogue(self) -> list[CampaignInfo]:
        """Every campaign: its name, stored name, whether archived, where forked from."""
        return self.store.remembered("catalogue", lambda: catalogue(self.store))

    def check_name_free(self, name: str, *, besides: str | None = None) -> str:
        """``name`` as a campaign's new name, if no campaign goes by it or was created with
        it (its events keep that name), ``besides`` (a stored name) aside."""
        name = check_name(check_text(name, "campaign name"), "campaign name")
        key = name_key(name)
        others = [info for info in self.catalogue() if info.stored != besides]
        for info in others:
            if name_key(info.name) == key:
                hidden = " (archived)" if info.archived else ""
                raise BadInput(f"a campaign named {quoted(info.name)}{hidden} already exists")
            if name_key(info.stored) == key:
                raise BadInput(
                    f"campaign {quoted(info.name)} was created as {quoted(info.stored)} and its "
                    "events keep that name; choose another"
                )
        names = [each for info in others for each in (info.name, info.stored)]
        refuse_lookalike(name, names, "campaign ")
        return name

    def rename_campaign(self, old: str, new: str) -> CampaignInfo:
        """Campaign ``old`` goes by ``new`` from now on: a mark appended, its events kept
        as they are (their hashes cover the name they were recorded under)."""
        with self.write_lock():
            info = self.info(old)
            new = self.check_name_free(new, besides=info.stored)
            if new == info.name:
                raise BadInput(f"campaign {quoted(new)} already goes by that name")
            self.store.add_mark(info.stored, "renamed", new, self._now())
        self._found.clear()
        return self.info(new)

    def archive_campaign(self, name: str, *, archived: bool = True) -> CampaignInfo:
        """Hide campaign ``name`` from the default choice and the listing (``archived``),
        or show it again; nothing of it is deleted."""
        with self.write_lock():
            info = self.info(name)
            if info.archived == archived:
                state = "archived" if archived else "not archived"
                raise BadInput(f"campaign {quoted(info.name)} is already {state}")
            kind = "archived" if archived else "unarchived"
            self.store.add_mark(info.stored, kind, "", self._now())
        self._found.clear()
        return self.info(info.name)

    def campaigns_changed(self) -> None:
        """One was added or renamed: "the only campaign" and names are found again."""
        self._found.clear()

    def info(self, name: str) -> CampaignInfo:
        """The campaign going by ``name``, archived or not."""
        return self._info(self.catalogue(), name)

    def _now(self) -> str:
        return self.clock().isoformat(timespec="microseconds")

    @contextmanager
    def write_lock(self) -> Iterator["Ledger"]:
        """Hold the file's write lock while a command reads and records, so it cannot lose a
        race (other writers wait, up to the busy timeout); it commits when the block ends.
        Inside a ``transaction`` (which holds the lock) it is a savepoint of it."""
        if self.db.conn.in_transaction:
            with self.db.atomic():
                yield self
            return
        self.db.begin()
        try:
            yield self
        except BaseException:
            self.db.conn.rollback()
            raise
        self.db.conn.commit()

    @contextmanager
    def transaction(self, *, keep: bool) -> Iterator["Ledger"]:
        """Hold the file's write lock while many commands record, each in a savepoint: all
        of them are committed when the block ends (``keep``) or none (``keep=False``: a
        rehearsal, rolled back). An error rolls them all back."""
        self.db.begin()
        try:
            yield self
        except BaseException:
            if self.db.conn.in_transaction:
                self.db.conn.rollback()
            raise
        finally:
            self._found.clear()  # a campaign the block created may be gone
        if not self.db.conn.in_transaction:
            raise IntegrityError("the transaction was ended by the database; nothing was written")
        if keep:
            self.db.conn.commit()
        else:
            self.db.conn.rollback()

    def in_transaction(self) -> bool:
        return bool(self.db.conn.in_transaction)

    def create_campaign(self, name: str) -> Campaign:
        name = self.check_name_free(name)
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
        infos = self.catalogue()
        if name is None:
            shown = [info for info in infos if not info.archived]
            if len(shown) == 1:
                return self._opened(shown[0])
            if not infos:
                raise NotFound(
                    "this ledger has no campaign yet; create one with `campaign new NAME`"
                )
            if not shown:
                raise NotFound(
                    f"every campaign of this ledger is archived ({self._names(infos)}); "
                    "choose one with --campaign NAME, or `campaign unarchive NAME`"
                )
            raise BadInput(
                f"this ledger holds {len(shown)} campaigns ({self._names(shown)}); "
                "choose one with --campaign NAME or LEDGER_CAMPAIGN (or `campaign use NAME`)"
            )
        return self._opened(self._info(infos, name))

    def _opened(self, info: CampaignInfo) -> Campaign:
        campaign = Campaign(self, info.stored)
        campaign.title = info.name
        return campaign

    @staticmethod
    def _names(infos: list[CampaignInfo]) -> str:
        return ", ".join(info.name for info in infos)

    @staticmethod
    def _info(infos: list[CampaignInfo], name: str) -> CampaignInfo:
        key = name_key(name)
        for info in infos:
            if name_key(info.name) == key:
                return info
        renamed = next((info for info in infos if name_key(info.stored) == key), None)
        if renamed is not None:
            raise NotFound(
                f"no campaign named {quoted(name)}; it was renamed {quoted(renamed.name)}"
            )
        shown = [info for info in infos if not info.archived]
        raise NotFound(
            f"no campaign named {quoted(name)} (campaigns: {Ledger._names(shown) or 'none'})"
        )

    def __enter__(self) -> "Ledger":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
