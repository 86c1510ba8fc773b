"""The commands a history check resumed after row ``upto`` has seen, without reading every
row before it: the second process of a two-core verify starts half-way through a long
campaign, and only an undo asks whether a command was seen."""

from collections.abc import Callable, Mapping
from typing import Protocol

from ledger.campaign import Meta


class Kept(Protocol):
    def add(self, item: int) -> None: ...

    def extend(self, items: list[int]) -> None: ...

    def __contains__(self, item: object) -> bool: ...


class CommandsSeen:
    """The commands (seqs) seen: those up to ``upto`` answered from the stored rows when
    asked, the later ones kept in ``later`` as they are fed."""

    def __init__(
        self,
        upto: int,
        metas: Mapping[int, Meta],
        starts_command: Callable[[int], bool],
        later: Kept,
    ) -> None:
        self.upto, self.later = upto, later
        self._metas, self._starts_command = metas, starts_command

    def add(self, item: int) -> None:
        self.later.add(item)

    def extend(self, items: list[int]) -> None:
        self.later.extend(items)

    def __contains__(self, item: object) -> bool:
        if not isinstance(item, int) or item > self.upto:
            return item in self.later
        # Fed those rows, the check keeps each that starts a command, but the creation (seq
        # 1) and the undos and redos (commands of their own, which no undo may name).
        return item > 1 and item not in self._metas and self._starts_command(item)
