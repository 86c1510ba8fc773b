"""The pages' words in the reader's language: templates call ``_("...")`` (Jinja2's i18n
extension, new-style: ``_("%(n)s left", n=3)`` formats after translating), Python code that
builds a page's words calls ``gettext`` and ``ngettext`` from here. Until a request's
language is chosen, the words are the English the code is written in."""

import gettext as _gettext
from contextvars import ContextVar

import jinja2

_ENGLISH = _gettext.NullTranslations()
_current: ContextVar[_gettext.NullTranslations | None] = ContextVar("translations", default=None)


def _translations() -> _gettext.NullTranslations:
    return _current.get() or _ENGLISH


def gettext(message: str) -> str:
    return _translations().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translations().ngettext(singular, plural, n)


def install(templates: jinja2.Environment) -> None:
    """Give ``templates`` the ``_``, ``gettext`` and ``ngettext`` of the current language."""
    templates.add_extension("jinja2.ext.i18n")
    templates.install_gettext_callables(gettext, ngettext, newstyle=True)  # type: ignore[attr-defined]
