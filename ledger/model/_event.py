"""The Event base class and the ledger's own events (campaign creation, undo and redo).

Game events come from plugins (the base game is one). Every event type is a frozen msgspec
Struct with an explicit namespaced tag that never changes once released.
"""

from collections.abc import Callable
from typing import ClassVar

import msgspec

from ledger.errors import PluginError, RuleViolation
from ledger.model._state import CampaignState, Hero, TableCard
from ledger.text import name_key


class Event(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """One fact of the campaign. ``apply`` is the rule: it returns the new state or raises
    RuleViolation, so an event that applies cleanly is legal by construction."""

    schema: ClassVar[int] = 1

    @classmethod
    def tag(cls) -> str:
        return str(cls.__struct_config__.tag)

    def apply(self, state: CampaignState) -> CampaignState:
        raise PluginError(f"event type {self.tag()} does not define apply()")

    def notes(self, before: CampaignState, after: CampaignState) -> list[str]:
        """What the rules did on their own when this event applied, to tell the players."""
        return []

    def tallies(self, before: CampaignState, after: CampaignState) -> dict[str, int]:
        """What this event adds to an evening's summary for the Hero (or Ally) it is about:
        counters by name (``"damage taken"``, ``"stamina spent"``, ``"checks rolled"``,
        ``"checks succeeded"``... or the plugin's own), read from the event and the states
        around it. Stars, items and conditions are read from the states, never tallied."""
        return {}

    def describe(self) -> str:
        """One line for the log, in the players' words."""
        fields = ", ".join(f"{f}={getattr(self, f)!r}" for f in self.__struct_fields__)
        return f"{self.tag()} {fields}"

    @property
    def hero_name(self) -> str | None:
        """The Hero the event is about, stored in its own column."""
        value = getattr(self, "hero", None)
        return value if isinstance(value, str) else None


class HeroEvent(Event, frozen=True, kw_only=True):
    """An event about one Hero, changing only that Hero."""

    hero: str

    def update(self, state: CampaignState, change: Callable[[Hero], Hero]) -> CampaignState:
        return state.with_hero(change(state.hero(self.hero)))


class CampaignCreated(Event, tag="ledger:campaign-created", frozen=True, kw_only=True):
    """The first event of every campaign: its name."""

    name: str

    def apply(self, state: CampaignState) -> CampaignState:
        return msgspec.structs.replace(state, name=self.name)

    def describe(self) -> str:
        return f"Campaign {self.name!r} created"


class Undone(Event, tag="ledger:undone", frozen=True, kw_only=True):
    """Reverts whole commands, named by their first event's seq. The projection drops them;
    the fold itself never sees this event."""

    commands: tuple[int, ...]

    def apply(self, state: CampaignState) -> CampaignState:
        return state

    def describe(self) -> str:
        return "Undo of " + ", ".join(f"#{c}" for c in self.commands)


class Redone(Event, tag="ledger:redone", frozen=True, kw_only=True):
    """Brings undone commands back into effect."""

    commands: tuple[int, ...]

    def apply(self, state: CampaignState) -> CampaignState:
        return state

    def describe(self) -> str:
        return "Redo of " + ", ".join(f"#{c}" for c in self.commands)


class SessionStarted(Event, tag="ledger:session-started", frozen=True, kw_only=True):
    """An evening of play begins; ``log --session N`` and ``replay --session N`` use it."""

    def apply(self, state: CampaignState) -> CampaignState:
        if state.session:
            raise RuleViolation(f"session {state.session} is still open; end it first")
        number = state.sessions + 1
        return msgspec.structs.replace(state, session=number, sessions=number)

    def describe(self) -> str:
        return "A play session begins"


class SessionEnded(Event, tag="ledger:session-ended", frozen=True, kw_only=True):
    """The play session that is open ends."""

    def apply(self, state: CampaignState) -> CampaignState:
        if not state.session:
            raise RuleViolation("no play session is open; `session start` opens one")
        return msgspec.structs.replace(state, session=0)

    def describe(self) -> str:
        return "The play session ends"


def card_key(kind: str, name: str) -> str:
    """Where ``state.content`` keeps a card: its kind and its name in any spelling."""
    return f"{kind}:{name_key(name)}"


class ContentAdded(Event, tag="ledger:content-added", frozen=True, kw_only=True):
    """The table typed cards into a content pack (``content add FILE.toml``): the cards that
    are new or changed since the campaign last read a pack of that name, and the ones it no
    longer holds. What the cards say is in the event, so a campaign file carries its cards."""

    pack: str  # the file's name
    sha256: str  # the file's hash
    cards: tuple[TableCard, ...] = ()
    removed: tuple[str, ...] = ()  # card_key()s this pack gave before and holds no more

    def apply(self, state: CampaignState) -> CampaignState:
        if not self.cards and not self.removed:
            raise RuleViolation(f"content pack {self.pack!r} changes nothing")
        content = dict(state.content)
        for key in self.removed:
            held = content.get(key)
            if held is None or held.pack != self.pack:
                raise RuleViolation(f"content pack {self.pack!r} never gave {key!r}")
            del content[key]
        for card in self.cards:
            stamped = msgspec.structs.replace(card, pack=self.pack, sha256=self.sha256)
            content[card_key(card.kind, card.name)] = stamped
        return msgspec.structs.replace(state, content=content)

    def notes(self, before: CampaignState, after: CampaignState) -> list[str]:
        notes = []
        for card in self.cards:
            for field, value in card.replaced.items():
                notes.append(
                    f"{card.name}: {field} {card.fields[field]!r} replaces the plugins' "
                    f"{value!r} (override = true)"
                )
        return notes

    def describe(self) -> str:
        named = ", ".join(f"{card.kind} {card.name}" for card in self.cards[:6])
        if len(self.cards) > 6:
            named += f" and {len(self.cards) - 6} more"
        if self.removed:
            named += f"{'; ' if named else ''}{len(self.removed)} no longer in it"
        return f"Content pack {self.pack!r}: {named}"


LEDGER_EVENT_TYPES: tuple[type[Event], ...] = (
    CampaignCreated,
    Undone,
    Redone,
    SessionStarted,
    SessionEnded,
    ContentAdded,
)
META_TYPES = frozenset({Undone.tag(), Redone.tag()})
