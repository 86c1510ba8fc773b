"""Content that plugins register: what the rules need to know about Heroes, Classes,
Professions, Talents, conditions, items, scenarios and factions. The core ships none of it;
the base game is a plugin like any expansion."""

from collections.abc import Mapping, Sequence
from typing import TypeVar

import msgspec

from ledger.errors import BadInput
from ledger.model._state import ConditionRules, Frozen, InjuryEffect, Item

SpecT = TypeVar("SpecT", bound=msgspec.Struct)


class HeroSpec(Frozen, frozen=True, kw_only=True):
    """What a plugin knows of a Hero. ``None`` means unknown: it must be given on joining.

    Attributes:
        name: the Hero's name.
        might: Might. agility: Agility. will: Will. taunt: Taunt.
        chips: Stamina chips on the healthy side of the Vitality disk.
        wounded_chips: chips on the wounded side.
        classes: the two Classes the Hero chooses from at level 2.
        source: where the known values come from, with their confidence.
    """

    name: str
    might: int | None = None
    agility: int | None = None
    will: int | None = None
    taunt: int | None = None
    chips: int | None = None
    wounded_chips: int | None = None
    classes: tuple[str, ...] = ()  # the two Classes chosen from at level 2
    source: str = ""  # where the known values come from, with their confidence


class ClassSpec(Frozen, frozen=True, kw_only=True):
    """A Class card: one Class skill is learned per level from 2 to 5 (§9.2). An empty skill
    list means the skills are not known, and any named skill is accepted."""

    name: str
    hero: str
    skills: tuple[str, ...] = ()
    source: str = ""


class ProfessionSpec(Frozen, frozen=True, kw_only=True):
    """A Profession (§9.3): its basic Talents in card order (the first is learned with it)
    and its Master Talent."""

    name: str
    talents: tuple[str, ...]
    master: str | None = None
    source: str = ""


class TalentSpec(Frozen, frozen=True, kw_only=True):
    """A Talent of a Profession; ``phrases`` are what it lets the Hero do as checks name it
    (e.g. Burglary gives "Lock picking", like the phrase on the Thieves Tools card). A
    Hideout gives its Hero a place to ``sleep`` and a stash (``stash_items`` or
    ``stash_stars``)."""

    name: str
    profession: str
    master: bool = False
    phrases: tuple[str, ...] = ()
    effect: str = ""
    sleep: str = ""  # a place to sleep it gives its Hero (a Hideout, §8.1)
    stash_items: int = 0  # its stash holds this many items ...
    stash_stars: int = 0  # ... or this many Stars, not both (a Hideout, §7.1)
    # Using it as a City activity (§9.3: "using a talent costs whatever it lists"):
    passive: bool = False  # works on its own (keywords, range): not an activity
    points: int = 0  # City Activity points per use
    stamina: int = 0  # stamina spent per use
    once_per_city_step: bool = False
    roll: int = 0  # red dice rolled for its payout (stamina faces count 2 in the City)
    pays: str = ""  # from the roll: "below-5" (the total if under 5, else 0), "up-to-5"
    gems: int = 0  # Achievement gems it gives
    discount: str = ""  # a price it lowers, for the players to apply (Haggle)
    once_per_scenario: bool = False  # a check that counts it uses it up for the scenario
    source: str = ""


class InjurySpec(Frozen, frozen=True, kw_only=True):
    """An Injury card (§2.3): ``effects`` are what the ledger applies while it is held, each
    with the card's printed ``effect`` for the players; ``source`` and ``confidence`` say
    where each datum comes from and how sure it is."""

    name: str
    effect: str = ""
    effects: tuple[InjuryEffect, ...] = ()
    source: str = ""
    confidence: str = ""


class FactionSpec(Frozen, frozen=True, kw_only=True):
    """A Faction track (§8.6). ``ranks`` are the reputation needed for each rank; empty when
    the track is not known, and then no rank is reported."""

    name: str
    ranks: tuple[int, ...] = ()
    source: str = ""


class ConditionSpec(Frozen, frozen=True, kw_only=True):
    """A condition a plugin registers (§3).

    Attributes:
        name: its name; unique across plugins.
        number: its number; unique across plugins, since a third condition discards the
            lowest-numbered one.
        positive: a condition that helps the Hero (Invisible, Blessed).
        effect: its printed text, for the players to read.
        rules: what the ledger applies to the holder's rolls (dice added or removed, a
            modifier on checks); without rules the condition stays a label.
        token: whether a Condition token exists for it (only for those affecting enemies).
    """

    name: str
    number: int  # a third condition discards the lowest number (§3)
    positive: bool = False
    effect: str = ""
    rules: ConditionRules | None = None
    token: bool = True  # a Condition token exists (one affecting enemies): Non-Hero Allies
    # take tokens, so a condition without one never reaches them (§3)


class ScenarioSpec(Frozen, frozen=True, kw_only=True):
    """What a plugin knows of a Scenario card. ``None``: the symbol is not known and must be
    given when the card enters the Stock."""

    number: int
    name: str
    level: int | None = None  # 0 for the tutorials
    xp: bool | None = None
    replay: bool | None = None
    arena: bool | None = None
    source: str = ""


class ItemSpec(Item, frozen=True, kw_only=True):
    """An item as a plugin or content pack knows it: the properties a Hero's copy carries
    (``Item``), and what only a check decides from, read from the content when the check is
    made and never copied to the Hero's item (so an item's JSON is as it always was).
    A plugin may still register a plain ``Item``: it has every default below.

    Attributes:
        once_per_scenario: its effect is usable once per scenario: a check that counts the
            item (an ``item``, ``discard`` or ``phrase`` modifier it meets) uses it up for
            the Hero until the scenario ends, without the player declaring it.
    """

    once_per_scenario: bool = False


def carried(item: Item) -> Item:
    """``item`` as a Hero's copy holds it: an ``ItemSpec`` without what only checks read."""
    if type(item) is Item:
        return item
    return Item(**{name: getattr(item, name) for name in Item.__struct_fields__})


class Payment(Frozen, frozen=True, kw_only=True):
    """One way to pay for a City service: City Activity points and/or Stars."""

    points: int = 0
    stars: int = 0


class ServiceSpec(Frozen, frozen=True, kw_only=True):
    """A City activity, location or service (§8.1, §7.4) and what it does. ``costs`` are the
    ways to pay (e.g. 1 CAP or 3 Stars); ``level`` is the Campaign Book level they are from
    (None: the rules' own example, any level)."""

    name: str
    location: str = ""
    costs: tuple[Payment, ...] = ()
    level: int | None = None
    gain_stars: int = 0
    variable_gain: bool = False  # the Stars gained come from a roll and must be given
    restore: int = 0
    heal: int = 0
    sleep: bool = False  # gives a place to sleep (at the location)
    heals_injury: bool = False  # discards one Injury card
    effect: str = ""  # what the ledger does not model, for the players to read
    source: str = ""


def specs_from_toml(data: bytes | str, table: str, spec: type[SpecT]) -> list[SpecT]:
    """The content of a TOML file holding one array of tables, ``[[table]]``, each one
    ``spec``'s fields: ``specs_from_toml(text, "item", ItemSpec)``. A missing or misspelt
    field, or a value of the wrong type, raises ``BadInput`` naming the entry and the field."""
    try:
        tables = msgspec.toml.decode(data, type=dict[str, list[dict[str, object]]])
    except msgspec.DecodeError as error:  # ValidationError is a DecodeError
        raise BadInput(f"{spec.__name__} content: {error}") from error
    return specs_from_tables(tables, table, spec)


def specs_from_tables(
    tables: Mapping[str, Sequence[Mapping[str, object]]], table: str, spec: type[SpecT]
) -> list[SpecT]:
    """``specs_from_toml`` of tables already parsed (the base game keeps its files parsed)."""
    # The names as msgspec.structs.fields gives them, without evaluating the annotations again.
    known = set(spec.__struct_encode_fields__)
    entries = tables.get(table, [])
    if all(known.issuperset(entry) for entry in entries):
        try:  # every command gathers the catalogues: one conversion, not one an entry
            return msgspec.convert(entries, list[spec])  # type: ignore[valid-type]
        except msgspec.ValidationError:
            pass  # the loop below names the entry and the field
    specs = []
    for index, entry in enumerate(entries):
        where = f"[[{table}]] #{index + 1} ({entry.get('name', 'no name')})"
        unknown = sorted(set(entry) - known)
        if unknown:
            raise BadInput(f"{where}: {spec.__name__} has no field {', '.join(unknown)}")
        try:
            specs.append(msgspec.convert(entry, spec))
        except msgspec.ValidationError as error:
            raise BadInput(f"{where}: {error}") from error
    return specs
