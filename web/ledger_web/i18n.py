"""The pages' words in the reader's language: templates call ``_("...")`` (Jinja2's i18n
extension, new-style: ``_("%(n)s left", n=3)`` formats after translating), Python code that
builds a page's words calls ``gettext`` and ``ngettext`` from here, and marks words kept
for later (a plot's title, drawn once for every reader) with ``N_``.

The language is the reader's choice (the ``ledger_lang`` cookie the page's picker sets), else
the best of ``Accept-Language`` (Babel's negotiation), else English. The catalogues are the
``.po`` files under ``locale/``, read with Babel when the module is first imported: no
compiled ``.mo`` is kept in git or built at install."""

import gettext as _gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from importlib.resources import files
from typing import Any

import jinja2
from babel.core import negotiate_locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

ENGLISH = "en"
COOKIE = "ledger_lang"
NAMES = {"en": "English", "de": "Deutsch"}  # each language in its own words, for the picker


def _catalogues() -> dict[str, _gettext.NullTranslations]:
    found: dict[str, _gettext.NullTranslations] = {ENGLISH: _gettext.NullTranslations()}
    for code in NAMES:
        po = files("ledger_web").joinpath("locale", code, "LC_MESSAGES", "messages.po")
        if code == ENGLISH or not po.is_file():
            continue
        with po.open("rb") as source:
            catalogue = read_po(source, locale=code)
        compiled = io.BytesIO()
        write_mo(compiled, catalogue)
        compiled.seek(0)
        found[code] = _gettext.GNUTranslations(compiled)
    return found


TRANSLATIONS = _catalogues()
LANGUAGES = tuple(TRANSLATIONS)
_current: ContextVar[str] = ContextVar("language", default=ENGLISH)


def language() -> str:
    """The language of the page being drawn (its ``<html lang>``)."""
    return _current.get()


def gettext(message: str) -> str:
    return TRANSLATIONS[_current.get()].gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return TRANSLATIONS[_current.get()].ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogues; it is translated where it is shown."""
    return message


def refusals_note() -> str:
    """Beside a refusal or the events told: the core's words, English for now (nothing when
    the page is in English)."""
    if _current.get() == ENGLISH:
        return ""
    return gettext("The ledger's refusals and its events' descriptions are in English for now.")


def decimal(value: float, places: int) -> str:
    """``value`` with ``places`` decimals, as the reader's language writes it (12.5, 12,5)."""
    pattern = "0." + "0" * places if places else "0"
    return format_decimal(value, format=pattern, locale=_current.get())


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """The words in ``code`` (one of LANGUAGES) inside the block."""
    token = _current.set(code if code in TRANSLATIONS else ENGLISH)
    try:
        yield
    finally:
        _current.reset(token)


def _accepted(header: str) -> list[str]:
    """The languages of an ``Accept-Language`` header, the most wanted first."""
    weighted = []
    for position, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if tag and tag != "*" and quality > 0:
            weighted.append((-quality, position, tag.replace("-", "_")))
    return [tag for *_, tag in sorted(weighted)]


def choose(cookie: str | None, accept_language: str) -> str:
    """The reader's language: the one picked on the page, else the browser's best."""
    if cookie in TRANSLATIONS:
        return cookie
    wanted = _accepted(accept_language)
    return negotiate_locale(wanted, list(LANGUAGES)) or ENGLISH


class Language:
    """Sets the language for each request: what its pages (and refusals) are drawn in."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        cookie = None
        for part in headers.get("cookie", "").split(";"):
            name, _, value = part.strip().partition("=")
            if name == COOKIE:
                cookie = value
        with speaking(choose(cookie, headers.get("accept-language", ""))):
            await self.app(scope, receive, send)


def install(templates: jinja2.Environment) -> None:
    """Give ``templates`` the ``_``, ``gettext`` and ``ngettext`` of the current language."""
    templates.add_extension("jinja2.ext.i18n")
    templates.install_gettext_callables(gettext, ngettext, newstyle=True)  # type: ignore[attr-defined]
    globals_: dict[str, Any] = templates.globals
    globals_["language"] = language
    globals_["languages"] = NAMES
    globals_["refusals_note"] = refusals_note
    globals_["decimal"] = decimal
    globals_["word"] = gettext  # a word named in code (a status, an action), kept in N_ lists
