"""Phrases that checks name ("Lock picking"): which of a Hero's items and Talents answer one.
Items are interpreted by the plugins (``interpret_item_phrase``, the first answer wins, the base
game's exact reading last); Talents answer the phrases their content lists."""

import warnings

import pluggy

from ledger.hosting._hooks import call_impl, priority
from ledger.hosting._registry import Registry
from ledger.model import Hero, Item
from ledger.text import check_name, name_key


def item_answers(pm: pluggy.PluginManager, item: Item, phrase: str) -> bool:
    """Whether ``item`` answers ``phrase``, as the first plugin that understands it says
    (``priority``). Two plugins that both understand it and disagree are warned of, naming
    both; the trylast fallback (the base game's exact reading) is meant to be overruled."""
    hook = "interpret_item_phrase"
    answers = [
        (call_impl(impl, hook, item=item, phrase=phrase), impl)
        for impl in priority(pm.hook.interpret_item_phrase.get_hookimpls())
    ]
    given = [(bool(answer), impl) for answer, impl in answers if answer is not None]
    if not given:
        return False
    first, by = given[0]
    overruled = [impl for answer, impl in given if answer != first and not impl.trylast]
    if overruled and not by.trylast:
        warnings.warn(
            f"plugins {by.plugin_name!r} and {overruled[0].plugin_name!r} disagree whether "
            f"{item.name} answers {phrase!r} ({by.plugin_name} says {_word(first)}, "
            f"{overruled[0].plugin_name} says {_word(not first)}); {by.plugin_name!r} answers "
            "first (LEDGER_LOAD_PLUGINS' order, then tryfirst/trylast: docs/plugins.md)",
            stacklevel=2,
        )
    return first


def _word(answer: bool) -> str:
    return "yes" if answer else "no"


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
