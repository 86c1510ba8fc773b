"""The web app: ``campaign-ledger serve`` puts the ledger on every phone at the table.

A face, like the CLI: pages and a JSON API over the same actions, rules and events. One
server serves one ledger file and one campaign, both fixed when it starts (no request names a
file). It stands on the core's application service (``ledger.service.Service``) and imports
nothing of the CLI. ``create_app`` builds the ASGI app; ``ledger_web.serving.serve`` runs it,
as the CLI's ``serve`` command does (calling it by module name)."""

from ledger_web.app import create_app
from ledger_web.server import Web

__all__ = ["Web", "create_app"]
