"""Export a campaign as NDJSON, and import one after proving its chain is intact."""

import os
import stat
from collections.abc import Iterable, Iterator
from functools import partial
from pathlib import Path
from typing import IO

import msgspec

from ledger._gc_pause import gc_paused
from ledger._json_keys import duplicate_keys
from ledger.campaign import Campaign, History, Ledger, metas_from_rows
from ledger.errors import BadInput, IntegrityError, LedgerError
from ledger.hosting import react
from ledger.model import META_TYPES, CampaignState
from ledger.storage import Row, Snapshot, row_values
from ledger.text import check_name, check_text, name_key, quoted
from ledger.verification import Problem, RowsVerifier

FORMAT = "campaign-ledger/1"
_encode = msgspec.json.Encoder().encode
_row_decoder = msgspec.json.Decoder(Row)


class Manifest(msgspec.Struct, frozen=True, kw_only=True):
    format: str
    campaign: str
    events: int
    head_hash: str
    plugins: dict[str, str]


def check_export_target(path: Path) -> None:
    """An export is written only to a new name or over a regular file: never through a
    symlink, into a FIFO or onto a device (``-`` is standard output)."""
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as error:
        raise BadInput(f"cannot write {path}: {error.strerror}") from None
    if stat.S_ISDIR(found.st_mode):
        raise BadInput(f"{path} is a directory; name the file to export to")
    if not stat.S_ISREG(found.st_mode):
        kind = (
            "a symbolic link"
            if stat.S_ISLNK(found.st_mode)
            else "a FIFO"
            if stat.S_ISFIFO(found.st_mode)
            else "a socket"
            if stat.S_ISSOCK(found.st_mode)
            else "a device"
        )
        raise BadInput(
            f"{path} is {kind}, not a regular file; an export is written only to a new name "
            "or over a regular file (- writes to standard output)"
        )


def export_campaign(campaign: Campaign, out: IO[str]) -> Manifest:
    """Write ``campaign`` to ``out`` as NDJSON: a manifest line, then every stored row as it
    is stored, hashes included. ``import_campaign`` reads it back; returns the manifest."""
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


MAX_LINE = 1_000_000  # characters in one line; an event's is a few hundred
PAGE = 1_000  # rows written at a time: memory stays flat, whatever the file's size


class _Source:
    """The file's non-blank lines, numbered, read one at a time with a bounded length:
    ``/dev/zero`` or an endless stream is refused at the first long line, never read whole."""

    def __init__(self, lines: Iterable[str] | IO[str] | IO[bytes]) -> None:
        self.lines = lines
        self.number = 0

    def __iter__(self) -> Iterator[tuple[int, str]]:
        readline = getattr(self.lines, "readline", None)
        chunks: Iterable[str | bytes] = (
            iter(partial(readline, MAX_LINE + 1), "") if readline else self.lines
        )
        for chunk in chunks:
            if not chunk:  # a binary stream ends with b""
                return
            self.number += 1
            try:
                line = chunk.decode("utf-8") if isinstance(chunk, bytes) else chunk
            except UnicodeDecodeError:
                raise BadInput(
                    f"line {self.number} is not UTF-8 text; an export is NDJSON"
                ) from None
            if len(line) > MAX_LINE:
                raise BadInput(
                    f"line {self.number} is longer than {MAX_LINE:,} characters; "
                    "an export's lines are far shorter: this is not an export"
                )
            if line.strip():
                yield self.number, line


def _manifest(numbered: Iterator[tuple[int, str]]) -> Manifest:
    try:
        first = next(numbered, None)
    except UnicodeDecodeError:  # a text stream decodes ahead of the line it gives
        raise BadInput("the file is not UTF-8 text; an export is NDJSON") from None
    if first is None:
        raise BadInput("the file is empty; an export starts with a manifest line")
    number, line = first
    try:
        duplicate_keys(line)
        manifest = msgspec.json.decode(line, type=Manifest)
    except (msgspec.DecodeError, RecursionError, BadInput) as error:
        raise BadInput(f"line {number}: not a campaign-ledger manifest ({error})") from None
    if manifest.format != FORMAT:
        raise BadInput(f"unsupported export format {manifest.format!r} (expected {FORMAT})")
    check_text(manifest.campaign, "the campaign name")
    check_name(manifest.campaign, "the campaign name")
    return manifest


def _row(number: int, line: str) -> Row:
    try:
        row = _row_decoder.decode(line)
    except (msgspec.DecodeError, RecursionError) as error:
        raise BadInput(f"line {number}: not an event row ({error})") from None
    try:
        if _encode(row) != line.rstrip("\r\n").encode():  # not as exported: look closer
            duplicate_keys(line)
        duplicate_keys(row.payload)
    except BadInput as error:
        raise BadInput(f"line {number}: {error}") from None
    return row


def import_campaign(ledger: Ledger, lines: Iterable[str] | IO[str] | IO[bytes]) -> Campaign:
    """Write the campaign only if its chain, count and head hash verify and every event
    replays under the loaded plugins; otherwise nothing is written.

    The file is read once, a line at a time, and its rows are written as they are read
    inside one transaction; they are replayed from the database, and anything wrong rolls
    everything back. Memory does not grow with the file."""
    with gc_paused(), ledger.write_lock():
        return _import(ledger, lines)


def _import(ledger: Ledger, lines: Iterable[str] | IO[str] | IO[bytes]) -> Campaign:
    numbered = iter(_Source(lines))
    manifest = _manifest(numbered)
    name = manifest.campaign
    # Said after the file's own problems; meanwhile nothing is written.
    taken = any(name_key(existing) == name_key(name) for existing in ledger.campaigns())
    proof = RowsVerifier(name)
    metas: list[Row] = []
    page: list[Row] = []  # read, not yet proved nor written
    count, head_hash = 0, ""
    broken: Problem | None = None

    def written(page: list[Row]) -> Problem | None:
        """Prove the page's rows (the chain and history go on from the pages before), then
        write them unless the name is taken; the first problem, if any."""
        proof.feed_page([row_values(row) for row in page])
        if proof.problem is None:
            metas.extend(row for row in page if row.type in META_TYPES)
            if not taken:
                ledger.store.append(page)
        return proof.problem

    try:
        for number, line in numbered:
            row = _row(number, line)
            count, head_hash = count + 1, row.hash
            if broken is not None:
                continue  # counted: a truncated file is named as one first
            page.append(row)
            if len(page) == PAGE:
                broken, page = written(page), []
    except UnicodeDecodeError:  # a text stream decodes ahead of the line it gives
        raise BadInput("the file is not UTF-8 text; an export is NDJSON") from None
    if broken is None and page:
        broken = written(page)
    if count != manifest.events or not count or head_hash != manifest.head_hash:
        raise IntegrityError(
            f"the file holds {count} events but its manifest says {manifest.events} ending "
            "in another hash: it was truncated or altered"
        )
    if broken:
        raise IntegrityError(f"the file does not verify: {broken}")
    if taken:
        raise BadInput(f"this ledger already has a campaign named {quoted(name)}")
    return _replay(ledger, name, count, History(metas_from_rows(metas)))


def _replay(ledger: Ledger, name: str, count: int, history: History) -> Campaign:
    """Every event of the rows just written, folded under the rules (the fold verify uses);
    snapshots taken, and each plugin told, as if each command had been recorded here."""
    campaign = Campaign(ledger, name)
    projector, pm = campaign.projector, ledger.registry.pm
    interval, reverted = ledger.snapshot_interval, history.reverted()
    snapshots: list[Snapshot] = []

    def snapshot(seq: int, state: CampaignState) -> None:
        snapshots.append(projector.snapshot(seq, history.revision, state))
        if len(snapshots) == PAGE:
            ledger.store.append([], snapshots)
            snapshots.clear()

    try:
        if not pm.hook.event_recorded.get_hookimpls():  # nobody reacts: the rows as tuples
            projector.fold(
                projector.rows(0, count, strict=True),
                reverted,
                strict=True,
                at={*range(interval, count + 1, interval), count},
                seen=snapshot,
            )
        else:  # each plugin is told of each event, with its Row and the state after it
            state, states = CampaignState(), list[CampaignState]()
            for after in range(0, count, PAGE):
                rows = ledger.store.rows(name, after=after, upto=min(after + PAGE, count))
                states.clear()
                state = projector.fold(
                    [[row_values(row) for row in rows]],
                    reverted,
                    state,
                    strict=True,
                    at=range(after + 1, after + len(rows) + 1),
                    seen=lambda _, folded: states.append(folded),
                    end=False,
                )
                for row, folded in zip(rows, states, strict=True):
                    if row.seq % interval == 0 or row.seq == count:
                        snapshot(row.seq, folded)
                    react(pm, ledger.db, [(row, projector.decode(row), folded)])
            projector.fold((), reverted, state, strict=True)  # nothing may be owed at the end
    except LedgerError as error:
        raise IntegrityError(f"the file does not replay: {error}") from None
    ledger.store.append([], snapshots)
    return campaign
