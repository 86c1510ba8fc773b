"""What one server holds: its ledger file and campaign (fixed at start), the worker threads,
the live-update hub, the recorder, the security settings and the templates. Routes reach it
with ``web_of(request)``; pages render with ``Web.render``."""

from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import Any

import jinja2
import pluggy
from starlette.requests import Request
from starlette.responses import HTMLResponse

from ledger_web import i18n
from ledger_web.calls import Call
from ledger_web.ledgers import Ledgers
from ledger_web.live import Hub
from ledger_web.recording import Outcome, Recorder
from ledger_web.security import Security


@dataclass
class Web:
    pm: pluggy.PluginManager
    database: Path
    campaign: str | None
    security: Security
    links: dict[str, str] = field(default_factory=dict)  # "join", "read": URLs to share
    ledgers: Ledgers = field(init=False)
    hub: Hub = field(init=False)
    recorder: Recorder = field(init=False)
    templates: jinja2.Environment = field(init=False)

    def __post_init__(self) -> None:
        self.ledgers = Ledgers(self.pm, self.database, self.campaign)
        self.hub = Hub(self.database, self.campaign, self.ledgers.registry)
        self.recorder = Recorder()
        folder = Path(str(files("ledger_web").joinpath("templates")))
        self.templates = jinja2.Environment(
            loader=jinja2.FileSystemLoader(folder),
            autoescape=True,  # every template, whatever its name
            undefined=jinja2.StrictUndefined,
        )
        i18n.install(self.templates)

    async def record(
        self,
        what: Call,
        *,
        key: str | None = None,
        expect_seq: int | None = None,
    ) -> Outcome:
        """Record ``what`` on the writer thread: the one path every route records through."""
        return await self.ledgers.write(
            lambda service: self.recorder.record(service, what, key=key, expect_seq=expect_seq)
        )

    def render(
        self, request: Request, template: str, context: dict[str, Any], status: int = 200
    ) -> HTMLResponse:
        """A page: ``template`` with ``context`` and what base.html needs (the CSRF token,
        the script nonce, this client's access, the campaign)."""
        return self.render_template(request, self.templates.get_template(template), context, status)

    def render_template(
        self,
        request: Request,
        template: jinja2.Template,
        context: dict[str, Any],
        status: int = 200,
    ) -> HTMLResponse:
        state = request.state
        page = template.render(
            {
                "csrf_token": self.security.csrf_token,
                "csp_nonce": getattr(state, "csp_nonce", ""),
                "access": getattr(state, "access", "read"),
                "campaign": self.hub.head["campaign"] if self.hub.head else "",
                "links": self.links,
                "request": request,
                **context,
            }
        )
        return HTMLResponse(page, status)


def web_of(request: Request) -> Web:
    web: Web = request.app.state.web
    return web
