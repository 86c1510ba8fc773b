"""Phrases that checks name ("Lock picking"): which of a Hero's items and Talents answer one.
Items are interpreted by the plugins (``interpret_item_phrase``, the first answer wins, the base
game's exact reading last); Talents answer the phrases their content lists."""

import pluggy

from ledger.hosting._hooks import first
from ledger.hosting._registry import Registry
from ledger.model import Hero, Item
from ledger.text import check_name, name_key


def item_answers(pm: pluggy.PluginManager, item: Item, phrase: str) -> bool:
    """Whether ``item`` answers ``phrase``, as the first plugin that understands it says."""
    found = first(pm, "interpret_item_phrase", item=item, phrase=phrase)
    return bool(found and found[0])


def phrase_answers(registry: Registry, hero: Hero, phrase: str) -> list[str]:
    """What the Hero has that answers ``phrase``: carried items (not left behind), Talents."""
    phrase = check_name(phrase, "phrase")
    found = [
        f"item {item.name}"
        for item in hero.items
        if not item.left_behind and item_answers(registry.pm, item, phrase)
    ]
    for talent in hero.talents:
        spec = registry.talents.find(talent)
        if spec and any(name_key(printed) == name_key(phrase) for printed in spec.phrases):
            found.append(f"Talent {talent}")
    return found
