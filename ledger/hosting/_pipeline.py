"""The plugin steps around writing a command: every validator may veto each event before
anything is written, and every reaction runs inside the command's transaction, so a reaction
that raises leaves nothing written. Replay never calls either: ``apply`` alone is the rule, and
a campaign must open the same way with or without a validator installed."""

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pluggy

from ledger.errors import RuleViolation
from ledger.hosting._hooks import call_each
from ledger.model import CampaignState, Event
from ledger.storage import Connection, EventStore, Row, Snapshot

if TYPE_CHECKING:
    from sqlite_utils import Database

    from ledger.hosting._registry import Registry


class Vetoed(RuleViolation):
    """One or more plugins refused the command; every reason is in the message."""


def vetoes(registry: "Registry", state: CampaignState, event: Event) -> list[str]:
    """Every plugin's reason to refuse ``event`` in ``state``, each with the plugin's name."""
    answers = call_each(registry.pm, "validate_event", state=state, event=event, registry=registry)
    return [f"plugin {plugin!r}: {reason}" for reason, plugin in answers if reason is not None]


def refuse_if_vetoed(reasons: Sequence[str]) -> None:
    """Raise ``Vetoed`` with every reason when validators gave any."""
    if reasons:
        raise Vetoed("refused: " + "; ".join(reasons))


def write(
    pm: pluggy.PluginManager,
    store: EventStore,
    written: Sequence[tuple[Row, Event, CampaignState]],
    snapshots: Sequence[Snapshot] = (),
    fingerprint: str | None = None,
) -> None:
    """Append the command's rows and run every reaction in one transaction."""
    rows = [row for row, _, _ in written]
    store.with_fingerprint(fingerprint)
    if not pm.hook.event_recorded.get_hookimpls():
        store.append(rows, snapshots)  # nobody reacts: the store's own transaction suffices
        return
    with store.db.atomic():
        store.append(rows, snapshots)
        react(pm, store.db, written)


def react(
    pm: pluggy.PluginManager,
    db: "Connection | Database",
    written: Sequence[tuple[Row, Event, CampaignState]],
) -> None:
    """Tell every plugin about each event just written (state: right after the event), on
    the connection as sqlite-utils' Database (imported only when some plugin reacts)."""
    if not pm.hook.event_recorded.get_hookimpls():
        return
    if isinstance(db, Connection):
        db = db.utils()
    for row, event, state in written:
        for _ in call_each(pm, "event_recorded", db=db, state=state, event=event, row=row):
            pass
