"""What changed between two states of a campaign, for each Hero and for the party: what
``diff REF REF`` shows and the web app's comparison, computed once here. Every field of the
state is compared (a field added later is compared too); lists of things (items, conditions,
keywords, skills) say what was gained and lost."""

import functools
from collections import Counter
from typing import Any

import msgspec

from ledger.model import Ally, CampaignState, Hero, Stamina, Step

# Bookkeeping the party's other fields already show (the step), or the campaign's own name.
# The Allies are compared one by one, as the Heroes are.
_PARTY_SKIPPED = frozenset({"heroes", "allies", "name", "owed", "steps_started", "scenario_plays"})


class Change(msgspec.Struct, frozen=True, kw_only=True):
    """One field that differs: its values before and after as JSON, and for a list of things
    the entries gained and lost (one per copy, by name)."""

    field: str  # as in the state's JSON: "stamina", "items", "class", "level"
    before: Any
    after: Any
    added: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        """The change in words: "stars 1 → 3", "items gained Sword; lost Rope"."""
        label = self.field.replace("_", " ")
        if self.added or self.removed:
            parts = [f"gained {_counted(self.added)}"] if self.added else []
            parts += [f"lost {_counted(self.removed)}"] if self.removed else []
            return f"{label} {'; '.join(parts)}"
        if self.field == "session":
            return _session_text(self.before, self.after)
        was, now = _value_text(self.field, self.before), _value_text(self.field, self.after)
        return f"{label} {was} → {now}"


def _counted(names: tuple[str, ...]) -> str:
    """Entries by name, copies counted: "Rope ×3, Sword"."""
    return ", ".join(
        name if count == 1 else f"{name} ×{count}" for name, count in Counter(names).items()
    )


def _session_text(before: int, after: int) -> str:
    """The play session open (0: none), in words: "session 1 ended", not "session 1 → 0"."""
    said = [f"session {before} ended"] if before else []
    said += [f"session {after} under way"] if after else []
    return ", ".join(said)


class HeroDiff(msgspec.Struct, frozen=True, kw_only=True):
    """A Hero's changes; ``joined``: not in the campaign before, ``left``: not after."""

    name: str
    joined: bool = False
    left: bool = False
    changes: tuple[Change, ...] = ()


class StateDiff(msgspec.Struct, frozen=True, kw_only=True):
    """What ``diff_states`` found: each Hero who joined, left or changed, and the party's
    own changes (step, level, XP, Journal, Stock, outcomes...). ``msgspec.to_builtins`` gives
    it as JSON; ``lines()`` in words."""

    heroes: tuple[HeroDiff, ...] = ()
    party: tuple[Change, ...] = ()
    allies: tuple[HeroDiff, ...] = ()  # the Non-Hero Allies', as the Heroes'

    @property
    def empty(self) -> bool:
        return not self.heroes and not self.party and not self.allies

    def lines(self) -> list[str]:
        """The diff as text, a line per Hero and party change ("no change" if none)."""
        lines = []
        for hero in self.heroes:
            if hero.joined:
                lines.append(f"{hero.name} joined the campaign")
            elif hero.left:
                lines.append(f"{hero.name} is no longer in the campaign")
            lines += [f"{hero.name}: {change.text}" for change in hero.changes]
        for ally in self.allies:
            if ally.joined:
                lines.append(f"{ally.name} (a Non-Hero Ally) joined the party")
            elif ally.left:
                lines.append(f"{ally.name} (a Non-Hero Ally) left the party")
            lines += [f"{ally.name}: {change.text}" for change in ally.changes]
        lines += [f"party: {change.text}" for change in self.party]
        return lines or ["no change"]


def diff_states(before: CampaignState, after: CampaignState) -> StateDiff:
    """What changed from ``before`` to ``after``: each Hero who joined, left or changed (in
    the order of ``after``, then those who left), and the party's own fields."""
    heroes = []
    for name, hero in after.heroes.items():
        old = before.heroes.get(name)
        if old != hero:
            changes = _changes(old or _EMPTY_HERO, hero, {"name"})
            heroes.append(HeroDiff(name=name, joined=old is None, changes=changes))
    for name in before.heroes.keys() - after.heroes.keys():
        heroes.append(HeroDiff(name=name, left=True))
    party = _changes(before, after, _PARTY_SKIPPED)
    return StateDiff(heroes=tuple(heroes), party=party, allies=_ally_diffs(before, after))


def _ally_diffs(before: CampaignState, after: CampaignState) -> tuple[HeroDiff, ...]:
    found = []
    for name, ally in after.allies.items():
        old = before.allies.get(name)
        if old != ally:
            changes = _changes(old or _EMPTY_ALLY, ally, {"name"})
            found.append(HeroDiff(name=name, joined=old is None, changes=changes))
    found += [HeroDiff(name=name, left=True) for name in before.allies.keys() - after.allies]
    return tuple(found)


_EMPTY_ALLY = Ally(name="", might=0, agility=0, will=0, taunt=0)


_EMPTY_HERO = Hero(
    name="",
    might=0,
    agility=0,
    will=0,
    taunt=0,
    chips=0,
    wounded_chips=0,
    stamina=Stamina(unspent=0),
)


def _changes(
    before: msgspec.Struct, after: msgspec.Struct, skipped: frozenset[str] | set[str]
) -> tuple[Change, ...]:
    changes = []
    for name, encode_name in _fields(type(after)):
        if name in skipped:
            continue
        old, new = getattr(before, name), getattr(after, name)
        if old == new or (_blank(old) and _blank(new)):
            continue
        added: tuple[str, ...] = ()
        removed: tuple[str, ...] = ()
        if isinstance(new, tuple) and isinstance(old, tuple):
            was, now = Counter(map(_label, old)), Counter(map(_label, new))
            added, removed = tuple((now - was).elements()), tuple((was - now).elements())
        changes.append(
            Change(
                field=encode_name,
                before=msgspec.to_builtins(old),
                after=msgspec.to_builtins(new),
                added=added,
                removed=removed,
            )
        )
    return tuple(changes)


@functools.cache
def _fields(kind: type[msgspec.Struct]) -> tuple[tuple[str, str], ...]:
    """A struct type's fields, each its name and its name in JSON, read once per type:
    ``msgspec.structs.fields`` evaluates the type hints at every call (four fifths of telling
    a session, a diff per event)."""
    return tuple((field.name, field.encode_name) for field in msgspec.structs.fields(kind))


def _blank(value: object) -> bool:
    """Nothing to tell: none, or a record of defaults only (a City step's progress begun)."""
    if value is None:
        return True
    if isinstance(value, msgspec.Struct):
        return all(not getattr(value, f) for f in value.__struct_fields__)
    return False


def _label(entry: object) -> str:
    """An entry of a list of things by name: an item (with its state), a condition, a
    keyword (crossed out, tallies), a card, an outcome, a skill."""
    if isinstance(entry, str):
        return entry
    word = getattr(entry, "word", None)
    if word is not None:
        crossed = " (crossed out)" if getattr(entry, "crossed", False) else ""
        tally = getattr(entry, "tally", 0)
        return f"{word}{crossed}" + (f" {'|' * tally}" if tally else "")
    name = getattr(entry, "name", None)
    if isinstance(name, str) and name:
        marks = [m for m in ("active", "left_behind") if getattr(entry, m, False)]
        return name + (f" ({', '.join(m.replace('_', ' ') for m in marks)})" if marks else "")
    outcome = getattr(entry, "outcome", None)
    number = getattr(entry, "number", None)
    if outcome is not None:
        return f"scenario {number} {outcome or '(no outcome)'}"
    if number is not None:
        return f"scenario {number}"
    return msgspec.json.encode(entry).decode()


def _value_text(field: str, value: Any) -> str:
    if field == "step":
        return step_text(None if value is None else msgspec.convert(value, Step))
    if value is None:
        return "none"
    if field == "stamina" and isinstance(value, dict):
        text = f"{value['unspent']} unspent, {value['spent']} spent, {value['wound']} wound"
        locks = sum(lock["chips"] for lock in value["locks"])
        return text + (f", {locks} locked" if locks else "")
    if isinstance(value, dict) and value and all(_scalar(v) for v in value.values()):
        return ", ".join(
            f"{key.replace('_', ' ')} {_value_text('', v)}" for key, v in value.items()
        )
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, str)):
        return str(value)
    return msgspec.json.encode(value).decode()


def _scalar(value: object) -> bool:
    return value is None or isinstance(value, (bool, int, str))


def step_text(step: Step | None) -> str:
    """A step as the sheet names it: "City step 2", "Scenario step 3: scenario 5, play 2"."""
    if step is None:
        return "before the first step"
    if step.kind == "scenario":
        play = f", play {step.play}" if step.play and step.play > 1 else ""
        ended = " (ended)" if step.ended else ""
        return f"Scenario step {step.number}: scenario {step.scenario}{play}{ended}"
    return f"{step.kind.title()} step {step.number}"
