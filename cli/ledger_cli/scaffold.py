"""`plugin new NAME`: a ready expansion distribution, written from the files in
plugin_template/ (package data). A ``.tmpl`` file is a ``string.Template`` filled with the
plugin's names; ``__module__`` in a path is the package's name."""

import re
import shutil
import string
import tempfile
from dataclasses import asdict, dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

from ledger.errors import BadInput
from ledger.hosting import reserved_why

NAME = re.compile(r"[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*")


@dataclass(frozen=True)
class PluginNames:
    """Every name a new plugin needs, from the one its author gives (``frozen-north``)."""

    slug: str  # frozen-north: its folder and its command group
    plugin: str  # frozen_north: the entry point's name and the namespace of its event tags
    module: str  # campaign_ledger_frozen_north: a prefixed top-level package
    distribution: str  # campaign-ledger-frozen-north
    title: str  # Frozen North
    camel: str  # FrozenNorth


def plugin_names(name: str) -> PluginNames:
    """The names for ``name``, which must be lower-case words joined by - or _."""
    if not NAME.fullmatch(name):
        raise BadInput(
            f"a plugin name is lower-case letters and digits, words joined by - or _ "
            f"(e.g. frozen-north), not {name!r}"
        )
    words = re.split(r"[-_]", name)
    reserved = reserved_why("_".join(words))
    if reserved is not None:
        raise BadInput(f"{reserved} (the ledger would never load it): choose another NAME")
    return PluginNames(
        slug="-".join(words),
        plugin="_".join(words),
        module="campaign_ledger_" + "_".join(words),
        distribution="campaign-ledger-" + "-".join(words),
        title=" ".join(word.capitalize() for word in words),
        camel="".join(word.capitalize() for word in words),
    )


def write_plugin(name: str, folder: Path) -> Path:
    """Write the distribution for ``name`` into a new folder under ``folder``; returns it.
    Refuses a folder that exists; writes into a temporary folder first, so a failure leaves
    nothing half-written."""
    names = plugin_names(name)
    target = folder / names.slug
    if target.exists():
        raise BadInput(f"{target} exists already: choose another NAME or --directory")
    if not folder.is_dir():
        raise BadInput(f"{folder} is not a folder")
    with tempfile.TemporaryDirectory(dir=folder, prefix=f".{names.slug}-") as scratch:
        _copy(files("ledger_cli").joinpath("plugin_template"), Path(scratch), asdict(names))
        shutil.move(scratch, target)
        Path(scratch).mkdir()  # for TemporaryDirectory's clean-up
    return target


def _copy(source: Traversable, target: Path, names: dict[str, str]) -> None:
    for entry in source.iterdir():
        if entry.name == "__pycache__":
            continue
        name = entry.name.replace("__module__", names["module"])
        name = name.replace("__plugin__", names["plugin"])
        if entry.is_dir():
            (target / name).mkdir()
            _copy(entry, target / name, names)
        elif name.endswith(".tmpl"):
            text = string.Template(entry.read_text(encoding="utf-8")).substitute(names)
            (target / name.removesuffix(".tmpl")).write_text(text, encoding="utf-8")
        else:
            (target / name).write_bytes(entry.read_bytes())
