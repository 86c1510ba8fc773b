"""The import contracts are the map (pyproject.toml's [tool.importlinter]), and each one can
fail: a copy of the source tree with one wrong import per rule breaks exactly the contract
that names it. .ci/run checks the real tree."""

import shutil
import subprocess
import sys
from pathlib import Path

from tests.helpers import ROOT

SOURCES = {
    "ledger": ROOT / "ledger",
    "ledger_cli": ROOT / "cli" / "ledger_cli",
    "ledger_base_game": ROOT / "plugins" / "ledger_base_game",
    "ledger_pytest": ROOT / "pytest_plugin" / "ledger_pytest",
    "ledger_web": ROOT / "web" / "ledger_web",
}

# (where the wrong import goes, what it imports, the contract it breaks)
WRONG = [
    ("ledger.model._wrong", "starlette", "The core imports no face's library"),
    ("ledger.rules._wrong", "rich", "The core imports no face's library"),
    ("ledger.dice._wrong", "hypothesis", "The core imports no face's library"),
    ("ledger._wrong", "ledger_base_game", "The stack"),
    ("ledger.model._wrong_up", "ledger.campaign", "The core's subpackages"),
    ("ledger_cli._wrong", "ledger_web", "The stack"),
    ("ledger_base_game._wrong", "ledger_web", "The stack"),
    ("ledger_base_game._wrong_cli", "ledger_cli.app", "The base game reaches the CLI"),
    ("ledger_pytest._wrong", "ledger_cli.app", "The pytest plugin reaches the CLI"),
    ("ledger_web._wrong", "ledger_cli.helpers", "The web app stands on the core"),
    ("ledger_web._wrong_click", "click", "The web app stands on the core"),
    ("ledger_cli._wrong_private", "ledger.campaign._retries", "Outside the core only its"),
]


def test_each_contract_catches_the_import_it_forbids(tmp_path: Path) -> None:
    for package, source in SOURCES.items():
        shutil.copytree(source, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))
    for module, imported, _ in WRONG:
        (tmp_path / Path(*module.split("."))).with_suffix(".py").write_text(f"import {imported}\n")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    linter = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run(
        [str(linter), "--no-cache"],
        cwd=tmp_path,
        env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=False,
    )
    report = done.stdout
    assert done.returncode == 1, report + done.stderr
    broken = [line for line in report.splitlines() if " BROKEN" in line]
    for module, imported, contract in WRONG:
        assert f"{module} -> {imported} (l.1)" in report, (module, imported, report)
        assert any(line.startswith(contract) for line in broken), (contract, broken)
    kept = [line for line in report.splitlines() if " KEPT" in line]
    assert not kept, f"a contract none of the wrong imports breaks: {kept}"
