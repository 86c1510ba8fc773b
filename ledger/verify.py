"""Proof that stored history was not altered: hash chains, triggers, history, snapshots."""

from collections.abc import Callable, Sequence

import msgspec

from ledger.errors import LedgerError
from ledger.event import META_TYPES, CampaignCreated, Redone, Undone
from ledger.history import History, metas_from_rows
from ledger.ledger import Ledger
from ledger.migrations import APPEND_ONLY_TRIGGERS
from ledger.projection import Projector
from ledger.rows import GENESIS, Row, content_hash
from ledger.state import CampaignState
from ledger.text import check_name

Progress = Callable[[str, int], None]  # campaign, its number of events
_first_event = msgspec.json.Decoder(CampaignCreated)
_meta_event = msgspec.json.Decoder(Undone | Redone)


class _Tagged(msgspec.Struct):
    type: str


_tag = msgspec.json.Decoder(_Tagged)


class Problem(msgspec.Struct, frozen=True):
    campaign: str | None
    seq: int | None
    message: str

    def __str__(self) -> str:
        where = f"campaign {self.campaign!r}" if self.campaign else "database"
        at = f", event #{self.seq}" if self.seq is not None else ""
        return f"{where}{at}: {self.message}"


def chain_problem(rows: Sequence[Row], campaign: str) -> Problem | None:
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


def history_problem(rows: Sequence[Row], campaign: str) -> Problem | None:
    """The campaign starts by being created under its name, and every undo and redo is one
    that `undo` and `redo` would have recorded."""
    try:
        created = _first_event.decode(rows[0].payload)
        check_name(created.name, "campaign name")
    except (msgspec.DecodeError, LedgerError) as error:
        return Problem(campaign, 1, f"is not the creation of a campaign ({error})")
    if created.name != campaign or rows[0].command != 1:
        return Problem(campaign, 1, f"creates campaign {created.name!r}, not {campaign!r}")
    commands: set[int] = set()
    undone: set[int] = set()
    redoable: list[int] = []
    previous_meta = False
    for row in rows[1:]:
        try:
            tag = _tag.decode(row.payload).type
        except msgspec.DecodeError as error:
            return Problem(campaign, row.seq, f"cannot be read ({error})")
        if tag != row.type:
            return Problem(campaign, row.seq, f"its type column says {row.type!r}, not {tag!r}")
        if row.type not in META_TYPES:
            if row.command == row.seq:
                commands.add(row.command)
                redoable.clear()
            elif previous_meta:
                return Problem(campaign, row.seq, "continues an undo or redo as one command")
            previous_meta = False
            continue
        try:
            meta = _meta_event.decode(row.payload)
        except msgspec.DecodeError as error:
            return Problem(campaign, row.seq, f"is not a readable undo or redo ({error})")
        if row.command != row.seq or not meta.commands:
            return Problem(campaign, row.seq, "an undo or redo must be a command of its own")
        for command in meta.commands:
            legal = (
                (command in commands and command not in undone)
                if isinstance(meta, Undone)
                else command in redoable
            )
            if not legal:
                verb = "undoes" if isinstance(meta, Undone) else "redoes"
                return Problem(campaign, row.seq, f"{verb} #{command}, which it could not")
        if row.hero is not None or row.schema != type(meta).schema:
            return Problem(campaign, row.seq, "its hero or schema column is not an undo's")
        if isinstance(meta, Undone):
            undone.update(meta.commands)
            redoable.extend(meta.commands)
        else:
            undone.difference_update(meta.commands)
            redoable = [c for c in redoable if c not in meta.commands]
        previous_meta = True
    return None


def replay_problem(projector: Projector, rows: Sequence[Row]) -> Problem | None:
    """Every event still in effect applies, and its columns agree with its payload."""
    reverted = History(metas_from_rows(r for r in rows if r.type in META_TYPES)).reverted()
    try:
        for _ in projector.replay(rows, reverted, CampaignState(), check=True):
            pass
    except LedgerError as error:
        return Problem(projector.campaign, error.seq, f"does not replay: {error.args[0]}")
    return None


def snapshot_problems(projector: Projector, rows: Sequence[Row]) -> list[Problem]:
    """Each snapshot equals a fold from scratch of the history it was taken under."""
    history = History(metas_from_rows(r for r in rows if r.type in META_TYPES))
    by_revision: dict[int, dict[int, str]] = {}
    fingerprint = projector.registry.fingerprint
    for snapshot in projector.store.all_snapshots(projector.campaign):
        if snapshot.fingerprint == fingerprint:
            by_revision.setdefault(snapshot.revision, {})[snapshot.seq] = snapshot.state
    problems = []
    for revision, due in sorted(by_revision.items()):
        # Only up to its last snapshot: later events may need later undos to be legal.
        upto = [row for row in rows if row.seq <= max(due)]
        for row, state in projector.replay(upto, history.reverted(upto=revision), CampaignState()):
            if row.seq in due and msgspec.json.encode(state).decode() != due[row.seq]:
                problems.append(
                    Problem(
                        projector.campaign,
                        row.seq,
                        f"the snapshot (revision {revision}) differs from a fold from scratch",
                    )
                )
    return problems


def verify(ledger: Ledger, progress: Progress | None = None) -> list[Problem]:
    """Every problem found; an empty list means the ledger verifies."""
    problems = [
        Problem(None, None, f"the append-only trigger {name} is missing")
        for name in APPEND_ONLY_TRIGGERS
        if not ledger.db.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = ?", [name]
        ).fetchone()
    ]
    # Not ledger.campaigns(): a campaign whose first event was deleted must not drop out of sight.
    for campaign in sorted(ledger.store.stored_campaigns()):
        rows = ledger.store.rows(campaign)
        if progress:
            progress(campaign, len(rows))
        projector = Projector(ledger.store, ledger.registry, campaign)
        broken = (
            chain_problem(rows, campaign)
            or history_problem(rows, campaign)
            or replay_problem(projector, rows)
        )
        problems += [broken] if broken else snapshot_problems(projector, rows)
    return problems
