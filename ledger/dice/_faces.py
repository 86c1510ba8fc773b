"""Face lists as the players read them off real dice, checked against a die definition."""

import re
from typing import Annotated, Literal

import msgspec

from ledger.dice._definition import EXTRA
from ledger.errors import BadInput
from ledger.text import quoted

DieKind = Literal["action", "reaction"]
MAX_ROLLED = 1000  # faces in one roll, extra rolls included
_SEPARATORS = re.compile(r"[\s,]+")


def split_faces(text: str) -> tuple[str, ...]:
    """``"1 2 1+ S"`` or ``"1,2,1+,S"``: faces in the order rolled."""
    faces = tuple(face.upper() for face in _SEPARATORS.split(text.strip()) if face)
    if len(faces) > MAX_ROLLED:
        raise BadInput(f"a roll has at most {MAX_ROLLED} faces, not {len(faces)}")
    return faces


def expected_count(dice: int, faces: tuple[str, ...], kind: DieKind) -> int:
    """Every 1+ on an Action die adds one die, so N dice show N faces plus one per 1+."""
    return dice + (faces.count(EXTRA) if kind == "action" else 0)


def check_faces(
    faces: tuple[str, ...], die: tuple[str, ...], dice: int, kind: DieKind, why: str = ""
) -> tuple[str, ...]:
    """Refuse a face the die does not have, or a list that is not one face per die rolled."""
    name = "Action (red)" if kind == "action" else "Reaction (blue)"
    for face in faces:
        if face not in die:
            shown = ", ".join(sorted(set(die)))
            raise BadInput(f"{quoted(face)} is not a face of the {name} die (faces: {shown})")
    wanted = expected_count(dice, faces, kind)
    if len(faces) != wanted:
        extras = faces.count(EXTRA) if kind == "action" else 0
        extra = f" and {extras} extra roll{'' if extras == 1 else 's'} (1+)" if extras else ""
        raise BadInput(
            f"{dice} {name} dice{why}{extra} show {wanted} faces, but {len(faces)} were given: "
            f"{' '.join(faces) or 'none'}"
        )
    return faces


def parse_faces(
    text: str, die: tuple[str, ...], dice: int, kind: DieKind, why: str = ""
) -> tuple[str, ...]:
    """The faces a player read off ``dice`` real dice of ``kind`` (``"1 2 1+ S"``), checked
    against the die's faces; ``why`` says where the number of dice comes from."""
    return check_faces(split_faces(text), die, dice, kind, why)


class RolledOn(msgspec.Struct, frozen=True):
    """Marks an action's ``roll`` parameter with the die its faces are read off, so a face
    (the web's dice pad) offers that die's faces only: ``Annotated[..., RolledOn("action")]``."""

    die: DieKind


ActionRoll = Annotated[tuple[str, ...], RolledOn("action")]
ReactionRoll = Annotated[tuple[str, ...], RolledOn("reaction")]
