"""The hash chain of a campaign's rows, fed to it in order: no gap, each row linked to the one
before, each hash the hash of its row."""

from collections.abc import Sequence

from ledger.storage import AT, GENESIS, Values, hashes
from ledger.verification._problem import Problem

CAMPAIGN, COMMAND, PREV_HASH, SEQ, HASH = (
    AT[c] for c in ("campaign", "command", "prev_hash", "seq", "hash")
)


class ChainVerifier:
    """Fed rows in order, finds the first that breaks the chain: a gap, a wrong link, or a
    hash that does not match."""

    def __init__(self, campaign: str) -> None:
        self.campaign = campaign
        self.problem: Problem | None = None
        self._prev_hash, self._expected_seq, self._command = GENESIS, 1, 0

    def resume(self, values: Values) -> None:
        """Go on after the row ``values`` as if every row up to it had been fed (and found
        fine): a second process checks the rows after it."""
        self._prev_hash, self._expected_seq = values[HASH], values[SEQ] + 1
        self._command = values[COMMAND]

    def feed_page(self, page: Sequence[Values]) -> None:
        """Each row of the page in turn, the usual answer (all is well) found with as little
        work per row as possible; any other row goes through ``_check``, which names it."""
        if self.problem is not None:
            return
        campaign, expected, prev_hash, command = (
            self.campaign,
            self._expected_seq,
            self._prev_hash,
            self._command,
        )
        for values, digest in zip(page, hashes(page), strict=True):
            seq, stored, now = values[SEQ], values[HASH], values[COMMAND]
            if (
                seq == expected
                and values[CAMPAIGN] == campaign
                and values[PREV_HASH] == prev_hash
                and now in (command, seq)
                and stored == digest
            ):
                expected, prev_hash, command = seq + 1, stored, now
                continue
            self._expected_seq, self._prev_hash, self._command = expected, prev_hash, command
            self._check(values)
            if self.problem is not None:
                return
            expected, prev_hash, command = self._expected_seq, self._prev_hash, self._command
        self._expected_seq, self._prev_hash, self._command = expected, prev_hash, command

    def _check(self, values: Values) -> None:
        campaign, seq, command = values[CAMPAIGN], values[SEQ], values[COMMAND]
        prev_hash, stored = values[PREV_HASH], values[HASH]
        expected = self._expected_seq
        if campaign != self.campaign or seq != expected:
            self.problem = Problem(self.campaign, seq, f"expected event #{expected} here")
        elif prev_hash != self._prev_hash:
            self.problem = Problem(self.campaign, expected, "does not link to the event before it")
        elif stored != hashes((values,))[0]:
            self.problem = Problem(
                self.campaign, expected, "its content does not match its hash (altered)"
            )
        elif command not in (self._command, seq):
            self.problem = Problem(
                self.campaign, expected, f"names command #{command}, not its own"
            )
        else:
            self._prev_hash, self._expected_seq, self._command = stored, expected + 1, command
