"""The test suite's own layout: test modules grouped by area, each area a package, and what
they share in tests/helpers, so that no test module imports another (or conftest)."""

import ast
from pathlib import Path

TESTS = Path(__file__).parent
HELPERS = TESTS / "helpers"
FIXTURES = TESTS / "plugins" / "fixtures"


def modules() -> list[Path]:
    return sorted(TESTS.rglob("*.py"))


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, at its top or inside a function."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module == "tests":
            names.update(f"tests.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_no_test_module_imports_another_or_conftest() -> None:
    wrong = {
        f"{path.relative_to(TESTS)} imports {name}"
        for path in modules()
        for name in imported(path)
        if name.startswith("tests.")
        and name != "tests.helpers"
        and not name.startswith("tests.helpers.")
    }
    assert not wrong, "what tests share belongs in tests/helpers:\n" + "\n".join(sorted(wrong))


def test_test_modules_sit_in_area_folders_that_are_packages() -> None:
    loose = [p.name for p in TESTS.glob("test_*.py") if p != Path(__file__)]
    assert not loose, f"move these into the folder of their area (tests/<area>/): {loose}"
    folders = {p.parent for p in TESTS.rglob("test_*.py")}
    bare = sorted(str(f.relative_to(TESTS)) for f in folders if not (f / "__init__.py").exists())
    assert not bare, f"an area folder needs an __init__.py (unique module names): {bare}"


def test_only_tests_helpers_holds_modules_that_are_not_tests() -> None:
    others = [
        str(path.relative_to(TESTS))
        for path in modules()
        if not path.name.startswith("test_")
        and path.name not in ("__init__.py", "conftest.py")
        and HELPERS not in path.parents
        and FIXTURES not in path.parents  # small expansions the tests pip-install
    ]
    assert not others, f"shared code belongs in tests/helpers: {others}"
