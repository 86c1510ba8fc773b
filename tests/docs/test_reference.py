"""The API reference (docs/reference/, rendered by mkdocstrings from the docstrings) covers
what authors import: every module the example expansion, the `plugin new` template, the
plugin guide and the Python example import from has a page, and every public name of a page's
module has a docstring there."""

import ast
import importlib
import re
from importlib.util import find_spec

import griffe
import pytest

from tests.helpers import ROOT

REFERENCE = ROOT / "docs" / "reference"
OURS = ("ledger", "ledger_cli", "ledger_pytest", "ledger_base_game")
TEMPLATE = ROOT / "cli" / "ledger_cli" / "plugin_template"


def documented() -> dict[str, bool]:
    """Each module a reference page renders, and whether it renders its submodules too."""
    modules = {}
    for page in REFERENCE.glob("*.md"):
        text = page.read_text()
        for match in re.finditer(r"^::: ([\w.]+)\n((?:    .*\n)*)", text, re.MULTILINE):
            modules[match[1]] = "show_submodules: true" in match[2]
    return modules


def python_sources() -> dict[str, str]:
    """What authors read and copy: the example expansion, the template, the guide's code."""
    sources = {
        str(path.relative_to(ROOT)): path.read_text()
        for path in [
            *(ROOT / "plugins" / "example_expansion").rglob("*.py"),
            *(ROOT / "examples").glob("*.py"),
        ]
    }
    for path in TEMPLATE.rglob("*.py.tmpl"):
        sources[str(path.relative_to(ROOT))] = path.read_text().replace("$module", "their_own")
    guide = (ROOT / "docs" / "plugins.md").read_text()
    for number, block in enumerate(re.findall(r"```python\n(.*?)```", guide, re.DOTALL)):
        sources[f"docs/plugins.md block {number + 1}"] = block
    return sources


def is_module(name: str) -> bool:
    if name.split(".")[0] not in OURS:
        return False
    try:
        return find_spec(name) is not None
    except ModuleNotFoundError:  # its parent is a module, not a package
        return False


def imported_modules(source: str) -> set[str]:
    modules = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:  # `from ledger_base_game import actions`: a module
                submodule = f"{node.module}.{alias.name}"
                modules.add(submodule if is_module(submodule) else node.module)
        elif isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
    return {module for module in modules if module.split(".")[0] in OURS}


def test_every_module_authors_import_has_a_reference_page() -> None:
    pages = documented()

    def covered(module: str) -> bool:
        parent = module.rpartition(".")[0]
        return module in pages or (parent in pages and pages[parent])

    missing = {
        f"{module} (imported by {where})"
        for where, source in python_sources().items()
        for module in imported_modules(source)
        if not covered(module)
    }
    assert not missing, sorted(missing)


def public_functions_and_classes(module: griffe.Module) -> dict[str, griffe.Object]:
    """The classes and functions ``module`` offers: its ``__all__``, else what it defines
    without a leading underscore; with its submodules' when its page renders them."""
    names = importlib.import_module(module.path).__dict__.get("__all__")
    members = {}
    for name, member in module.members.items():
        if name.startswith("_") or (names is None and member.is_alias):
            continue
        if names is not None and name not in names:
            continue
        try:
            target = member.final_target if member.is_alias else member
        except griffe.AliasResolutionError:  # another library's name, documented there
            continue
        if target.kind in (griffe.Kind.CLASS, griffe.Kind.FUNCTION):
            members[f"{module.path}.{name}"] = target
    return members


@pytest.mark.parametrize("module", sorted(documented()))
def test_every_public_class_and_function_of_a_page_has_a_docstring(module: str) -> None:
    roots = [ROOT, ROOT / "cli", ROOT / "plugins", ROOT / "pytest_plugin"]
    loader = griffe.GriffeLoader(search_paths=[str(root) for root in roots])
    loaded = loader.load(module)
    loader.resolve_aliases(implicit=True, external=False)
    modules = [loaded]
    if documented()[module]:
        modules += [sub for sub in loaded.modules.values() if not sub.name.startswith("_")]
    members = {}
    for each in modules:
        members |= public_functions_and_classes(each)
    assert members, f"{module} offers no class or function"
    undocumented = [
        name
        for name, target in members.items()
        if target.docstring is None or not target.docstring.value.strip()
    ]
    assert not undocumented, undocumented
