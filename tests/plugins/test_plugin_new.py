"""`plugin new` writes a distribution that installs (pip install -e, offline), passes its own
tests as written, and works in the command line: its event in `log`, its state at --at, undo,
verify. It is installed into a virtual environment of its own, which sees the project's
packages but leaves the project's environment as it was."""

import json
import os
import site
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.console import no_traceback, script
from tests.helpers.party import ADD_TORRAX

PIP = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--quiet"]
OFFLINE = ["--no-deps", "--no-index", "--no-build-isolation"]


def run(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LEDGER_", "PYTEST_"))}
    done = subprocess.run(
        [str(arg) for arg in args], capture_output=True, text=True, cwd=cwd, env=env, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The folder `plugin new demo` wrote, and the Python of a venv it is installed in."""
    folder = tmp_path_factory.mktemp("new")
    done = script(None, "plugin", "new", "demo", cwd=folder)
    assert done.returncode == 0, done.stderr
    assert "Wrote campaign-ledger-demo (plugin demo)" in done.stdout
    venv = folder / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv)
    python = venv / "bin" / "python"
    # The project's environment (campaign-ledger, pytest, setuptools) seen from the new one.
    parents = "".join(
        f"import site; site.addsitedir({path!r})\n" for path in site.getsitepackages()
    )
    purelib = run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))")
    Path(purelib.stdout.strip(), "project.pth").write_text(parents)
    run(*PIP, "--python", python, "install", *OFFLINE, "-e", folder / "demo")
    return folder / "demo", python


def test_it_writes_a_distribution_with_an_entry_point(demo: tuple[Path, Path]) -> None:
    folder, _ = demo
    written = sorted(str(path.relative_to(folder)) for path in folder.rglob("*.*"))
    assert "pyproject.toml" in written
    assert "tests/test_demo.py" in written
    assert "campaign_ledger_demo/content.toml" in written
    assert 'demo = "campaign_ledger_demo"' in (folder / "pyproject.toml").read_text()


def test_its_own_tests_pass_as_written(demo: tuple[Path, Path]) -> None:
    folder, python = demo
    done = run(python, "-m", "pytest", "-p", "no:cacheprovider", cwd=folder)
    assert "7 passed" in done.stdout


def test_its_event_state_and_undo_in_the_command_line(
    demo: tuple[Path, Path], tmp_path: Path
) -> None:
    _, python = demo
    db = tmp_path / "ledger.db"

    def cli(*args: str) -> str:
        done = run(python, "-m", "ledger_cli", "--database", db, *args)
        no_traceback(done)
        return done.stdout

    assert "demo 0.1.0" in cli("plugins")
    cli("campaign", "new", "Test")
    cli(*ADD_TORRAX)
    cli("demo", "mark", "Torrax", "2")
    cli("demo", "mark", "Torrax", "1")
    assert "Torrax takes 2 Demo mark(s)" in cli("log")
    assert json.loads(cli("hero", "show", "Torrax", "--at", "3", "--json"))["plugins"] == {
        "demo": {"count": 2}
    }
    assert json.loads(cli("demo", "marks", "--json")) == {"Torrax": 3}
    cli("undo")
    assert json.loads(cli("demo", "marks", "--json")) == {"Torrax": 2}
    assert "ok" in cli("verify")


def test_a_name_must_be_lower_case_words_and_a_folder_is_never_overwritten(
    tmp_path: Path,
) -> None:
    refused = script(None, "plugin", "new", "Frozen North", cwd=tmp_path)
    assert refused.returncode == 1
    assert "not 'Frozen North'" in refused.stderr
    assert list(tmp_path.iterdir()) == []
    (tmp_path / "frozen-north").mkdir()
    again = script(None, "plugin", "new", "frozen-north", cwd=tmp_path)
    assert again.returncode == 1
    assert "exists already" in again.stderr
    assert list(tmp_path.iterdir()) == [tmp_path / "frozen-north"]


def test_plugin_install_pips_into_the_ledgers_own_environment(demo: tuple[Path, Path]) -> None:
    """Issue 24: `plugin install PATH` runs pip with the Python that runs the ledger."""
    _, python = demo
    rival = Path(__file__).parent / "fixtures" / "rival"
    offline = [f"--pip-option={option}" for option in OFFLINE]
    done = run(python, "-m", "ledger_cli", "plugin", "install", *offline, rival)
    assert "Installed" in done.stdout
    assert "rival 0.1.0" in run(python, "-m", "ledger_cli", "plugins").stdout
    shown = run(python, "-m", "pip", "show", "campaign-ledger-rival").stdout
    assert str(python.parent.parent) in shown  # in the demo venv, not the project's
    run(python, "-m", "pip", "uninstall", "-y", "campaign-ledger-rival")


def test_plugin_new_prints_the_line_with_the_test_extra(tmp_path: Path) -> None:
    done = script(None, "plugin", "new", "frozen-north", cwd=tmp_path)
    assert "Next: cd " in done.stdout
    assert "pip install -e '.[test]' && python -m pytest" in done.stdout
    written = (tmp_path / "frozen-north" / "pyproject.toml").read_text()
    assert 'test = ["campaign-ledger[pytest]"]' in written
