"""Folding stored events into state, from the best snapshot that is still valid."""

from collections.abc import Iterable, Iterator

import msgspec

from ledger.errors import IntegrityError, PluginError
from ledger.event import META_TYPES, Event
from ledger.history import History
from ledger.registry import Registry
from ledger.rows import Row
from ledger.state import CampaignState
from ledger.store import EventStore, Snapshot

_state_decoder = msgspec.json.Decoder(CampaignState)


def fold(state: CampaignState, events: Iterable[Event]) -> CampaignState:
    """State is a pure fold: apply each event in order."""
    for event in events:
        state = event.apply(state)
    return state


class Projector:
    """Decodes one campaign's rows and folds them, using snapshots as a cache."""

    def __init__(self, store: EventStore, registry: Registry, campaign: str) -> None:
        self.store = store
        self.registry = registry
        self.campaign = campaign

    def decode(self, row: Row) -> Event:
        try:
            event: Event = self.registry.decoder.decode(row.payload)
        except msgspec.ValidationError as error:
            if row.type not in self.registry.event_types:
                raise PluginError(
                    f"event #{row.seq} of campaign {row.campaign!r} has type {row.type!r} from "
                    f"plugin {row.plugin!r} {row.plugin_version}, which is not loaded; "
                    f"install and enable that plugin to open this campaign"
                ) from None
            raise IntegrityError(f"event #{row.seq} cannot be read: {error}") from None
        return event

    def effective(self, rows: Iterable[Row], reverted: frozenset[int]) -> Iterator[Row]:
        """The rows that change state: no undo/redo events, no undone commands."""
        return (r for r in rows if r.type not in META_TYPES and r.command not in reverted)

    def fold_rows(
        self, state: CampaignState, rows: Iterable[Row], reverted: frozenset[int]
    ) -> CampaignState:
        for row in self.effective(rows, reverted):
            state = self.decode(row).apply(state)
        return state

    def start(self, upto: int, history: History) -> tuple[CampaignState, int]:
        """The latest snapshot at or before ``upto`` that ``history`` has not invalidated
        (an undo or redo after it reached back before it), else the empty state at 0."""
        for snapshot in self.store.snapshots(self.campaign, self.registry.fingerprint, upto):
            touched = history.earliest_touched_after(snapshot.revision)
            if touched is None or touched > snapshot.seq:
                return _state_decoder.decode(snapshot.state), snapshot.seq
        return CampaignState(), 0

    def state_at(self, upto: int, history: History) -> CampaignState:
        """State right after event ``upto``, with the commands ``history`` undoes left out."""
        state, after = self.start(upto, history)
        rows = self.store.rows(self.campaign, after=after, upto=upto)
        return self.fold_rows(state, rows, history.reverted())

    def snapshot(self, seq: int, revision: int, state: CampaignState) -> Snapshot:
        return Snapshot(
            campaign=self.campaign,
            seq=seq,
            revision=revision,
            fingerprint=self.registry.fingerprint,
            state=msgspec.json.encode(state).decode(),
        )
