"""The expansions of tests/plugins/fixtures, pip-installed (offline) into one folder for the
whole session, and the real command line run on them in a subprocess: what an author who
installed them would see (issue 24)."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.helpers import ROOT
from tests.helpers.expansion import PIP_INSTALL

FIXTURES = ROOT / "tests" / "plugins" / "fixtures"
NAMES = ("frost_coast", "rival")
# The checkout's source roots, so a child process runs this checkout's code whatever is installed.
SOURCES = [str(ROOT / root) for root in (".", "cli", "plugins", "pytest_plugin", "web")]
TORRAX = ("hero", "add", "Torrax", "--agility", "2", "--will", "2", "--taunt", "6")
TORRAX += ("--wounded-chips", "5")


def install_fixtures(folder: Path) -> Path:
    """pip-install every fixture expansion into ``folder / "site"`` in one call; returns it."""
    sources = []
    for name in NAMES:
        source = folder / "source" / name
        shutil.copytree(
            FIXTURES / name,
            source,
            ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"),
        )
        sources.append(str(source))
    site = folder / "site"
    subprocess.run([*PIP_INSTALL, "--target", str(site), *sources], check=True, capture_output=True)
    return site


class Ledger:
    """``campaign-ledger`` in a subprocess, on one file, with the fixtures' site on the path."""

    def __init__(self, site: Path | None, db_path: Path) -> None:
        self.site = site
        self.db_path = db_path
        self.env: dict[str, str] = {}

    def __call__(
        self, *args: str, env: dict[str, str] | None = None
    ) -> subprocess.CompletedProcess[str]:
        environment = {**os.environ, **self.env, **(env or {})}
        for unset in (
            "LEDGER_DATABASE",
            "LEDGER_CAMPAIGN",
            "LEDGER_LOAD_PLUGINS",
            "LEDGER_PLUGINS_DIR",
        ):
            if unset not in self.env and unset not in (env or {}):
                environment.pop(unset, None)
        paths = [str(self.site)] if self.site is not None else []
        environment["PYTHONPATH"] = os.pathsep.join([*paths, *SOURCES])
        return subprocess.run(
            [sys.executable, "-m", "ledger_cli", "--database", str(self.db_path), *args],
            capture_output=True,
            text=True,
            timeout=120,
            env=environment,
        )

    def ok(self, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        done = self(*args, env=env)
        assert done.returncode == 0, f"{args}: {done.stdout}{done.stderr}"
        return done

    def json(self, *args: str, env: dict[str, str] | None = None) -> Any:
        return json.loads(self.ok(*args, "--json", env=env).stdout)
