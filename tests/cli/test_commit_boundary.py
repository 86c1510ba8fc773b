"""The commit boundary (ledger_cli.boundary), through the installed console script: a closed
standard output after the commit exits quietly (141) with what was recorded kept, once; any
other failure after it says "recorded as #N"; an error before it, that nothing was written;
neither a closed pipe nor an argument that is not UTF-8 is blamed on a plugin."""

import os
import subprocess
from collections.abc import Iterator, Sequence
from pathlib import Path

import click
import pytest

from ledger.hosting import CommandGroup, get_plugin_manager, hookimpl
from ledger.model import CampaignState, Event, HeroEvent
from ledger_cli.app import build_cli
from ledger_cli.boundary import CLOSED_PIPE
from ledger_cli.helpers import App, Command, pass_app
from tests.helpers.console import SCRIPT, script
from tests.helpers.files import event_count
from tests.helpers.party import make_party

TORRAX = ("hero", "add", "Torrax", "--agility", "2", "--will", "2", "--taunt", "5")
TORRAX += ("--wounded-chips", "5")


@pytest.fixture
def closed_reader() -> Iterator[int]:
    """The writing end of a pipe whose reader has already gone."""
    reader, writer = os.pipe()
    os.close(reader)
    yield writer
    os.close(writer)


def run(
    db: Path, *args: str | bytes, stdout: int, stdin: bytes | None = None
) -> subprocess.CompletedProcess[bytes]:
    env = {k: v for k, v in os.environ.items() if k not in ("LEDGER_DATABASE", "LEDGER_CAMPAIGN")}
    return subprocess.run(
        [str(SCRIPT), "--database", str(db), *args],
        input=stdin,
        stdout=stdout,
        stderr=subprocess.PIPE,
        env=env,
        timeout=60,
        check=False,
    )


def test_a_command_whose_reader_went_away_records_once_and_exits_quietly(
    db_path: Path, closed_reader: int
) -> None:
    make_party(db_path)
    count = event_count(db_path)
    done = run(db_path, "damage", "Torrax", "1", stdout=closed_reader)
    assert (done.returncode, done.stderr) == (CLOSED_PIPE, b"")
    assert event_count(db_path) == count + 1
    assert len(script(db_path, "log", "--type", "damage-taken").stdout.splitlines()) == 1


def test_hero_add_to_a_closed_pipe_blames_no_plugin(db_path: Path, closed_reader: int) -> None:
    assert script(db_path, "campaign", "new", "Test").returncode == 0
    done = run(db_path, *TORRAX, stdout=closed_reader)
    assert (done.returncode, done.stderr) == (CLOSED_PIPE, b"")
    assert event_count(db_path) == 2
    assert "Torrax" in script(db_path, "hero", "list").stdout


def test_a_view_and_help_shown_to_a_closed_pipe_end_quietly(
    db_path: Path, closed_reader: int
) -> None:
    make_party(db_path)
    for args in (("hero", "show", "Torrax"), ("log",), ("--help",), ("damage", "--help")):
        done = run(db_path, *args, stdout=closed_reader)
        assert (done.returncode, done.stderr) == (CLOSED_PIPE, b""), args


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_output_failing_after_the_commit_says_what_was_recorded(db_path: Path) -> None:
    make_party(db_path)
    count = event_count(db_path)
    with open("/dev/full", "wb") as full:
        done = run(db_path, "damage", "Torrax", "1", stdout=full.fileno())
        renamed = run(db_path, "campaign", "rename", "Test", "Moon", stdout=full.fileno())
        shown = run(db_path, "hero", "show", "Torrax", stdout=full.fileno())
    assert done.returncode == 1
    assert done.stderr.decode() == (
        f"Error: recorded as #{count + 1}, but showing it failed: OSError: [Errno 28] "
        "No space left on device\n"
    )
    assert event_count(db_path) == count + 1
    assert renamed.returncode == 1
    assert renamed.stderr.decode().startswith(
        "Error: campaign 'Test' renamed 'Moon', but showing it failed: OSError"
    )
    assert shown.returncode == 1
    assert "showing the output failed: OSError" in shown.stderr.decode()
    assert "plugin" not in shown.stderr.decode()


def test_an_argument_that_is_not_utf8_is_refused_naming_no_plugin(db_path: Path) -> None:
    make_party(db_path)
    count = event_count(db_path)
    for args in (("keyword", "add", b"a\xffb"), ("stock", "add", b"a\xffb")):
        done = run(db_path, *args, stdout=subprocess.PIPE)
        stderr = done.stderr.decode()
        assert done.returncode == 1, stderr
        assert "'a\\udcffb' contains the unprintable character '\\udcff'" in stderr
        assert "plugin" not in stderr
        assert "Traceback" not in stderr
    assert event_count(db_path) == count


@pytest.mark.parametrize("source", ["file", "stdin"])
def test_a_batch_whose_output_closed_records_every_line(
    db_path: Path, tmp_path: Path, closed_reader: int, source: str
) -> None:
    make_party(db_path)
    count = event_count(db_path)
    lines = b"".join(b"stars gain Torrax %d\n" % n for n in range(1, 6))
    file = tmp_path / "evening.txt"
    file.write_bytes(lines)
    if source == "file":
        done = run(db_path, "batch", str(file), stdout=closed_reader)
    else:
        done = run(db_path, "batch", "-", stdout=closed_reader, stdin=lines)
    assert (done.returncode, done.stderr) == (CLOSED_PIPE, b"")
    assert event_count(db_path) == count + 5
    assert "Torrax" in script(db_path, "stars").stdout


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_a_batch_whose_output_fails_runs_on_and_says_every_line_is_recorded(
    db_path: Path, tmp_path: Path
) -> None:
    make_party(db_path)
    count = event_count(db_path)
    file = tmp_path / "evening.txt"
    file.write_text("stars gain Torrax 1\nstars gain Torrax 2\n")
    with open("/dev/full", "wb") as full:
        done = run(db_path, "batch", str(file), stdout=full.fileno())
    assert done.returncode == 1
    assert done.stderr.decode() == (
        "Error: every line is recorded, but showing their output failed from line 1 on: "
        "OSError: [Errno 28] No space left on device; do not run the batch again\n"
    )
    assert event_count(db_path) == count + 2


# A plugin whose event's description raises: after the commit, while showing it.


class Gust(HeroEvent, tag="gale:gust", frozen=True, kw_only=True):
    def apply(self, state: CampaignState) -> CampaignState:
        return state

    def describe(self) -> str:
        raise KeyError("wind")


@click.command("gust", cls=Command)
@click.argument("hero")
@pass_app
def gust(app: App, hero: str) -> None:
    app.record(Gust(hero=hero))


class Gale:
    @staticmethod
    @hookimpl
    def register_event_types() -> list[type[Event]]:
        return [Gust]

    @staticmethod
    @hookimpl
    def register_commands(cli: CommandGroup) -> None:
        cli.add_command(gust)


def invoke(db: Path, args: Sequence[str]) -> tuple[int, str]:
    from click.testing import CliRunner

    pm = get_plugin_manager()
    pm.register(Gale(), name="gale")
    result = CliRunner().invoke(build_cli(pm), ["--database", str(db), *args])
    return result.exit_code, result.stderr


def test_a_plugin_failing_to_show_what_it_recorded_is_named_after_the_commit(
    db_path: Path,
) -> None:
    make_party(db_path)
    count = event_count(db_path)
    code, stderr = invoke(db_path, ["gust", "Torrax"])
    assert code == 1
    assert stderr == (
        f"Error: recorded as #{count + 1}, but plugin 'gale' failed showing it: KeyError: "
        "'wind' (--debug or LEDGER_DEBUG=1 shows the traceback)\n"
    )
    assert event_count(db_path) == count + 1


def test_a_batch_line_failing_to_show_runs_on(db_path: Path, tmp_path: Path) -> None:
    make_party(db_path)
    count = event_count(db_path)
    file = tmp_path / "evening.txt"
    file.write_text("gust Torrax\nstars gain Torrax 2\n")
    code, stderr = invoke(db_path, ["batch", str(file)])
    assert code == 1
    assert stderr == (
        f"Error: line 1: gust Torrax\nrecorded as #{count + 1}, but plugin 'gale' failed "
        "showing it: KeyError: 'wind' (--debug or LEDGER_DEBUG=1 shows the traceback)\n"
        "Error: every line is recorded, but 1 line was not shown (above): do not run the "
        "batch again\n"
    )
    assert event_count(db_path) == count + 2
