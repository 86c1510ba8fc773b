"""The players' pages: the party (now, or at any point, read-only), a Hero's sheet, a check
with its odds, the log, the timeline, a session told as a story, and the plots.

Every recording form posts here and is recorded through the one recording function
(``ledger_web.recording``): a structured action by name, an undo or redo of what the page
showed, or a line of the command box (``ledger_web.command_box``).
A success sends the browser back to the page it came from (303, its query kept); a refusal
answers the rule's own message (app.js shows it in the form, which keeps what was typed;
without script it is the party page), with nothing written. Every form carries the head its
page was drawn at (``seen``): the Undo and Redo buttons are refused when the table moved on,
and a refusal says what was recorded since."""

import uuid
from collections.abc import Awaitable, Callable
from typing import Any, Literal
from urllib.parse import parse_qsl, quote, urlencode

from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from ledger.errors import LedgerError
from ledger.service import Service
from ledger.views import described_parts, to_json
from ledger_web.calls import ActionCall, Call, CommandText, MetaCall
from ledger_web.i18n import gettext
from ledger_web.pages import charts, forms, views
from ledger_web.plots import line_chart
from ledger_web.recording import Outcome, refused
from ledger_web.server import web_of
from ledger_web.wellformed import Malformed, optional_whole

PREFIX = "page_"  # route names: the API's routes have names too
NOTICES = {"refusal": None, "recorded": None, "line": None, "answer": None}


def _render(
    request: Request, template: str, context: dict[str, Any], status: int = 200
) -> Response:
    """A page, with what every page of this module uses: links by route name, a fresh
    idempotency key per form, the notices (none unless given)."""
    context = {
        "url": lambda route, **params: request.url_for(PREFIX + route, **params).path,
        "new_key": lambda: uuid.uuid4().hex,
        "hero_url": _hero_url,
        "parts": described_parts,  # a plugin's state on the Hero card and sheet, the party sheet
        # Where a form sends the browser back to, and what the live refresh reads again: this
        # page (its query kept: the Check page keeps its Hero and odds), or the party page
        # when this page is the answer to a refused form (its URL is the form's, POST only).
        "back": _page_url(request),
        **NOTICES,
        **context,
    }
    return web_of(request).render(request, template, context, status)


render_page = _render  # for the pages other modules serve (/share)


def _page_url(request: Request) -> str:
    """The address of what this page shows, to read it again: never a POST-only address."""
    if request.method != "GET":
        return "/"
    query = urlencode([(k, v) for k, v in request.query_params.multi_items() if k != "recorded"])
    return request.url.path + (f"?{query}" if query else "")


def _hero_url(name: str, at: str | None = None) -> str:
    """A Hero's page: the name is any text (a "/" too), so it is quoted whole."""
    return f"/heroes/{quote(name, safe='')}" + (f"?{urlencode({'at': at})}" if at else "")


def _at(request: Request) -> str | None:
    at = request.query_params.get("at", "").strip()
    return at or None


async def _read(request: Request, work: Callable[[Service], Any]) -> Any:
    return await web_of(request).ledgers.read(work)


def _common(service: Service, request: Request) -> dict[str, Any]:
    """What every page shows: the campaign, its head, and what the form just sent recorded
    (``?recorded=SEQ``, where a recording form sends the browser back to)."""
    campaign = service.campaign()
    seq = optional_whole(request.query_params.get("recorded"), "recorded", low=1)
    recorded = views.recorded(service, seq) if seq is not None else None
    return {"campaign": campaign.name, "head": campaign.head().seq, "recorded": recorded}


async def party(request: Request) -> Response:
    return await _party(request, _at(request))


async def _party(request: Request, at: str | None, status: int = 200, **notice: Any) -> Response:
    def work(service: Service) -> dict[str, Any]:
        return {**_common(service, request), **views.party(service, at)}

    try:
        context = await _read(request, work)
    except LedgerError as error:
        if at is None:
            raise
        context = await _read(
            request, lambda service: {**_common(service, request), **views.party(service, None)}
        )
        context["refusal"] = error.worded({})
        status = 404
    context["dice"] = _faces(context["dice"])
    return _render(
        request,
        "party.html",
        {**context, **notice, "nav": "party", "page_title": gettext("Party")},
        status,
    )


def _faces(dice: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    """Each die's faces for a pad that knows its die, and both dice's for one that does not."""
    return {**dice, "faces": tuple(dict.fromkeys((*dice["action"], *dice["reaction"])))}


async def hero(request: Request) -> Response:
    name = request.path_params["name"]
    at = _at(request)

    def work(service: Service) -> dict[str, Any]:
        seq, state = service.state(at)
        return {
            **_common(service, request),
            **views.hero_card(state, name),
            "state": state,
            "seq": seq,
        }

    context = await _read(request, work)
    return _render(
        request,
        "hero.html",
        {**context, "at": at, "nav": "party", "page_title": context["hero"].name},
    )


async def actions(request: Request) -> Response:
    """The actions that take a Hero, for ``?hero=NAME`` (a Hero card loads them when opened,
    to keep the party page light), else those that take none. A form sent from here goes
    back to the party page."""
    name = request.query_params.get("hero") or None

    def work(service: Service) -> dict[str, Any]:
        return {**_common(service, request), **views.actions(service, name)}

    context = await _read(request, work)
    context["dice"] = _faces(context["dice"])
    return _render(
        request,
        "actions.html",
        {**context, "back": "/", "nav": "party", "page_title": gettext("Record")},
    )


async def check(request: Request) -> Response:
    """A check: pick the Hero, ability and target; the odds and modifiers show before the
    roll (the registered odds query); then tap the faces, or let the ledger roll."""
    values = dict(request.query_params)

    def work(service: Service) -> dict[str, Any]:
        return {**_common(service, request), **views.check(service, values)}

    context = await _read(request, work)
    context["dice"] = _faces(context["dice"])
    return _render(
        request, "check.html", {**context, "nav": "check", "page_title": gettext("Check")}
    )


async def log(request: Request) -> Response:
    """The log, a page of at most ``views.LOG_PAGE`` events latest first; the next page
    (``?before=SEQ``) loads when the end of the list scrolls into view, as rows alone when
    htmx asks for it."""
    filters = {
        k: v for k, v in request.query_params.items() if k in views.LOG_FILTERS and v.strip()
    }
    before = request.query_params.get("before") or None
    optional_whole(filters.get("session"), "session", low=1)  # 400 for a malformed one

    def work(service: Service) -> dict[str, Any]:
        return {**_common(service, request), **views.log(service, filters, before)}

    context = await _read(request, work)
    context["more_url"] = (
        f"{request.url.path}?{urlencode({**filters, 'before': context['next_before']})}"
        if context["next_before"] is not None
        else None
    )
    template = "log_rows.html" if before and request.headers.get("hx-request") else "log.html"
    return _render(
        request,
        template,
        {**context, "filters": filters, "nav": "log", "page_title": gettext("Log")},
    )


async def timeline(request: Request) -> Response:
    """The timeline's last ``views.TIMELINE_PAGE`` points, oldest first; the page before
    (``?before=SEQ``) loads above them on a tap of "earlier points", as rows alone when htmx
    asks for it (a whole page without script)."""
    before = request.query_params.get("before") or None

    def work(service: Service) -> dict[str, Any]:
        return {**_common(service, request), **views.timeline(service, before)}

    context = await _read(request, work)
    earlier = context["earlier_before"]
    context["earlier_url"] = (
        f"{request.url.path}?{urlencode({'before': earlier})}" if earlier is not None else None
    )
    context["paged"] = before is not None
    partial = before and request.headers.get("hx-request")
    template = "timeline_points.html" if partial else "timeline.html"
    return _render(
        request, template, {**context, "nav": "timeline", "page_title": gettext("Timeline")}
    )


async def story(request: Request) -> Response:
    number = int(request.path_params["number"])

    def work(service: Service) -> dict[str, Any]:
        return {
            **_common(service, request),
            "tallies": views.session_summary(service, number),
            "moments": views.story(service, number),
            "number": number,
        }

    context = await _read(request, work)
    return _render(
        request,
        "story.html",
        {
            **context,
            "nav": "timeline",
            "page_title": gettext("Session %(number)s") % {"number": number},
        },
    )


async def plots(request: Request) -> Response:
    def work(service: Service) -> dict[str, Any]:
        return {**_common(service, request), "plots": charts.all_plots(service)}

    context = await _read(request, work)
    return _render(
        request,
        "plots.html",
        {**context, "svg": line_chart, "nav": "plots", "page_title": gettext("Plots")},
    )


async def plot_data(request: Request) -> Response:
    key, suffix = request.path_params["key"], request.path_params["format"]
    found = await _read(request, lambda service: charts.one_plot(service, key))
    if found is None:
        return PlainTextResponse(f"no plot named {key!r}", status_code=404)
    if suffix == "csv":
        return Response(
            charts.as_csv(found),
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="{key}.csv"'},
        )
    return Response(
        charts.as_json(found),
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{key}.json"'},
    )


def _back(form: dict[str, str]) -> str:
    """Where a form's page was: its own path (never another site)."""
    back = form.get("back", "")
    return back if back.startswith("/") and not back.startswith("//") else "/"


async def _form(request: Request) -> dict[str, str]:
    data = await request.form()
    return {key: value for key, value in data.items() if isinstance(value, str)}


async def _after(
    request: Request, form: dict[str, str], outcome: Outcome, line: str | None = None
) -> Response:
    """Back to the page the form was on, saying what was recorded; or the refusal, in the
    rule's own words, on the party page (nothing was written)."""
    if not outcome.ok:
        refusal = str(outcome.body.get("error", outcome.body))
        return await _party(request, None, outcome.status, refusal=refusal, line=line)
    events = outcome.body.get("events") if isinstance(outcome.body, dict) else None
    back = _back(form)
    if not events:
        return RedirectResponse(back, status_code=303)
    path, _, query = back.partition("?")
    params = [(k, v) for k, v in parse_qsl(query) if k != "recorded"]
    params.append(("recorded", str(events[0]["seq"])))
    return RedirectResponse(f"{path}?{urlencode(params)}", status_code=303)


async def _record(request: Request, what: Call, form: dict[str, str]) -> Outcome:
    key = form.get("idempotency_key") or None
    return await web_of(request).record(what, key=key)


async def record(request: Request) -> Response:
    """A structured action from its form (the registered action named in the path)."""
    name = request.path_params["action"]
    form = await _form(request)
    known = await _read(request, views.action_forms)
    action = known.get(name)
    if action is None or action.query:
        return await _party(request, None, 404, refusal=f"there is no action named {name!r}")
    intent = forms.intent_from_form(action, form)
    outcome = await _record(request, ActionCall(name, intent), form)
    return await _after(request, form, await _told_since(request, form, outcome))


async def command(request: Request) -> Response:
    """A line of the command box; a query's answer shows on the party page."""
    form = await _form(request)
    line, seen = form.get("line", ""), form.get("seen", "").strip()
    outcome = await _record(request, CommandText(line, int(seen) if _seq(seen) else None), form)
    if outcome.ok and not _recorded(outcome):
        return await _party(request, None, answer=to_json(outcome.body), line=line)
    verb = line.split()[0] if line.split() else ""
    if outcome.status == 409 and _seq(seen) and verb in ("undo", "redo"):
        outcome = await _conflict(request, "undo" if verb == "undo" else "redo", int(seen), outcome)
    return await _after(request, form, await _told_since(request, form, outcome), line)


def _recorded(outcome: Outcome) -> bool:
    return isinstance(outcome.body, dict) and "events" in outcome.body


async def undo(request: Request) -> Response:
    """The Undo button: it sends the command its label names and the head its page was drawn
    at. It reverts that command, or is refused: when anything was recorded since the page
    was drawn (saying what: undo that instead?), and when the command is no longer in effect
    (a second tap, another phone's Undo). Two phones' Undos of one command revert it once."""
    return await _meta(request, "undo")


async def redo(request: Request) -> Response:
    """The Redo button: as the Undo button, for the undone command its label names."""
    return await _meta(request, "redo")


async def _meta(request: Request, verb: Literal["undo", "redo"]) -> Response:
    form = await _form(request)
    try:
        command = optional_whole(form.get("command"), f"{verb}: command", low=1)
        seen = optional_whole(form.get("seen"), f"{verb}: seen")
    except Malformed as malformed:
        return await _after(request, form, refused(400, malformed.detail))
    what = MetaCall(verb=verb, commands=(command,) if command else (), seen=seen)
    outcome = await _record(request, what, form)
    if outcome.status == 409 and what.seen is not None:
        outcome = await _conflict(request, verb, what.seen, outcome)
    return await _after(request, form, outcome)


def _seq(text: str) -> bool:
    return text.isascii() and text.isdigit()


async def _conflict(
    request: Request, verb: Literal["undo", "redo"], seen: int, outcome: Outcome
) -> Outcome:
    """The service refused an undo or redo of what the page showed because the table moved
    on: say what was recorded since, and offer what the buttons name now."""

    def work(service: Service) -> tuple[list[str], bool]:
        return views.since(service, seen), views.last_command(service) is not None

    told, can_undo = await _read(request, work)
    if not told:
        return outcome
    verb_done = "undone" if verb == "undo" else "brought back"
    was = "was" if len(told) == 1 else "were"
    offer = " Undo that instead?" if verb == "undo" and can_undo else ""
    return refused(
        409,
        f"Since this page was drawn, {'; '.join(told)} {was} recorded; nothing was "
        f"{verb_done}.{offer}",
    )


async def _told_since(request: Request, form: dict[str, str], outcome: Outcome) -> Outcome:
    """A refused form whose page was drawn before other commands: the rule's words, and what
    was recorded since the page was drawn (what the player did not see)."""
    seen = form.get("seen", "").strip()
    if outcome.ok or outcome.status == 409 or not _seq(seen):  # a conflict says it already
        return outcome
    told = await _read(request, lambda service: views.since(service, int(seen)))
    if not told:
        return outcome
    was = "was" if len(told) == 1 else "were"
    error = str(outcome.body.get("error", outcome.body))
    return refused(
        outcome.status, f"{error} (since this page was drawn, {'; '.join(told)} {was} recorded)"
    )


def _page(handler: Callable[[Request], Awaitable[Response]]) -> Callable[..., Any]:
    """A page that names something the campaign has not (a Hero, a session): the party page
    with the reason, 404."""

    async def page(request: Request) -> Response:
        try:
            return await handler(request)
        except LedgerError as error:
            return await _party(request, None, 404, refusal=error.worded({}))

    return page


def routes() -> list[BaseRoute]:
    return [
        Route("/", party, name=PREFIX + "party"),
        Route("/heroes/{name:path}", _page(hero), name=PREFIX + "hero"),
        Route("/actions", _page(actions), name=PREFIX + "actions"),
        Route("/check", _page(check), name=PREFIX + "check"),
        Route("/log", _page(log), name=PREFIX + "log"),
        Route("/timeline", _page(timeline), name=PREFIX + "timeline"),
        Route("/sessions/{number:int}", _page(story), name=PREFIX + "story"),
        Route("/plots", _page(plots), name=PREFIX + "plots"),
        Route("/plots/{key}.{format:str}", _page(plot_data), name=PREFIX + "plot_data"),
        Route("/record/{action}", record, methods=["POST"], name=PREFIX + "record"),
        Route("/command", command, methods=["POST"], name=PREFIX + "command"),
        Route("/undo", undo, methods=["POST"], name=PREFIX + "undo"),
        Route("/redo", redo, methods=["POST"], name=PREFIX + "redo"),
    ]
