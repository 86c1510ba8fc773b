"""No answer names a path of the server's machine: the core's refusals name the ledger file
as the CLI was given it (``/home/host/games/party.db is not a usable ledger database:
database or disk is full``), which a player on the LAN has no business reading. An error
answer (status 400 or more) says the file's name instead; its folder is left out."""

import html
import os
from pathlib import Path

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send


def hidden_folders(database: Path) -> list[str]:
    """The folders an answer must not name, longest first (a folder inside another first)."""
    folders = {str(database.parent), str(database.resolve().parent), os.getcwd()}
    found = {folder.rstrip(os.sep) + os.sep for folder in folders if folder not in ("", ".")}
    return sorted(found, key=len, reverse=True)


class RedactPaths:
    """Takes the server's folders out of every error answer."""

    def __init__(self, app: ASGIApp, database: Path) -> None:
        self.app = app
        variants = {v for f in hidden_folders(database) for v in (f, html.escape(f))}
        self.folders = [v.encode() for v in sorted(variants, key=len, reverse=True)]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start: Message | None = None
        chunks: list[bytes] = []

        async def redacting(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                if message["status"] < 400:
                    await send(message)
                else:
                    start = message  # held until the body is whole
                return
            if start is None or message["type"] != "http.response.body":
                await send(message)
                return
            chunks.append(message.get("body", b""))
            if message.get("more_body", False):
                return
            body = b"".join(chunks)
            for folder in self.folders:
                body = body.replace(folder, b"")
            headers = MutableHeaders(raw=list(start["headers"]))
            headers["content-length"] = str(len(body))
            await send({**start, "headers": headers.raw})
            await send({"type": "http.response.body", "body": body})

        await self.app(scope, receive, redacting)
