"""Proof that stored history was not altered: the hash chains, the undo and redo history, a
fold from scratch, every snapshot, the step index and the database's own triggers."""

from ledger.verification._problem import Problem
from ledger.verification._verify import Progress, RowsVerifier, campaign_problems, verify

__all__ = ["Problem", "Progress", "RowsVerifier", "campaign_problems", "verify"]
