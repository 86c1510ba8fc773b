"""The secrets a server keeps across its restarts: the CSRF token every open page carries and
the join and read-only tokens made up at start. Restarting the same ``serve`` (the same ledger
file and campaign) finds them again, so the pages open on every phone keep working and the
QR codes already scanned still join.

They are kept in the user's state folder (``platformdirs.user_state_path``), never beside the
ledger file or in the web root: one small JSON file per ledger file and campaign, readable by
its owner only (0600, in a 0700 folder). A token given on the command line wins over a kept
one and is not written down."""

import hashlib
import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from ledger_web.security import new_token

APP = "campaign-ledger"


def new_csrf_token() -> str:
    return secrets.token_urlsafe(24)


@dataclass(frozen=True)
class Kept:
    csrf_token: str
    token: str | None
    read_token: str | None
    unkept: str | None = None  # why they could not be written down, if so


def secrets_path(database: Path, campaign: str) -> Path:
    """Where the secrets of ``campaign`` served from ``database`` are kept."""
    import platformdirs  # only when serving

    key = f"{Path(database).resolve()}\0{campaign}".encode()
    name = hashlib.sha256(key).hexdigest()[:24]
    return platformdirs.user_state_path(APP) / "web" / f"{name}.json"


def kept_secrets(
    database: Path,
    campaign: str,
    *,
    token: str | None,
    read_token: str | None,
    need_token: bool,
) -> Kept:
    """The CSRF token and the join/read-only tokens of this server: the given ones, else the
    ones kept by its last start, else new ones (kept for the next). ``need_token``: a join
    token is needed (the server listens beyond the loopback)."""
    path = secrets_path(database, campaign)
    stored = _read(path)
    csrf = stored.get("csrf_token") or new_csrf_token()
    made_token = stored.get("token") or new_token()
    token = token or (made_token if need_token else None)
    made_read = stored.get("read_token") or new_token()
    read_token = read_token or (made_read if token else None)
    keep = {"csrf_token": csrf, "token": made_token, "read_token": made_read}
    unkept = _write(path, keep) if keep != stored else None
    return Kept(csrf_token=csrf, token=token, read_token=read_token, unkept=unkept)


def _read(path: Path) -> dict[str, str]:
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}  # none yet, or unreadable: new ones are made (the pages reload once)
    if not isinstance(found, dict):
        return {}
    return {k: v for k, v in found.items() if isinstance(k, str) and isinstance(v, str) and v}


def _write(path: Path, keep: dict[str, str]) -> str | None:
    """Written whole (a temporary file renamed), 0600 from its first byte; or why not."""
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(keep, out)
        os.replace(temporary, path)
    except OSError as error:
        return f"{error.strerror or error} ({path.parent.name}/{path.name})"
    return None
