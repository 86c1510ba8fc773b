"""docs/points-in-time.md's history examples (`log` filters, `diff`) print what the CLI
prints after the README's first evening."""

import re
import shlex

from tests.helpers import ROOT
from tests.helpers.cli import Invoke

PAGE = (ROOT / "docs" / "points-in-time.md").read_text()


def examples() -> list[tuple[str, str]]:
    """Each ``$ campaign-ledger ...`` of the section with the lines it shows."""
    section = PAGE.split("## Between two points", 1)[1]
    block = re.search(r"```\n(.*?)```", section, re.DOTALL)
    assert block is not None
    found = []
    for shown in block.group(1).strip().split("\n\n"):
        command, *lines = shown.splitlines()
        found.append((command.removeprefix("$ campaign-ledger "), "\n".join(lines) + "\n"))
    return found


def test_the_history_examples_show_what_the_cli_shows(ok: Invoke) -> None:
    ok("batch", "--quiet", str(ROOT / "examples" / "first-evening.txt"))
    cases = examples()
    assert len(cases) == 3
    for command, expected in cases:
        assert ok(*shlex.split(command)).output == expected, command
