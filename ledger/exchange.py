"""Export a campaign as NDJSON, and import one after proving its chain is intact."""

from collections.abc import Iterable
from typing import IO

import msgspec

from ledger._gc_pause import gc_paused
from ledger.campaign import Campaign, History, Ledger, metas_from_rows
from ledger.errors import BadInput, IntegrityError, LedgerError
from ledger.hosting import write
from ledger.model import META_TYPES, CampaignState
from ledger.storage import Row, row_values
from ledger.text import name_key, quoted
from ledger.verification import RowsVerifier

FORMAT = "campaign-ledger/1"


class Manifest(msgspec.Struct, frozen=True, kw_only=True):
    format: str
    campaign: str
    events: int
    head_hash: str
    plugins: dict[str, str]


def export_campaign(campaign: Campaign, out: IO[str]) -> Manifest:
    rows = list(campaign.store.rows(campaign.name))
    manifest = Manifest(
        format=FORMAT,
        campaign=campaign.name,
        events=len(rows),
        head_hash=rows[-1].hash,
        plugins={row.plugin: row.plugin_version for row in rows},
    )
    out.write(msgspec.json.encode(manifest).decode() + "\n")
    for row in rows:
        out.write(msgspec.json.encode(row).decode() + "\n")
    return manifest


def _read(lines: Iterable[str]) -> tuple[Manifest, list[Row]]:
    try:
        numbered = [(n, line) for n, line in enumerate(lines, 1) if line.strip()]
    except UnicodeDecodeError:
        raise BadInput("the file is not UTF-8 text; an export is NDJSON") from None
    if not numbered:
        raise BadInput("the file is empty; an export starts with a manifest line")
    try:
        manifest = msgspec.json.decode(numbered[0][1], type=Manifest)
    except msgspec.DecodeError as error:
        raise BadInput(f"line {numbered[0][0]}: not a campaign-ledger manifest ({error})") from None
    if manifest.format != FORMAT:
        raise BadInput(f"unsupported export format {manifest.format!r} (expected {FORMAT})")
    rows = []
    for number, line in numbered[1:]:
        try:
            rows.append(msgspec.json.decode(line, type=Row))
        except msgspec.DecodeError as error:
            raise BadInput(f"line {number}: not an event row ({error})") from None
    return manifest, rows


def import_campaign(ledger: Ledger, lines: Iterable[str]) -> Campaign:
    """Write the campaign only if its chain, count and head hash verify and every event
    replays under the loaded plugins; otherwise nothing is written."""
    with gc_paused():
        return _import(ledger, lines)


def _import(ledger: Ledger, lines: Iterable[str]) -> Campaign:
    manifest, rows = _read(lines)
    if len(rows) != manifest.events or not rows or rows[-1].hash != manifest.head_hash:
        raise IntegrityError(
            f"the file holds {len(rows)} events but its manifest says {manifest.events} ending "
            "in another hash: it was truncated or altered"
        )
    values = [row_values(row) for row in rows]
    proof = RowsVerifier(manifest.campaign)
    proof.feed_page(values)
    broken = proof.problem
    if broken:
        raise IntegrityError(f"the file does not verify: {broken}")
    if any(name_key(name) == name_key(manifest.campaign) for name in ledger.campaigns()):
        raise BadInput(f"this ledger already has a campaign named {quoted(manifest.campaign)}")
    campaign = Campaign(ledger, manifest.campaign)
    history = History(metas_from_rows(r for r in rows if r.type in META_TYPES))
    snapshots = []
    written = []  # for the plugins' reactions, as if each command had been recorded here
    states: list[CampaignState] = []  # after each row (the chain proved row i has seq i)
    try:
        campaign.projector.fold(
            [values],
            history.reverted(),
            strict=True,
            at=range(1, len(rows) + 1),
            seen=lambda _, state: states.append(state),
        )
        for row, state in zip(rows, states, strict=True):
            if row.seq % ledger.snapshot_interval == 0 or row.seq == len(rows):
                snapshots.append(campaign.projector.snapshot(row.seq, history.revision, state))
            written.append((row, campaign.projector.decode(row), state))
    except LedgerError as error:
        raise IntegrityError(f"the file does not replay: {error}") from None
    write(ledger.registry.pm, ledger.store, written, snapshots)
    return campaign
