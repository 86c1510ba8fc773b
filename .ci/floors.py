"""Print a pip constraints file that pins every runtime dependency of pyproject.toml to its
declared floor (``name>=X`` gives ``name==X``, environment markers kept), for the CI step
that installs the lowest declared versions: plain pip has no lowest-version resolution.
A dependency declared without a floor is an error."""

import re
import sys
import tomllib
from pathlib import Path

FLOOR = re.compile(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*>=\s*([^,;\s]+)[^;]*(;.*)?")


def constraints(pyproject: Path) -> list[str]:
    dependencies = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["dependencies"]
    lines = []
    for dependency in dependencies:
        match = FLOOR.fullmatch(dependency)
        if match is None:
            raise SystemExit(f"{pyproject}: {dependency!r} declares no floor (name>=version)")
        name, floor, marker = match.groups()
        lines.append(f"{name}=={floor}{marker or ''}")
    return lines


if __name__ == "__main__":
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent
    print("\n".join(constraints(root / "pyproject.toml")))
