"""What a roll is worth (§4): successes on the faces, and the stamina faces' rule."""

from typing import Literal

from ledger.dice._definition import ACTION_VALUES, HOURGLASS, REACTION_VALUES, STAMINA
from ledger.errors import RuleViolation

# "spend": a Hero in a scenario spends 0-2 stamina per face; "flat": a Hero outside a scenario,
# each face is +2; "none": a Non-Hero Ally, each face is 0 (seed: Action dice).
StaminaRule = Literal["spend", "flat", "none"]
PER_FACE = 2


def action_successes(faces: tuple[str, ...]) -> int:
    """Successes printed on the faces; stamina faces count nothing here."""
    return sum(map(ACTION_VALUES.__getitem__, faces))


def stamina_faces(faces: tuple[str, ...]) -> int:
    """How many of ``faces`` are stamina faces."""
    return faces.count(STAMINA)


def stamina_successes(faces: tuple[str, ...], rule: StaminaRule, spent: int) -> int:
    """Successes from the stamina faces, refusing a spend the rule does not allow."""
    count = stamina_faces(faces)
    if rule != "spend" and spent:
        where = "outside a scenario" if rule == "flat" else "for a Non-Hero Ally"
        raise RuleViolation(
            f"no stamina is spent on a check {where}: each stamina face counts "
            f"{'+2' if rule == 'flat' else '0'} (seed: Action dice)"
        )
    if rule == "flat":
        return PER_FACE * count
    if rule == "none":
        return 0
    if not 0 <= spent <= PER_FACE * count:
        raise RuleViolation(
            f"{count} stamina face{'' if count == 1 else 's'} allow spending 0 to "
            f"{PER_FACE * count} stamina (0, 1 or 2 each), not {spent}"
        )
    return spent


def reaction_successes(faces: tuple[str, ...], hourglass: int = 0) -> int:
    """Each hourglass counts ``hourglass`` successes: 0 unless an effect uses it (§4.2)."""
    return sum(REACTION_VALUES[face] for face in faces) + hourglass * faces.count(HOURGLASS)
