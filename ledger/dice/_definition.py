"""Die definitions: a die is a list of faces; how often each symbol appears is data (§12.1)."""

from collections.abc import Iterable
from pathlib import Path

import msgspec

from ledger.errors import BadInput, PluginError
from ledger.text import check_name, quoted

EXTRA = "1+"
STAMINA = "S"
HOURGLASS = "H"
# What each symbol is worth before any decision: stamina and hourglass faces count nothing
# until a rule or an effect says so.
ACTION_VALUES = {"0": 0, "1": 1, "2": 2, EXTRA: 1, STAMINA: 0}
REACTION_VALUES = {"0": 0, "1": 1, "2": 2, HOURGLASS: 0}
ACTION_WORDS = "1, 2, 1+ (1 success and an extra roll), S (stamina), 0 (blank)"
REACTION_WORDS = "0 (blank), 1, 2, H (hourglass)"
MAX_FACES = 60


class DiceSet(msgspec.Struct, frozen=True, kw_only=True):
    """The faces of the Action (red) and Reaction (blue) dice, one entry per face."""

    name: str = "custom"
    action: tuple[str, ...]
    reaction: tuple[str, ...]
    assumption: bool = False  # True while the face counts are not confirmed from a real die
    source: str = ""

    def label(self) -> str:
        assumed = " (an assumption: the real face counts are not known)" if self.assumption else ""
        return f"{self.name}{assumed}"


def check_dice(dice: DiceSet) -> DiceSet:
    """Refuse a definition a roll could not come from, or whose extra rolls never end."""
    check_name(dice.name, "die definition name")
    check_die(dice.action, "Action", ACTION_VALUES, ACTION_WORDS)
    check_die(dice.reaction, "Reaction", REACTION_VALUES, REACTION_WORDS)
    if all(face == EXTRA for face in dice.action):
        raise BadInput("an Action die whose every face is 1+ would roll forever")
    return dice


def check_die(faces: tuple[str, ...], which: str, values: dict[str, int], words: str) -> None:
    """Refuse a die definition with no faces, too many, or a face ``values`` does not know."""
    if not 1 <= len(faces) <= MAX_FACES:
        raise BadInput(f"the {which} die needs 1 to {MAX_FACES} faces, not {len(faces)}")
    for face in faces:
        if face not in values:
            raise BadInput(f"{quoted(face)} is not a face an {which} die can have ({words})")


def load_dice_file(path: Path, fallback: DiceSet | None) -> DiceSet:
    """A TOML file with ``[action] faces = [...]`` and/or ``[reaction] faces = [...]``; a die
    it leaves out is the one in force (``fallback``)."""
    try:
        raw = msgspec.toml.decode(path.read_bytes(), type=dict[str, object])
    except OSError as error:
        raise BadInput(f"cannot read the die definition {quoted(str(path))}: {error}") from None
    except msgspec.DecodeError as error:
        raise BadInput(f"{quoted(str(path))} is not valid TOML: {error}") from None
    unknown = set(raw) - {"name", "source", "assumption", "action", "reaction"}
    if unknown:
        raise BadInput(
            f"{quoted(str(path))}: unknown keys {', '.join(sorted(unknown))} (expected "
            "[action] and [reaction] tables with faces, and optional name, source, assumption)"
        )
    dies = {which: _faces_of(raw, which, path, fallback) for which in ("action", "reaction")}
    try:
        return check_dice(
            DiceSet(
                name=str(raw.get("name", path.stem)),
                action=dies["action"],
                reaction=dies["reaction"],
                assumption=bool(raw.get("assumption", False)),
                source=str(raw.get("source", str(path.name))),
            )
        )
    except BadInput as error:
        raise BadInput(f"{quoted(str(path))}: {error}") from None


def _faces_of(
    raw: dict[str, object], which: str, path: Path, fallback: DiceSet | None
) -> tuple[str, ...]:
    table = raw.get(which)
    if table is None:
        if fallback is None:
            raise BadInput(f"{quoted(str(path))} needs a [{which}] table with faces")
        return tuple(getattr(fallback, which))
    faces = table.get("faces") if isinstance(table, dict) else None
    if not isinstance(faces, list) or not all(isinstance(f, str | int) for f in faces):
        raise BadInput(f'{quoted(str(path))}: [{which}] needs faces = ["1", "2", ...]')
    return tuple(str(face).strip().upper() for face in faces)


def choose_default(definitions: Iterable[DiceSet]) -> DiceSet:
    """The plugins' definition in force: a confirmed one beats an assumed one; two of equal
    standing are a conflict the players settle with `dice set`."""
    found = list(definitions)
    if not found:
        raise PluginError(
            "no loaded plugin defines the dice; give --dice FILE or record `dice set FILE`"
        )
    confirmed = [d for d in found if not d.assumption] or found
    if len(confirmed) > 1:
        names = ", ".join(d.name for d in confirmed)
        raise PluginError(f"several plugins define the dice ({names}); choose with `dice set`")
    return confirmed[0]
