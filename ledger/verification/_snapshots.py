"""Each snapshot verify can check equals a fold from scratch of the history it was taken under."""

from collections.abc import Iterable
from functools import partial

import msgspec

from ledger.campaign import History, Projector
from ledger.model import CampaignState
from ledger.verification._problem import Problem

WINDOW = 2_000  # seqs whose snapshot states are read at once: a query per window, not each


class SnapshotVerifier:
    """Snapshots of the loaded code's fingerprint: those of the current history are compared
    during the main replay (``inline``), the others by a replay of their own history."""

    def __init__(self, projector: Projector, history: History) -> None:
        self.projector = projector
        self.problems: list[Problem] = []
        fingerprint = projector.registry.fingerprint
        points = projector.store.snapshot_index(projector.campaign, fingerprint)
        now = history.reverted()
        self._states: dict[tuple[int, int], str] = {}  # of the snapshots in the window
        self._window = (0, 0)  # (after, upto): the seqs of the states read
        self.inline: dict[int, list[int]] = {}  # seq: revisions the main replay can check
        self.others: dict[int, list[int]] = {}  # revision: seqs needing their own replay
        for seq, revision in points:
            if history.reverted(upto=revision) == now:
                self.inline.setdefault(seq, []).append(revision)
            else:
                self.others.setdefault(revision, []).append(seq)

    def compare_inline(self, seq: int, state: CampaignState) -> None:
        self.compare(seq, self.inline[seq], state)

    def compare(self, seq: int, revisions: Iterable[int], state: CampaignState) -> None:
        projector = self.projector
        text = msgspec.json.encode(state).decode()
        fingerprint = projector.registry.fingerprint
        after, upto = self._window
        if not after < seq <= upto:
            self._window = after, upto = seq - 1, seq - 1 + WINDOW
            self._states = projector.store.snapshot_states(
                projector.campaign, fingerprint, after, upto
            )
        for revision in revisions:
            if self._states.get((seq, revision)) != text:
                self.problems.append(
                    Problem(
                        projector.campaign,
                        seq,
                        f"the snapshot (revision {revision}) differs from a fold from scratch",
                    )
                )

    def _compare_at(self, revision: int, seq: int, state: CampaignState) -> None:
        self.compare(seq, [revision], state)

    def check_others(self, history: History, head: int) -> None:
        """Snapshots taken under another history: one fold each, up to its last snapshot
        (later events may need later undos to be legal)."""
        projector = self.projector
        for revision, seqs in sorted(self.others.items()):
            projector.fold(
                projector.rows(0, min(max(seqs), head)),
                history.reverted(upto=revision),
                at=set(seqs),
                seen=partial(self._compare_at, revision),
            )
