"""examples/api_first_evening.py plays the seed's first evening and its group check through
the Python API alone. It runs here in a fresh process that watches every import of click and of
the CLI: only sqlite-utils (a required dependency, which imports click for its own command
line) may import click; no module of the ledger, its plugins or the example does, and
``ledger_cli`` is never imported. The file it writes verifies and holds the same Hero states as
the batch file it follows."""

import ast
import json
import subprocess
import sys
from pathlib import Path

from tests.helpers import ROOT
from tests.helpers.console import script

EXAMPLE = ROOT / "examples" / "api_first_evening.py"
BATCH = ROOT / "examples" / "first-evening.txt"

WATCHED = """
import builtins, runpy, sys

seen = set()
WATCHED = ("click", "ledger_cli")
real_import = builtins.__import__


def watching_import(name, globals=None, locals=None, fromlist=(), level=0):
    # Every import statement, even of a module already loaded: who asks for click or the CLI.
    if level == 0 and name.partition(".")[0] in WATCHED:
        seen.add((name, (globals or {}).get("__name__", "?")))
    return real_import(name, globals, locals, fromlist, level)


class Watch:
    # importlib.import_module does not pass through __import__: name its caller too.
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in WATCHED:
            frame = sys._getframe(1)
            while frame is not None and (
                frame.f_globals.get("__name__", "").startswith(("importlib", "click"))
                or frame.f_code is watching_import.__code__
            ):
                frame = frame.f_back
            seen.add((name, frame.f_globals.get("__name__") if frame else "?"))
        return None


builtins.__import__ = watching_import
sys.meta_path.insert(0, Watch())
sys.argv = [sys.argv[1], sys.argv[2]]
runpy.run_path(sys.argv[0], run_name="__main__")
print("IMPORTS", sorted(seen), "ledger_cli" in sys.modules)
"""


def play_example(database: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-c", WATCHED, str(EXAMPLE), str(database)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_example_plays_without_the_cli_and_no_code_of_ours_imports_click(
    tmp_path: Path,
) -> None:
    output = play_example(tmp_path / "api.db")
    assert "Group check: Group check closed: total 8, success → 361" in output  # 2 + 4 + 2
    assert "Refused: " in output  # a gem the Hero no longer has
    assert "verify: ok" in output
    imports_line = output.splitlines()[-1]
    seen, cli_loaded = imports_line.removeprefix("IMPORTS ").rsplit(" ", 1)
    importers = {importer for _, importer in ast.literal_eval(seen)}
    assert cli_loaded == "False"
    assert importers, "the watch saw no import of click at all: it would not see ours either"
    assert all(importer.startswith(("sqlite_utils", "click")) for importer in importers), importers


def test_the_file_it_writes_verifies_and_matches_the_batch_file(tmp_path: Path) -> None:
    api, batch = tmp_path / "api.db", tmp_path / "batch.db"
    play_example(api)
    assert script(batch, "batch", "--quiet", str(BATCH)).returncode == 0
    for database in (api, batch):
        assert script(database, "verify").returncode == 0
    options = ("--campaign", "First Evening")
    for view in (("party", "show"), ("party", "show", "--at", "scenario-1")):
        shown = [script(db, *options, *view, "--json") for db in (api, batch)]
        assert all(result.returncode == 0 for result in shown), shown
        assert json.loads(shown[0].stdout) == json.loads(shown[1].stdout)
