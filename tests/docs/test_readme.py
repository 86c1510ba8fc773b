"""The README's commands are the ones CI runs, its example campaign works, and the pages it
points to exist."""

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ROOT
from tests.helpers.cli import Invoke

README = (ROOT / "README.md").read_text()


def commands() -> list[str]:
    return re.findall(r"```\n(python3 -m venv .*)\n```", README)


def test_the_readme_has_two_setup_commands_and_ci_runs_the_test_one() -> None:
    run_example, run_tests = commands()
    assert "batch examples/first-evening.txt" in run_example
    assert "pytest" in run_tests
    assert run_tests in (ROOT / ".ci" / "run").read_text()


def test_the_example_campaign_runs_and_ends_with_a_hero(invoke: Invoke) -> None:
    example = ROOT / "examples" / "first-evening.txt"
    result = invoke("batch", str(example))
    assert result.exit_code == 0, result.output
    last_line = [line for line in example.read_text().splitlines() if line.strip()][-1]
    assert last_line.startswith("hero show")
    assert "Zuva'Sai — level 1" in result.output.split('» hero show "Zuva\'Sai"\n')[-1]


def test_the_readme_links_to_pages_of_the_documentation_site() -> None:
    links = re.findall(r"\]\((docs/[^)#]+)", README)
    assert "docs/plugins.md" in links
    for link in links:
        assert (ROOT / link).is_file(), link


def tour() -> list[tuple[str, list[str]]]:
    """The short tour's commands, each with the event lines (``#N ...``) and errors the README
    shows under it."""
    section = README.split("## A short tour")[1].split("\n## ")[0]
    steps: list[tuple[str, list[str]]] = []
    for block in re.findall(r"```\n(.*?)```", section, re.S):
        for line in block.splitlines():
            if line.startswith("$ campaign-ledger "):
                steps.append((line.removeprefix("$ campaign-ledger "), []))
            elif steps and re.match(r"(#\d+ |Error: )", line) and "created in" not in line:
                steps[-1][1].append(line)
    return steps


def test_the_tour_prints_what_the_readme_shows(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # `export moonsilver.ndjson` writes there
    steps = tour()
    assert len(steps) > 10
    for command, shown in steps:
        output = invoke(*shlex.split(command)).output.splitlines()
        for line in shown:
            assert line in output, (command, line, output)


def test_the_quick_start_puts_the_command_on_the_path_and_the_tour_runs_in_bash(
    tmp_path: Path,
) -> None:
    """The Quick start's activation, then the tour's commands typed into bash as they read
    (the bare `campaign-ledger`), in an empty folder: each shows what the README shows."""
    start = README.split("## Quick start")[1].split("\n## ")[0]
    activate = re.findall(r"```\n(\. \.venv/bin/activate)\n```", start)
    assert activate == [". .venv/bin/activate"]
    venv = Path(sys.executable).parent.parent  # the environment these tests run in
    if venv.name != ".venv":
        pytest.skip(f"the tests run in {venv}, not in the Quick start's .venv")
    section = README.split("## A short tour")[1].split("\n## ")[0]
    typed = [
        line.removeprefix("$ ")
        for block in re.findall(r"```\n(.*?)```", section, re.S)
        for line in block.splitlines()
        if line.startswith("$ ")
    ]
    script = "\n".join([f"cd {shlex.quote(str(venv.parent))}", activate[0], "cd -", *typed])
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LEDGER_", "VIRTUAL_ENV"))}
    env["PATH"] = "/usr/bin:/bin"  # campaign-ledger only from the activation
    done = subprocess.run(
        ["bash", "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600
    )
    said = done.stdout + done.stderr
    assert "command not found" not in said
    for _, shown in tour():
        for line in shown:
            assert line in said.splitlines(), (line, said)
