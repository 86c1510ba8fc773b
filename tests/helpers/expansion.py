"""Installing the example expansion with pip, offline, into a folder of its own: tests put
that folder on the path, so only they see the expansion (the venv is left as it is)."""

import shutil
import subprocess
import sys
from pathlib import Path

from tests.helpers import ROOT

SOURCE = ROOT / "plugins" / "example_expansion"
PLUGIN = "ledger_example_expansion"
PIP_INSTALL = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
PIP_INSTALL += ["--no-deps", "--no-index", "--no-build-isolation"]  # offline, from the venv


def install_example_expansion(folder: Path) -> Path:
    """pip-install the example expansion into ``folder / "site"``; returns that folder. The
    source is copied first so that setuptools' build files never land in the repository."""
    source = folder / "source"
    shutil.copytree(
        SOURCE, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__")
    )
    site = folder / "site"
    subprocess.run(
        [*PIP_INSTALL, "--target", str(site), str(source)],
        check=True,
        capture_output=True,
    )
    return site
