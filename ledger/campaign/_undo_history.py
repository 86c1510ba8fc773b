"""Which commands are undone, derived from the undo and redo events (never from updates)."""

from collections.abc import Iterable, Sequence
from functools import cached_property

import msgspec

from ledger.errors import BadInput, RuleViolation
from ledger.model import Redone, Undone
from ledger.storage import Row

_meta_decoder = msgspec.json.Decoder(Undone | Redone)


class Meta(msgspec.Struct, frozen=True):
    """An undo or redo as stored: its seq, which it is, and the commands it names."""

    seq: int
    undo: bool  # False for a redo
    commands: tuple[int, ...]


def metas_from_rows(rows: Iterable[Row]) -> list[Meta]:
    """The undos and redos among ``rows``, as ``Meta``."""
    metas = []
    for row in rows:
        event = _meta_decoder.decode(row.payload)
        metas.append(Meta(row.seq, isinstance(event, Undone), event.commands))
    return metas


class History:
    """The undo/redo events of one campaign up to some point, in order."""

    def __init__(self, metas: Iterable[Meta]) -> None:
        self.metas = list(metas)

    def plus(self, meta: Meta) -> "History":
        return History([*self.metas, meta])

    @property
    def revision(self) -> int:
        """The seq of the last undo or redo: the reverted set changes only there."""
        return self.metas[-1].seq if self.metas else 0

    @cached_property
    def _revisions(self) -> frozenset[int]:
        return frozenset({0, *(meta.seq for meta in self.metas)})

    def took(self, revision: int) -> bool:
        """Whether a snapshot can have been taken under ``revision``: none (0), or an undo or
        redo of this history (which refolds earlier seqs too); anything else was written by
        hand."""
        return revision in self._revisions

    def reverted(self, upto: int | None = None) -> frozenset[int]:
        """Commands undone (and not redone) by the undo/redo events at or before ``upto``."""
        undone: set[int] = set()
        for meta in self.metas:
            if upto is not None and meta.seq > upto:
                break
            if meta.undo:
                undone.update(meta.commands)
            else:
                undone.difference_update(meta.commands)
        return frozenset(undone)

    def earliest_touched_after(self, revision: int) -> int | None:
        """The first command whose undone-ness changed after ``revision``; a snapshot taken at
        ``revision`` is still right for every seq before it."""
        touched = [min(m.commands) for m in self.metas if m.seq > revision and m.commands]
        return min(touched) if touched else None

    def redo_stack(self, after: int) -> list[int]:
        """Undone commands that `redo` may bring back, the next one last. Only the undos and
        redos after the last recorded command count: a new command empties the stack, as in
        any editor."""
        stack: list[int] = []
        for meta in self.metas:
            if meta.seq <= after:
                continue
            if meta.undo:
                stack.extend(meta.commands)
            else:
                stack = [c for c in stack if c not in meta.commands]
        return stack

    def undone_by(self) -> dict[int, int]:
        """Each command undone now, with the seq of the undo that reverted it last."""
        by: dict[int, int] = {}
        for meta in self.metas:
            for command in meta.commands:
                if meta.undo:
                    by[command] = meta.seq
                else:
                    by.pop(command, None)
        return by

    def redo_choice(self, named: Sequence[int]) -> tuple[int, ...]:
        """The commands ``redo --command`` brings back for the seqs a player named: an undone
        command itself, or an undo (its commands still undone). Latest first, each once.
        Anything else is refused with the reason; whether the campaign admits them back is
        the fold's to say."""
        if not named:
            raise BadInput("name at least one undone command or undo to redo")
        by = self.undone_by()
        metas = {meta.seq: meta for meta in self.metas}
        chosen: set[int] = set()
        for seq in named:
            meta = metas.get(seq)
            if meta is None:
                if seq not in by:
                    raise RuleViolation(
                        f"#{seq} is not an undone command; `log --undone` lists those that "
                        "can be redone"
                    )
                chosen.add(seq)
            elif not meta.undo:
                raise RuleViolation(f"#{seq} is a redo; name an undone command or an undo")
            else:
                still = [command for command in meta.commands if command in by]
                if not still:
                    raise RuleViolation(f"the undo #{seq} has nothing left undone")
                chosen.update(still)
        return tuple(sorted(chosen, reverse=True))
