"""Contract tests an author runs on their own plugin (they need Hypothesis):

- ``check_event_types_round_trip``: every event type the plugin registers survives JSON.
- ``check_random_history_verifies``: random commands of the plugin's event types (and undos),
  recorded after a legal setup, leave a ledger that verifies and replays to the same state.

Call them from a test with the registry fixture, e.g.
``check_event_types_round_trip(ledger_registry, "my_expansion")``."""

import json
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import msgspec
import msgspec.inspect as mi
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.campaign import Ledger
from ledger.errors import LedgerError
from ledger.hosting import Registry
from ledger.model import Event, HeroEvent
from ledger.verification import verify

HERO_FIELDS = ("hero", "to")  # string fields that name a Hero of the campaign
_text = st.text(st.characters(exclude_categories=["Cs"]), max_size=12)


def event_types_of(registry: Registry, plugin: str) -> list[type[Event]]:
    """The event types ``plugin`` registers; fails the test when it registers none."""
    types = [t for t, owner in registry.event_types.values() if owner == plugin]
    assert types, f"plugin {plugin!r} registers no event types (is it loaded?)"
    return types


def strategy_for(t: mi.Type, fields: Mapping[str, st.SearchStrategy[Any]]) -> Any:
    """A strategy for any msgspec type event types use; ``fields`` replaces a field's by name."""
    if isinstance(t, mi.StrType):
        return _text
    if isinstance(t, mi.BoolType):
        return st.booleans()
    if isinstance(t, mi.IntType):
        return st.integers(min_value=-(2**63), max_value=2**63 - 1)
    if isinstance(t, mi.FloatType):
        return st.floats(allow_nan=False)
    if isinstance(t, mi.NoneType):
        return st.none()
    if isinstance(t, mi.LiteralType):
        return st.sampled_from(t.values)
    if isinstance(t, mi.UnionType):
        return st.one_of([strategy_for(member, fields) for member in t.types])
    if isinstance(t, mi.VarTupleType):
        return st.lists(strategy_for(t.item_type, fields), max_size=4).map(tuple)
    if isinstance(t, mi.TupleType):
        return st.tuples(*(strategy_for(item, fields) for item in t.item_types))
    if isinstance(t, mi.ListType):
        return st.lists(strategy_for(t.item_type, fields), max_size=4)
    if isinstance(t, mi.DictType):
        key, value = strategy_for(t.key_type, fields), strategy_for(t.value_type, fields)
        return st.dictionaries(key, value, max_size=4)
    if isinstance(t, mi.AnyType):  # a field holding plain JSON (a content pack's values)
        return _json
    if isinstance(t, mi.StructType):
        drawn = {
            f.name: fields[f.name] if f.name in fields else strategy_for(f.type, fields)
            for f in t.fields
        }
        return st.fixed_dictionaries(drawn).map(lambda kwargs: t.cls(**kwargs))
    raise TypeError(f"no strategy for {t!r}; pass one for the field in `fields`")


_json = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**53), max_value=2**53) | _text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_text, inner, max_size=3),
    max_leaves=6,
)


def event_strategy(
    event_type: type[Event], fields: Mapping[str, st.SearchStrategy[Any]] | None = None
) -> st.SearchStrategy[Event]:
    """A Hypothesis strategy for events of ``event_type``; ``fields`` replaces a field's
    strategy by name."""
    result: st.SearchStrategy[Event] = strategy_for(mi.type_info(event_type), fields or {})
    return result


def check_event_types_round_trip(
    registry: Registry, plugin: str, *, max_examples: int = 50
) -> None:
    """Every event type of ``plugin`` decodes back to an equal event of the same type."""
    for event_type in event_types_of(registry, plugin):
        _check_round_trip(registry, event_type, max_examples)


def _check_round_trip(registry: Registry, event_type: type[Event], max_examples: int) -> None:
    @settings(max_examples=max_examples, deadline=None, database=None)
    @given(event=event_strategy(event_type))
    def round_trip(event: Event) -> None:
        encoded = msgspec.json.encode(event)
        decoded = registry.decoder.decode(encoded)
        assert type(decoded) is event_type, f"{event_type.tag()} decodes as {decoded!r}"
        assert decoded == event
        assert json.loads(encoded)["type"] == event_type.tag()

    round_trip()


def check_random_history_verifies(
    registry: Registry,
    plugin: str,
    setup: Sequence[Event],
    *,
    also: Sequence[type[Event]] = (),
    fields: Mapping[str, st.SearchStrategy[Any]] | None = None,
    max_examples: int = 25,
) -> None:
    """After the legal ``setup`` events, random commands (events of the plugin's types and of
    ``also``, and undos) are attempted; refused ones must write nothing. The ledger must then
    verify and replay, from scratch, to the state it recorded. String fields named "hero" or
    "to" draw from the Heroes of ``setup`` unless ``fields`` says otherwise."""
    heroes = sorted({event.hero for event in setup if isinstance(event, HeroEvent)})
    named = {name: st.sampled_from(heroes) for name in HERO_FIELDS if heroes}
    chosen = {**named, **(fields or {})}
    types = [*event_types_of(registry, plugin), *also]
    command = st.one_of(
        st.just("undo"), *(event_strategy(event_type, chosen) for event_type in types)
    )

    @settings(
        max_examples=max_examples,
        deadline=None,
        database=None,
        report_multiple_bugs=False,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(commands=st.lists(command, max_size=12))
    def history(commands: list[Event | str]) -> None:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "contract.db"
            with Ledger.open(path, registry, snapshot_interval=3) as ledger:
                ledger.db.execute("PRAGMA synchronous = OFF")  # a throwaway file: no fsync
                campaign = ledger.create_campaign("Contract")
                for event in setup:
                    campaign.record([event])
                for step in commands:
                    count = campaign.head().seq
                    try:
                        if isinstance(step, str):
                            campaign.undo()
                        else:
                            campaign.record([step])
                    except LedgerError:
                        assert campaign.head().seq == count, f"a refused {step!r} wrote events"
                recorded = campaign.state()
                problems = [str(problem) for problem in verify(ledger)]
                assert not problems, f"the ledger does not verify: {problems}"
            with Ledger.open(path, Registry(registry.pm), create=False) as reopened:
                replayed = reopened.campaign("Contract").state()
                assert replayed == recorded, "replayed from scratch, the state differs"

    history()
