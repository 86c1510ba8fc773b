"""A page that only says one thing (the server refused a link without its token, or cannot
show a page): whole and in the reader's language, with a way back, but standing alone, since
a reader without a token may not load the app's styles. Its colours are the system's
(``Canvas``, ``CanvasText``), so it follows a dark screen too."""

from html import escape

from ledger_web.i18n import gettext, language

STYLE = (
    ":root{color-scheme:light dark}"
    "body{font-family:system-ui,sans-serif;margin:0 auto;padding:1rem;max-width:36rem;"
    "background:Canvas;color:CanvasText;line-height:1.4}"
    "p[role=alert]{border-left:4px solid;padding:.6rem .8rem}"
    "a{color:LinkText}"
)


def notice_page(title: str, message: str, *, hint: str = "", back: str = "/") -> str:
    """``title`` as the heading, ``message`` as an alert, ``hint`` below it, and a link back."""
    hint_html = f"<p>{escape(hint)}</p>" if hint else ""
    return (
        f'<!doctype html><html lang="{language()}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)} · campaign-ledger</title><style>{STYLE}</style></head>"
        f"<body><main><h1>{escape(title)}</h1><p role=alert>{escape(message)}</p>{hint_html}"
        f'<p><a href="{escape(back)}">{escape(gettext("Back to the party"))}</a></p>'
        "</main></body></html>"
    )
