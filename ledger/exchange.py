"""Export a campaign as NDJSON, import one after proving its chain is intact, and fork one:
a campaign's rows copied into a new chain, replayed as an import's are."""

import io
import os
import stat
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from functools import partial
from pathlib import Path
from typing import IO

import msgspec

from ledger._gc_pause import gc_paused
from ledger._import_fold import ReadingFold
from ledger._json_keys import duplicate_keys
from ledger._overlap import overlapped
from ledger.campaign import (
    Campaign,
    History,
    Ledger,
    Origin,
    encode_origin,
    fork_end,
    metas_from_rows,
    point,
)
from ledger.errors import BadInput, IntegrityError, LedgerError, NotFound
from ledger.hosting import react
from ledger.model import META_TYPES, CampaignCreated, CampaignState
from ledger.storage import (
    GENESIS,
    Row,
    Snapshot,
    missing,
    remove_made,
    row_values,
    writes_a_page_at_once,
)
from ledger.text import check_name, check_text, quoted
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


def check_export_target(path: Path, *, force: bool = False) -> None:
    """An export is written only to a new name or, with ``force``, over a regular file: never
    through a symlink, into a FIFO or onto a device (``-`` is standard output)."""
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
    if not force:
        _refuse_existing(path)


def _refuse_existing(path: Path) -> None:
    raise BadInput(
        f"{path} already exists; nothing was exported ({{force}} replaces it)", fields=["force"]
    )


def export_to_file(
    campaign: Campaign,
    path: Path,
    *,
    force: bool = False,
    progress: Callable[[int], None] | None = None,
) -> Manifest:
    """Write the export beside ``path`` and give it that name only once it is whole and on
    the disk: ``path`` holds the whole export or what it held before, even if the process is
    killed midway. Without ``force`` an existing file is refused (and one another program
    creates meanwhile is kept: the name is taken with a hard link, which never replaces)."""
    check_export_target(path, force=force)
    try:
        with _nameless_file(path.parent) as (out, name):
            manifest = export_campaign(campaign, out, progress)
            out.flush()
            os.fsync(out.fileno())
            check_export_target(path, force=force)  # nothing else took the name meanwhile
            _give_name(out, name, path, force)
    except OSError as error:
        raise BadInput(f"cannot write {path}: {error.strerror}; nothing was exported") from None
    return manifest


@contextmanager
def _nameless_file(folder: Path) -> Iterator[tuple[IO[str], Path | None]]:
    """A file to write in ``folder``: without a name where the system allows (Linux's
    O_TMPFILE, named through /proc: a killed process leaves nothing behind), else a hidden
    temporary one, removed unless it was given its name. Yields the file and its temporary
    name (None: nameless). Either is created as a plain file would be, under the umask."""
    mode, handle, name = 0o666 & ~_umask(), None, None
    if hasattr(os, "O_TMPFILE") and os.path.isdir("/proc/self/fd"):
        try:
            handle = os.open(folder, os.O_TMPFILE | os.O_WRONLY, mode)
        except OSError:  # a file system without it
            handle = None
    if handle is None:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".export.")
        name = Path(temporary)
        os.fchmod(handle, mode)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            yield out, name
    finally:
        if name is not None:
            name.unlink(missing_ok=True)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _give_name(out: IO[str], temporary: Path | None, path: Path, force: bool) -> None:
    """Name the written file ``path``. Without ``force`` a hard link takes the name, and a
    link never replaces a file; with it a rename replaces it atomically. (Where links are
    not supported, the name was checked free just before.)"""
    if not force:
        try:
            _link(out, temporary, path)
            return
        except FileExistsError:
            _refuse_existing(path)
        except OSError:  # no hard links on this file system: the name was free just now
            if temporary is None:
                raise
            os.replace(temporary, path)
        return
    if temporary is None:  # a rename needs a name to rename
        temporary = path.with_name(f".{path.name}.{os.getpid()}.export")
        _link(out, None, temporary)
    try:
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def _link(out: IO[str], temporary: Path | None, path: Path) -> None:
    """A hard link named ``path`` to the file written, by its name or, nameless, by its
    descriptor under /proc (linkat following the link: os.link follows it only when given a
    directory descriptor)."""
    if temporary is not None:
        os.link(temporary, path)
        return
    descriptors = os.open("/proc/self/fd", os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.link(str(out.fileno()), path, src_dir_fd=descriptors, follow_symlinks=True)
    finally:
        os.close(descriptors)


def export_campaign(
    campaign: Campaign, out: IO[str], progress: Callable[[int], None] | None = None
) -> Manifest:
    """Write ``campaign`` to ``out`` as NDJSON: a manifest line, then every stored row as it
    is stored, hashes included. ``import_campaign`` reads it back; returns the manifest.
    ``progress(n)``, if given, is told of each ``n`` events written (a face's progress bar)."""
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
        if progress is not None:
            progress(1)
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


def _row(number: int, line: str, unambiguous: set[str]) -> Row:
    """The line's row; ``unambiguous``: payloads already found to hold no key twice (most
    rows repeat another's), to which the row's is added."""
    try:
        row = _row_decoder.decode(line)
    except (msgspec.DecodeError, RecursionError) as error:
        raise BadInput(f"line {number}: not an event row ({error})") from None
    try:
        if _encode(row) != line.rstrip("\r\n").encode():  # not as exported: look closer
            duplicate_keys(line)
        if row.payload not in unambiguous:
            duplicate_keys(row.payload)
            unambiguous.add(row.payload)
    except BadInput as error:
        raise BadInput(f"line {number}: {error}") from None
    return row


def import_into_file(
    path: Path,
    open_ledger: Callable[[], Ledger],
    close_ledger: Callable[[], None],
    lines: Iterable[str] | IO[str] | IO[bytes],
) -> Campaign:
    """``import_campaign`` into the ledger file at ``path``, opened by ``open_ledger`` (which
    creates it if need be). A refused import into a file it created leaves no new file
    behind: the file, SQLite's files beside it and any folder made for it are removed, once
    ``close_ledger`` closed it (and only if it still holds no campaign)."""
    made = missing(path)
    try:
        return import_campaign(open_ledger(), lines)
    except BaseException:
        if made:
            try:
                kept = bool(open_ledger().store.stored_campaigns())
            except LedgerError:  # it could not even be opened
                kept = False
            close_ledger()
            if not kept:  # else another process recorded a campaign there meanwhile
                remove_made(made)
        raise


def import_campaign(ledger: Ledger, lines: Iterable[str] | IO[str] | IO[bytes]) -> Campaign:
    """Write the campaign only if its chain, count and head hash verify and every event
    replays under the loaded plugins; otherwise nothing is written.

    The file is read once, a line at a time, and its rows are written as they are read
    inside one transaction (read on a second thread while the pages before are written, where
    that can pay); they are folded as they are read, and the replay from the database goes on
    from where that fold no longer stands. Anything wrong rolls everything back. Memory does
    not grow with the file."""
    with gc_paused(), ledger.write_lock():
        return _import(ledger, lines)


def _import(ledger: Ledger, lines: Iterable[str] | IO[str] | IO[bytes]) -> Campaign:
    numbered = iter(_Source(lines))
    manifest = _manifest(numbered)
    name = manifest.campaign
    # Said after the file's own problems; meanwhile nothing is written.
    try:
        ledger.check_name_free(name)
        taken = False
    except BadInput:
        taken = True
    reacting = ledger.registry.pm.hook.event_recorded.get_hookimpls()
    fold = None if reacting else ReadingFold(ledger.registry, name, ledger.snapshot_interval)
    reading = _Reading(name, taken, fold)
    with _overlapping(reading.pages(numbered), lines) as pages:
        for page in pages:
            ledger.store.append(page, savepoint=False)  # all or nothing already
    count, head_hash, broken = reading.count, reading.head_hash, reading.broken
    if count != manifest.events or not count or head_hash != manifest.head_hash:
        raise IntegrityError(
            f"the file holds {count} events but its manifest says {manifest.events} ending "
            "in another hash: it was truncated or altered"
        )
    if broken:
        raise IntegrityError(f"the file does not verify: {broken}")
    if taken:
        raise BadInput(f"this ledger already has a campaign named {quoted(name)}")
    return _replay(ledger, name, count, History(metas_from_rows(reading.metas)), fold)


class _Reading:
    """The rows after the manifest, read a line at a time and proved a page at a time (the
    chain and history go on from the pages before): ``pages`` yields each page to write, none
    once a problem is found or if the name is taken, and reads on to count the rows. Each
    page written is then folded (``fold``), while the next one is read."""

    def __init__(self, name: str, taken: bool, fold: ReadingFold | None) -> None:
        self.proof, self.taken, self.fold = RowsVerifier(name), taken, fold
        self.metas: list[Row] = []
        self.count, self.head_hash = 0, ""
        self.broken: Problem | None = None

    def pages(self, numbered: Iterator[tuple[int, str]]) -> Iterator[list[Row]]:
        page: list[Row] = []  # read, not yet proved nor written
        unambiguous: set[str] = set()  # payloads read with no key twice, up to a page of them
        count, head_hash = 0, ""
        try:
            for number, line in numbered:
                row = _row(number, line, unambiguous)
                if len(unambiguous) == PAGE:  # memory stays flat
                    unambiguous.clear()
                count, head_hash = count + 1, row.hash
                if self.broken is not None:
                    continue  # counted: a truncated file is named as one first
                page.append(row)
                if len(page) == PAGE:
                    yield from self._proved(page)
                    page = []
        except UnicodeDecodeError:  # a text stream decodes ahead of the line it gives
            raise BadInput("the file is not UTF-8 text; an export is NDJSON") from None
        if self.broken is None and page:
            yield from self._proved(page)
        self.count, self.head_hash = count, head_hash
        if self.fold is not None and self.broken is None and not self.taken:
            self.fold.finish(count)

    def _proved(self, page: list[Row]) -> Iterator[list[Row]]:
        values = [row_values(row) for row in page]
        self.proof.feed_page(values)
        self.broken = self.proof.problem
        if self.broken is None:
            metas = [row for row in page if row.type in META_TYPES]
            self.metas.extend(metas)
            if not self.taken:
                yield page
                if self.fold is not None:
                    self.fold.feed(values, metas)


def _overlapping(
    pages: Iterator[list[Row]], lines: Iterable[str] | IO[str] | IO[bytes]
) -> AbstractContextManager[Iterator[list[Row]]]:
    """``pages`` read on a second thread while this one writes the pages before (SQLite
    releases the GIL while it writes one), when that can pay and cannot hang: with a second
    CPU, SQLite writing a page in one call (row by row, this thread would wait for the GIL
    at every row), and lines that never wait for ever (a regular file, lines in memory; not
    a pipe, whose writer may stall the reading thread where Ctrl-C cannot stop it). Else
    they are read here, between the writes, as they always were."""
    if _second_cpu() and writes_a_page_at_once() and _never_waits(lines):
        return overlapped(pages)
    return nullcontext(pages)


def _second_cpu() -> bool:
    affinity = getattr(os, "sched_getaffinity", None)
    return (len(affinity(0)) if affinity else os.cpu_count() or 1) > 1


def _never_waits(lines: Iterable[str] | IO[str] | IO[bytes]) -> bool:
    if isinstance(lines, list | tuple | io.StringIO | io.BytesIO):
        return True
    try:
        return stat.S_ISREG(os.fstat(lines.fileno()).st_mode)  # type: ignore[union-attr]
    except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation is both
        return False


def fork_campaign(ledger: Ledger, new: str, origin: str, at: str) -> Campaign:
    """A what-if branch: campaign ``new`` holding ``origin``'s history up to ``at`` (a point
    a player names: 42, city-2, scenario-5:end), its state exactly what ``--at`` shows there
    (the undos and redos recorded at the point come with it: ``fork_end``), its origin
    recorded as a campaign mark. Its rows are the origin's, as recorded (time, commands,
    undos), in a chain of their own under the new name, which its first event creates; they
    replay under the rules (each plugin told, snapshots taken) as an import's do. The origin
    is left as it was."""
    with gc_paused(), ledger.write_lock():
        source = ledger.campaign(origin)
        name = ledger.check_name_free(new)
        head = source.head().seq
        named = point(source, at)
        if not 1 <= named.seq <= head:
            raise NotFound(
                f"campaign {quoted(source.title)} has events 1 to {head}; "
                f"there is no event {named.seq}"
            )
        # The point's state is read with the undos and redos recorded since; the copy holds
        # those of its own rows, so it ends where they make the same state.
        seq = fork_end(source, named)
        rows = ledger.store.rows(source.name, upto=seq)
        copied = _copied(Campaign(ledger, name), rows)
        for start in range(0, len(copied), PAGE):
            ledger.store.append(copied[start : start + PAGE], savepoint=False)
        mark = encode_origin(Origin(campaign=source.name, seq=seq))
        ledger.store.add_mark(name, "forked", mark, ledger.clock().isoformat())
        metas = [row for row in copied if row.type in META_TYPES]
        forked = _replay(ledger, name, len(copied), History(metas_from_rows(metas)))
    ledger.campaigns_changed()
    return forked


def _copied(fork: Campaign, rows: list[Row]) -> list[Row]:
    """``rows`` in ``fork``'s chain: under its name, the first creating it."""
    created = CampaignCreated(name=fork.name)
    first = fork.make_row(
        created, 1, 1, created.apply(CampaignState()), GENESIS, rows[0].recorded_at
    )
    copied, prev_hash = [first], first.hash
    for row in rows[1:]:
        row = msgspec.structs.replace(row, campaign=fork.name, prev_hash=prev_hash).sealed()
        copied.append(row)
        prev_hash = row.hash
    return copied


def _replay(
    ledger: Ledger, name: str, count: int, history: History, early: ReadingFold | None = None
) -> Campaign:
    """Every event of the rows just written, folded under the rules (the fold verify uses);
    snapshots taken, and each plugin told, as if each command had been recorded here. What
    the ``early`` fold (while the file was read) did under this history stands: the fold goes
    on from its last snapshot, if anything is left to fold."""
    campaign = Campaign(ledger, name)
    projector, pm = campaign.projector, ledger.registry.pm
    interval, reverted = ledger.snapshot_interval, history.reverted()
    snapshots: list[Snapshot] = []

    def snapshot(seq: int, state: CampaignState) -> None:
        snapshots.append(projector.snapshot(seq, history.revision, state))
        if len(snapshots) == PAGE:
            ledger.store.append([], snapshots, savepoint=False)
            snapshots.clear()

    kept, done = early.outcome(reverted) if early is not None else ([], False)
    for seq, state in kept:
        snapshot(seq, state)
    resume, start = kept[-1] if kept else (0, None)
    reacting = pm.hook.event_recorded.get_hookimpls()
    try:
        if not reacting and not done:  # nobody reacts: the rows as tuples
            projector.fold(
                projector.rows(resume, count, strict=True),
                reverted,
                start,
                strict=True,
                at={*range(interval, count + 1, interval), count},
                seen=snapshot,
            )
        elif reacting:  # each plugin is told of each event, with its Row and the state after it
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
    ledger.store.append([], snapshots, savepoint=False)
    return campaign
