"""The table of hooks in docs/plugins.md, generated from ledger/hosting/_hookspecs.py so that
the two cannot drift apart (a test compares them).
Regenerate with ``python -m ledger.hosting._hookdoc``."""

import inspect
import re
import sys
from pathlib import Path

from ledger.hosting import _hookspecs as hookspecs
from ledger.hosting._hookspecs import PROJECT

DOC = Path(__file__).parents[2] / "docs" / "plugins.md"
START, END = "<!-- hooks:start -->", "<!-- hooks:end -->"
_module_path = re.compile(r"\b(?:[a-z_][a-z0-9_]*\.)+(?=[A-Za-z_])")


def hook_names() -> list[str]:
    """Every hookspec, in the order hookspecs.py declares them."""
    return [
        name
        for name, value in vars(hookspecs).items()
        if callable(value) and hasattr(value, f"{PROJECT}_spec")
    ]


def signature(name: str) -> str:
    text = f"{name}{inspect.signature(getattr(hookspecs, name))}"
    text = text.replace("'", "")  # forward references ('Registry') read as the plain name
    return _module_path.sub("", text).replace("NoneType", "None")


def hook_table() -> str:
    lines = ["| Hook | Answers | What it is for |", "| --- | --- | --- |"]
    for name in hook_names():
        spec = getattr(hookspecs, name)
        options = getattr(spec, f"{PROJECT}_spec")
        kind = "first answer that is not None" if options.get("firstresult") else "every plugin's"
        doc = " ".join((spec.__doc__ or "").split())
        shown = signature(name).replace("|", "\\|")  # a union would split the table's cell
        lines.append(f"| `{shown}` | {kind} | {doc} |")
    return "\n".join(lines)


def documented(text: str) -> str:
    """The table currently between the markers of the document."""
    return text.split(START, 1)[1].split(END, 1)[0].strip()


def main() -> None:
    text = DOC.read_text()
    before, rest = text.split(START, 1)
    after = rest.split(END, 1)[1]
    DOC.write_text(f"{before}{START}\n{hook_table()}\n{END}{after}")
    sys.stdout.write(f"updated {DOC}\n")


if __name__ == "__main__":
    main()
