"""``python -m ledger_cli`` behaves like the console script: nothing is imported from the
current directory (issue 17)."""

import subprocess
import sys
from pathlib import Path

from tests.console import SCRIPT


def test_python_m_does_not_import_from_the_current_directory(tmp_path: Path) -> None:
    for name in ("ledger_base_game.py", "click.py", "msgspec.py"):
        (tmp_path / name).write_text("raise SystemExit('imported from the current directory')\n")
    for command in ([sys.executable, "-m", "ledger_cli"], [str(SCRIPT)]):
        done = subprocess.run(
            [*command, "--database", str(tmp_path / "x.db"), "plugins", "--json"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        assert "current directory" not in done.stdout + done.stderr
        assert "ledger_base_game" in done.stdout
