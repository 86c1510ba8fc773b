"""Proof that stored history was not altered: the hash chains, the undo and redo history, a
fold from scratch, every snapshot, the step index and the database's own triggers; and, for
what a chain cannot prove alone, a remembered head (a witness) checked against the file."""

from ledger.verification._problem import Problem
from ledger.verification._verify import Progress, RowsVerifier, campaign_problems, verify
from ledger.verification._witness import Witness, parse_witness, witness_problem

__all__ = [
    "Problem",
    "Progress",
    "RowsVerifier",
    "Witness",
    "campaign_problems",
    "parse_witness",
    "verify",
    "witness_problem",
]
