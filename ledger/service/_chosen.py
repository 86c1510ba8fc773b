"""The campaign chosen for a ledger file (the CLI's `campaign use NAME`), used when neither
the caller nor LEDGER_CAMPAIGN names one; kept in the user's config folder (platformdirs).

It is kept by the name the campaign's events carry, which a rename does not change."""

import os
from pathlib import Path

from ledger.errors import BadInput


def config_file() -> Path:
    import platformdirs  # only when a command needs it (3 ms of start-up)

    return platformdirs.user_config_path("campaign-ledger") / "campaigns.json"


def _read(path: Path) -> dict[str, str]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except OSError as error:
        raise BadInput(f"cannot read {path}: {error.strerror}") from None
    import json  # only when the choice is read (6 M instructions of start-up)

    try:
        found = json.loads(text)
    except (ValueError, RecursionError):
        found = None
    if not isinstance(found, dict) or not all(
        isinstance(key, str) and isinstance(value, str) for key, value in found.items()
    ):
        raise BadInput(f"{path} is not what `campaign use` writes; remove it and choose again")
    return found


def used(database: Path) -> str | None:
    """The stored name of the campaign chosen for ``database``, if any."""
    path = config_file()
    if not path.exists():
        return None
    return _read(path).get(str(database.resolve()))


def use(database: Path, stored: str | None) -> None:
    """Choose the campaign (by its stored name) for ``database``; None forgets the choice.
    Written to a temporary file and renamed: the file is whole or as it was."""
    path = config_file()
    chosen = _read(path)
    key = str(database.resolve())
    if stored is None:
        chosen.pop(key, None)
    else:
        chosen[key] = stored
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        import json
        import tempfile  # only to choose: not in every command's start-up

        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".campaigns.")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(chosen, out, indent=2, ensure_ascii=False, sort_keys=True)
            out.write("\n")
        os.replace(temporary, path)
    except OSError as error:
        raise BadInput(f"cannot write {path}: {error.strerror}") from None
