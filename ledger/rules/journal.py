"""Journals and keywords (§8.5): the Party Journal and each Hero's Journal."""

from collections.abc import Callable

from msgspec.structs import replace

from ledger.errors import RuleViolation
from ledger.model import CampaignState, Keyword
from ledger.text import check_name, name_key, quoted

Journal = tuple[Keyword, ...]
Edit = Callable[[Journal, str, str], Journal]  # (journal, word, where) -> journal
MAX_TALLY = 999


def find(journal: Journal, word: str) -> Keyword | None:
    """The keyword ``word`` (any spelling) in ``journal``, crossed out or not, else None."""
    key = name_key(word)
    return next((entry for entry in journal if name_key(entry.word) == key), None)


def counts(journal: Journal, word: str) -> bool:
    """A crossed-out keyword no longer counts as being in the journal."""
    entry = find(journal, word)
    return entry is not None and not entry.crossed


def has_keyword(state: CampaignState, hero: str, word: str) -> bool:
    """ "If the Keyword shown is in your Hero or Party Journal" (seed: ability checks)."""
    return counts(state.hero(hero).journal, word) or counts(state.journal, word)


def add(journal: Journal, word: str, where: str) -> Journal:
    """``journal`` with ``word`` written in; a keyword is never written twice (§8.5)."""
    word = check_name(word, "keyword")
    entry = find(journal, word)
    if entry is not None:
        crossed = " (crossed out)" if entry.crossed else ""
        raise RuleViolation(
            f"{quoted(entry.word)}{crossed} is already in {where}; a keyword is never "
            f"written twice in one journal (§8.5)"
        )
    return (*journal, Keyword(word=word))


def cross(journal: Journal, word: str, where: str) -> Journal:
    """``journal`` with ``word`` crossed out; it no longer counts."""
    entry = find(journal, word)
    if entry is None:
        raise RuleViolation(f"{quoted(word)} is not in {where}, so it cannot be crossed out")
    if entry.crossed:
        raise RuleViolation(f"{quoted(entry.word)} is already crossed out in {where}")
    return _replace(journal, entry, replace(entry, crossed=True))


def tally(journal: Journal, word: str, where: str, marks: int = 1) -> Journal:
    """Add tally marks, writing the keyword first if it is absent (§8.5)."""
    if not 1 <= marks <= MAX_TALLY:
        raise RuleViolation(f"tally marks must be from 1 to {MAX_TALLY}, not {marks}")
    entry = find(journal, word)
    if entry is None:
        journal = add(journal, word, where)
        entry = journal[-1]
    elif entry.crossed:
        raise RuleViolation(f"{quoted(entry.word)} is crossed out in {where}; it takes no tally")
    if entry.tally + marks > MAX_TALLY:
        raise RuleViolation(f"{quoted(entry.word)} would have more than {MAX_TALLY} tally marks")
    return _replace(journal, entry, replace(entry, tally=entry.tally + marks))


def _replace(journal: Journal, old: Keyword, new: Keyword) -> Journal:
    return tuple(new if entry is old else entry for entry in journal)
