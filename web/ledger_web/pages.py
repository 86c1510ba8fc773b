"""The pages (a placeholder until the pages of issue 16 replace this module): the party as
the CLI's JSON view shows it, reloaded on every live update."""

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from ledger.errors import LedgerError
from ledger_web import reading
from ledger_web.server import web_of

PARTY = """{% extends "base.html" %}
{% block content %}
<h1>{{ party.campaign }}</h1>
<p>Level {{ party.level }}, {{ party.xp }} XP · event {{ party.at }}</p>
<ul id="heroes" hx-get="/" hx-trigger="ledger:changed from:body" hx-select="#heroes"
    hx-swap="outerHTML">
{% for hero in party.heroes %}
  <li>{{ hero.name }}: {{ hero.stamina.unspent }} unspent, {{ hero.stamina.wound }} wound,
      {{ hero.status }}</li>
{% endfor %}
</ul>
<p><a href="/share">Share</a></p>
{% endblock %}
"""


async def party(request: Request) -> Response:
    web = web_of(request)
    at = request.query_params.get("at") or None
    try:
        shown = await web.ledgers.read(lambda app: reading.party(app, at))
    except LedgerError as error:
        return Response(str(error), 404, media_type="text/plain")
    return web.render_template(request, web.templates.from_string(PARTY), {"party": shown})


def routes() -> list[BaseRoute]:
    return [Route("/", party)]
