"""An Injury effect as a player types it for a card no plugin or content pack knows
(``--effect "might -1"``). The known cards are the Registry's (``registry.injuries``: the base
game registers data/injuries.toml through ``register_injuries``)."""

import re

from ledger.model import InjuryEffect, InjuryKind
from ledger.rules.injuries import ABILITIES, check_effect
from ledger.text import check_name

# "might -1", "checks -1", "stamina 1": an ability, every active check, stamina per face.
_EFFECT = re.compile(r"^\s*(might|agility|will|checks|stamina)\s*([+-]?\d+)\s*$", re.IGNORECASE)


def parse_effect(text: str) -> InjuryEffect:
    """An effect as typed: ``might -1`` (the level is 1 lower), ``checks -1`` (every active
    check), ``stamina 1`` (at most 1 per stamina face); anything else is recorded as text,
    shown but not applied."""
    found = _EFFECT.match(text)
    if found is None:
        return check_effect(InjuryEffect(kind="text", text=check_name(text, "an Injury effect")))
    word, amount = found.group(1).lower(), int(found.group(2))
    if word in ABILITIES:
        return check_effect(InjuryEffect(kind="ability", ability=word, amount=amount))
    kind: InjuryKind = "checks" if word == "checks" else "stamina"
    return check_effect(InjuryEffect(kind=kind, amount=amount))
