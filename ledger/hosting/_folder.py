"""Plugins from a folder while developing, without packaging (datasette's ``--plugins-dir``):
each ``NAME.py`` of the folder is a plugin named NAME. Its version, ``dir:PATH#HASH``, marks
every row it writes as coming from that file, and changes when the file does."""

import importlib.util
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

from ledger.errors import PluginError

PLUGINS_DIR_ENV = "LEDGER_PLUGINS_DIR"
PACKAGE = "ledger_plugins_dir"  # the modules' names: ledger_plugins_dir.NAME


def folder_modules(folder: Path) -> Iterator[tuple[str, str, Callable[[], ModuleType]]]:
    """Each plugin of ``folder``, in name order: its name, its version, and how to import it.
    Files whose names start with ``_`` or ``.`` are left alone (helpers, editors' files)."""
    if not folder.is_dir():
        raise PluginError(f"the plugins folder {str(folder)!r} (--plugins-dir) is not a folder")
    for path in sorted(folder.resolve().glob("*.py")):
        if path.name.startswith(("_", ".")) or not path.is_file():
            continue
        import hashlib  # only for --plugins-dir

        digest = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
        yield path.stem, f"dir:{path}#{digest}", _loader(path)


def how_to_load(version: str) -> str:
    """What to do to read rows a plugin of this ``version`` wrote while it is not loaded: a
    plugin from a folder is loaded from that folder, not installed."""
    if version.startswith("dir:"):
        folder = Path(version.removeprefix("dir:").rpartition("#")[0]).parent
        return f"load its folder with --plugins-dir {str(folder)!r} (or {PLUGINS_DIR_ENV})"
    return "install and enable that plugin"


def _loader(path: Path) -> Callable[[], ModuleType]:
    def load() -> ModuleType:
        name = f"{PACKAGE}.{path.stem}"
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise PluginError(f"{path} cannot be imported")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # msgspec and dataclasses look their module up by name
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[name]
            raise
        return module

    return load
