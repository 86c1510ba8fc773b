"""The text a new event brings in, checked when it is recorded (every face: the CLI, the web
app, Python): no unprintable character anywhere in any string (names, sources, entries,
places), and no look-alike of an existing Hero, item or keyword. Replay does not check this:
a file recorded before keeps opening as it did, and is shown through ``printable``."""

from collections.abc import Iterator

import msgspec

from ledger.campaign._lookalikes import refuse_lookalike
from ledger.model import CampaignState, Event
from ledger.text import check_text


def strings(value: object, field: str = "") -> Iterator[tuple[str, str]]:
    """Every string in a decoded JSON value, with the field it is in ("item name")."""
    if isinstance(value, str):
        yield _LABELS.get(field, field.replace("_", " ") or "text"), value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings(key, field)
            yield from strings(item, f"{field} {key}".strip())
    elif isinstance(value, list):
        for item in value:
            yield from strings(item, field)


_LABELS = {"hero": "Hero name", "to": "Hero name", "source": "lock source"}


def refuse_unencodable(event: Event) -> None:
    """Refuse ``event`` if a string in it is not UTF-8 text: a lone surrogate, as a byte that
    is not UTF-8 reaches Python from a shell (``\\udcff``) or a JSON ``"\\ud800"``."""
    for field, text in strings(msgspec.to_builtins(event)):
        check_text(text, field)


def names(state: CampaignState) -> Iterator[str]:
    """The names a look-alike could pass for: the Heroes, every item the party holds and
    every keyword written in a Journal."""
    for hero in state.heroes.values():
        yield hero.name
        for item in hero.items:
            yield item.name
        for keyword in hero.journal:
            yield keyword.word
    for item in state.stock:
        yield item.name
    for keyword in state.journal:
        yield keyword.word


def check_new_text(event: Event, encoded: bytes, state: CampaignState) -> None:
    """Refuse ``event`` (``encoded`` as JSON) if a string in it holds an unprintable
    character or imitates a Hero, item or keyword of ``state`` with other letters."""
    plain = encoded.isascii() and b"\\" not in encoded  # JSON escapes every control character
    texts: list[tuple[str, str]] | None = None
    if not plain:
        texts = list(strings(msgspec.json.decode(encoded)))
        for field, text in texts:
            check_text(text, field)
    known = list(names(state))
    if plain and all(name.isascii() for name in known):
        return  # ASCII imitates nothing ASCII: the usual event, checked in microseconds
    for _, text in texts if texts is not None else strings(msgspec.json.decode(encoded)):
        refuse_lookalike(text, known)
