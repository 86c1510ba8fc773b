"""Dice rolled by the ledger: a seeded generator whose seed is recorded, so a roll can be
shown to follow from it. Replays read the recorded faces and never roll again."""

import os

from ledger.dice._definition import EXTRA
from ledger.dice._faces import MAX_ROLLED, DieKind
from ledger.errors import BadInput

MAX_SEED = 2**63 - 1


def new_seed() -> int:
    """A fresh random seed, recorded with the roll so that a replay rolls the same faces."""
    return int.from_bytes(os.urandom(8), "big") & MAX_SEED


def check_seed(seed: int) -> int:
    """``seed`` if it is a seed the ledger can replay (0 to MAX_SEED), else ``BadInput``."""
    if not 0 <= seed <= MAX_SEED:
        raise BadInput(f"a seed is a whole number from 0 to {MAX_SEED}, not {seed}")
    return seed


def roll(die: tuple[str, ...], dice: int, kind: DieKind, seed: int) -> tuple[str, ...]:
    """Faces in the order rolled; each 1+ on an Action die rolls one more die (they chain)."""
    import random  # only to roll: not in every command's start-up

    rng = random.Random(check_seed(seed))
    faces: list[str] = []
    pending = dice
    while pending:
        if len(faces) >= MAX_ROLLED:
            raise BadInput(f"the extra rolls went on past {MAX_ROLLED} faces")
        face = rng.choice(die)
        faces.append(face)
        pending -= 1
        if kind == "action" and face == EXTRA:
            pending += 1
    return tuple(faces)
