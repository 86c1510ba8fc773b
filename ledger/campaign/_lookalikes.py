"""Names that look alike: a Cyrillic "Т" in "Тorrax" is another name to the ledger but the
same to a reader, so a new name that folds to an existing one is refused.

The fold is NFKC (fullwidth and mathematical letters become plain ones), then the table below,
then ``name_key`` (case, spaces, apostrophes), again until nothing changes. The table maps
each Cyrillic, Greek, Armenian, Cherokee, Coptic and non-ASCII Latin letter whose prototype in
Unicode's confusables list (UTS #39, confusables.txt, as packaged by confusable-homoglyphs
3.3.1) is a single ASCII letter or digit, to that character (an uppercase letter whose
prototype is "l" to "I").
ASCII itself is not folded: "Iron" and "lron" stay two names. No library is used at run time:
none on PyPI gives UTS #39 skeletons with current data and without a large import."""

import unicodedata
from collections.abc import Iterable
from functools import lru_cache

from ledger.errors import BadInput
from ledger.text import name_key, quoted

_LOOKALIKES = (
    "ıƄƍƖƦƧƷƼƽǀȜȢȣɑɡɣɩɪɯʋʏͿΑΒΕΖΗΙΚΜΝΟΡΤΥΧαγιν"
    "ορσυϜϨϳϺЅІЈАВЕЗКМНОРСТУХЬабгеорсухѕіјѡѴѵ"
    "ҮүһҽӀӏӠԁԌԛԜԝՍՏՕագզհոռսցքօᎠᎡᎢᎥᎩᎪᎫᎬᎳᎷᎻᎽᏀᏂᏃ"
    "ᏎᏏᏒᏔᏕᏙᏚᏞᏟᏢᏦᏧᏮᏳᏴᴄᴏᴑᴜᴠᴡᴢᴦᶃᶌẝỿⲅⲎⲒⲔⲘⲚⲞⲟⲢⲣⲤⲥⲦ"
    "ⲨⲬⳊⳌⳐⳒꙄꙇꜱꝚꝪꝮꞘꞙꞟꞫꞲꞳꞴꬲꬵꬽꭇꭈꭎꭒꭚꭵꮁꮃꮓꮩꮪꮯ𐋵𝈆𝈍𝈒𝈓𝈖"
    "𝈪"
)
_LATIN = (
    "ibgIR235sl388agyiiwuyJABEZHIKMNOPTYXayiv"
    "opouF2jMSIJABE3KMHOPCTYXba6reopcyxsijwVv"
    "YyheIi3dGqWwUSOwqqhnnugfoDRTiYAJEWMHYGhZ"
    "4bRWSVSLCPKd6GBcoouvwzrgyfyrHIKMNOoPpCcT"
    "YX93L62is239Ffu3JXBeforruuyirwzvscZ3V7FR"
    "L"
)
_FOLD = str.maketrans(_LOOKALIKES, _LATIN)


@lru_cache(maxsize=4096)
def fold(name: str) -> str:
    """The name as a reader sees it: look-alike letters replaced by the ASCII they imitate."""
    folded = _fold_once(name)
    # Casefolding can make a look-alike of a letter that is none (U+0345, a combining mark,
    # becomes a Greek iota): folded again until it stays; a few rounds at most, whatever the
    # text (no name can make this loop long).
    for _ in range(_ROUNDS):
        again = _fold_once(folded)
        if again == folded:
            break
        folded = again
    return folded


_ROUNDS = 3


def _fold_once(name: str) -> str:
    return name_key(unicodedata.normalize("NFKC", name).translate(_FOLD))


def lookalike(text: str, names: Iterable[str]) -> str | None:
    """The first of ``names`` that ``text`` imitates: the same to a reader, another name to
    the ledger (their keys differ, their folds do not). Text that is one of ``names``, typed
    either way, names it: a file may hold two names that look alike (forged, or recorded
    before the fold caught them), and either is still typed as it is."""
    names = list(names)
    key = name_key(text)
    if any(name_key(name) == key for name in names):
        return None
    if text.isascii():
        # Plain ASCII imitates only a name that is not: fold nothing unless one is.
        names = [name for name in names if not name.isascii()]
    folded = fold(text) if names else None
    return next((name for name in names if fold(name) == folded), None)


def refuse_lookalike(text: str, names: Iterable[str], kind: str = "") -> None:
    """Refuse ``text`` if it imitates one of ``names`` (``kind``: "campaign " names what)."""
    original = lookalike(text, names)
    if original is not None:
        raise BadInput(
            f"{quoted(text)} looks like {kind}{quoted(original)} but is spelled with other "
            "letters (a look-alike from another alphabet); type the name as it is, or choose "
            "one that does not look like it"
        )
