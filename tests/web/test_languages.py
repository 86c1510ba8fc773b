"""The pages' languages: every word the code marks (templates' ``_()``, Python's ``gettext``
and ``N_``) is in the catalogue and has its German; every registered action and parameter
has a German word; the reader's language comes from the picker's cookie, else from
``Accept-Language``, else English, and ``<html lang>`` follows it."""

import subprocess
import sys
from pathlib import Path

import pluggy
import pytest
from babel.messages.pofile import read_po

from ledger.actions import Step, markers
from ledger.hosting import Registry
from ledger_web import i18n
from ledger_web.pages import forms
from ledger_web.security import Security
from tests.helpers import ROOT
from tests.helpers.cli import Invoke
from tests.helpers.web import client

LOCALE = ROOT / "web" / "ledger_web" / "locale"


def extracted(tmp_path: Path) -> set[str]:
    """The msgids the code marks now (``pybabel extract`` as pyproject.toml configures it)."""
    pot = tmp_path / "now.pot"
    pybabel = Path(sys.executable).with_name("pybabel")
    subprocess.run(
        [str(pybabel), "extract", "-o", str(pot)], cwd=ROOT, check=True, capture_output=True
    )
    with pot.open("rb") as source:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(source) if m.id}


def german() -> dict[str, object]:
    with (LOCALE / "de" / "LC_MESSAGES" / "messages.po").open("rb") as source:
        catalogue = read_po(source, locale="de")
    return {
        (m.id if isinstance(m.id, str) else m.id[0]): m.string
        for m in catalogue
        if m.id and not m.fuzzy
    }


def _complete(string: object) -> bool:
    """A translation, with every plural form, if a plural."""
    forms = string if isinstance(string, tuple) else (string,)
    return all(forms)


def test_every_marked_word_has_its_german(tmp_path: Path) -> None:
    words = extracted(tmp_path)
    assert {"Party", "Dark theme"} <= words
    translated = german()
    missing = sorted(w for w in words if not _complete(translated.get(w)))
    assert not missing, (
        f"{len(missing)} words have no German (run `pybabel extract` and `pybabel update`, "
        f"then translate them in locale/de/LC_MESSAGES/messages.po): {missing}"
    )


def test_every_action_and_parameter_has_a_german_word(pm: pluggy.PluginManager) -> None:
    catalogue = Registry(pm, strict=False).actions
    found = forms.action_forms({name: catalogue.get(name) for name in catalogue.names()})
    names = set()
    for form in found.values():
        names.add(form.name.replace("_", " "))
        for field in form.fields:
            names.add(field.name.replace("_", " "))
            names.update(field.choices)
        for marker in markers(catalogue.get(form.name)).values():
            if isinstance(marker, Step):  # a card's dial and its stepper's word
                names.update((marker.dial, marker.word))
    translated = german()
    missing = sorted(name for name in names if not translated.get(name))
    assert not missing, f"add them to ledger_web/pages/action_words.py and translate: {missing}"


def test_the_language_is_the_pickers_then_the_browsers_then_english() -> None:
    assert i18n.choose(None, "de-DE,de;q=0.9,en;q=0.8") == "de"
    assert i18n.choose(None, "fr-FR, en;q=0.5, de;q=0.7") == "de"
    assert i18n.choose(None, "fr-FR") == "en"
    assert i18n.choose(None, "") == "en"
    assert i18n.choose(None, "de;q=0, en") == "en"
    assert i18n.choose("en", "de-DE") == "en"
    assert i18n.choose("xx", "de-DE") == "de"
    with i18n.speaking("de"):
        assert i18n.gettext("Party") == "Gruppe"
        assert (
            i18n.ngettext(
                "What changed from then to now (%(num)s change)",
                "What changed from then to now (%(num)s changes)",
                2,
            )
            == "Was sich seitdem geändert hat (%(num)s Änderungen)"
        )
    assert i18n.gettext("Party") == "Party"


@pytest.mark.parametrize(
    "path", ["/", "/heroes/Torrax", "/check", "/log", "/timeline", "/plots", "/share"]
)
def test_a_german_reader_gets_german_pages(party: Invoke, db_path: Path, path: str) -> None:
    with client(db_path) as web:
        page = web.get(path, headers={"Accept-Language": "de-DE,de;q=0.9"}).text
        assert '<html lang="de">' in page
        assert "Zurück zur Gruppe" in page or ">Gruppe</a>" in page
        english = web.get(path, headers={"Accept-Language": "de"}, cookies={"ledger_lang": "en"})
        assert '<html lang="en">' in english.text


def test_a_refusal_on_a_german_page_says_it_is_english(party: Invoke, db_path: Path) -> None:
    with client(db_path) as web:
        page = web.get("/log?hero=Nobody", headers={"Accept-Language": "de"}).text
        assert "no Hero named" in page
        assert "vorerst auf Englisch" in page
        assert "vorerst auf Englisch" not in web.get("/log?hero=Nobody").text


def test_the_page_without_a_token_is_a_page_in_the_readers_language(db_path: Path) -> None:
    with client(db_path, security=Security(token="t0ken", loopback_only=False)) as web:
        page = web.get("/", headers={"Accept": "text/html", "Accept-Language": "de"})
        assert page.status_code == 401
        assert '<html lang="de">' in page.text
        assert "Diesem Link fehlt sein Token" in page.text
        assert 'href="/"' in page.text
        api = web.get("/api", headers={"Accept": "text/html"})
        assert api.status_code == 401
        assert api.json() == {"error": "a valid token is needed (ask the host for the link)"}
