"""Proof that stored history was not altered: hash chains, triggers, snapshots."""

from collections.abc import Callable, Iterable

import msgspec

from ledger.errors import LedgerError
from ledger.event import META_TYPES
from ledger.history import History, metas_from_rows
from ledger.ledger import Ledger
from ledger.migrations import APPEND_ONLY_TRIGGERS
from ledger.projection import Projector
from ledger.rows import GENESIS, Row, content_hash
from ledger.state import CampaignState
from ledger.store import Snapshot

Progress = Callable[[str, int], None]  # campaign, its number of events


class Problem(msgspec.Struct, frozen=True):
    campaign: str | None
    seq: int | None
    message: str

    def __str__(self) -> str:
        where = f"campaign {self.campaign!r}" if self.campaign else "database"
        at = f", event #{self.seq}" if self.seq is not None else ""
        return f"{where}{at}: {self.message}"


def chain_problem(rows: Iterable[Row], campaign: str) -> Problem | None:
    """The first row that breaks the chain: a gap, a wrong link, or a hash that does not match."""
    prev_hash, expected_seq, command = GENESIS, 1, 0
    for row in rows:
        if row.campaign != campaign or row.seq != expected_seq:
            return Problem(campaign, row.seq, f"expected event #{expected_seq} here")
        if row.prev_hash != prev_hash:
            return Problem(campaign, row.seq, "does not link to the event before it")
        if row.hash != content_hash(row):
            return Problem(campaign, row.seq, "its content does not match its hash (altered)")
        if row.command not in (command, row.seq):
            return Problem(campaign, row.seq, f"names command #{row.command}, not its own")
        prev_hash, expected_seq, command = row.hash, row.seq + 1, row.command
    return None


def verify(ledger: Ledger, progress: Progress | None = None) -> list[Problem]:
    """Every problem found; an empty list means the ledger verifies."""
    problems = [
        Problem(None, None, f"the append-only trigger {name} is missing")
        for name in APPEND_ONLY_TRIGGERS
        if not ledger.db.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = ?", [name]
        ).fetchone()
    ]
    for campaign in ledger.campaigns():
        rows = list(ledger.store.rows(campaign))
        if progress:
            progress(campaign, len(rows))
        broken = chain_problem(rows, campaign)
        if broken:
            problems.append(broken)
            continue
        problems += _fold_problems(ledger, campaign, rows)
    return problems


def _fold_problems(ledger: Ledger, campaign: str, rows: list[Row]) -> list[Problem]:
    """Replay every event from scratch and compare each snapshot with that fold."""
    projector = Projector(ledger.store, ledger.registry, campaign)
    history = History(metas_from_rows(r for r in rows if r.type in META_TYPES))
    snapshots: dict[int, list[Snapshot]] = {}
    for snapshot in ledger.store.all_snapshots(campaign):
        if snapshot.fingerprint == ledger.registry.fingerprint:
            snapshots.setdefault(snapshot.revision, []).append(snapshot)
    problems = []
    # The current history, then each revision a snapshot was taken under.
    for revision in [history.revision, *sorted(set(snapshots) - {history.revision})]:
        reverted = history.reverted(upto=revision)
        due = {s.seq: s for s in snapshots.get(revision, [])}
        state = CampaignState()
        for row in rows:
            if row.type not in META_TYPES and row.command not in reverted:
                try:
                    state = projector.decode(row).apply(state)
                except LedgerError as error:
                    problems.append(Problem(campaign, row.seq, f"does not replay: {error}"))
                    return problems
            if row.seq in due and msgspec.json.encode(state).decode() != due[row.seq].state:
                problems.append(
                    Problem(
                        campaign,
                        row.seq,
                        f"the snapshot (revision {revision}) differs from a fold from scratch",
                    )
                )
    return problems
