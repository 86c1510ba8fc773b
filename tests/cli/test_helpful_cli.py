"""A CLI that helps (issue 14): a bare group prints readable help, a mistyped command, option
or name gets the closest matches (never a silent guess), a number out of range is a usage
error (exit 2), and the shell completes commands and the campaign's names."""

import os
import subprocess
from pathlib import Path

import pluggy
import pytest

from ledger.campaign import Ledger
from ledger.errors import NotFound
from ledger.hosting import Registry
from ledger_base_game.actions import vitality
from tests.helpers.cli import Invoke
from tests.helpers.console import SCRIPT, script
from tests.helpers.party import ADD_TORRAX, ADD_ZUVA

GROUPS = ["gem", "session", "keyword", "xp", "class", "skill", "profession", "talent"]


@pytest.mark.parametrize("group", GROUPS)
def test_a_bare_group_prints_readable_help(invoke: Invoke, group: str) -> None:
    result = invoke(group)
    assert result.exit_code == 2
    assert "\\n" not in result.output  # no escaped line breaks
    assert f"Usage: cli {group} [OPTIONS] COMMAND [ARGS]..." in result.output.splitlines()
    assert "Commands:" in result.output.splitlines()


def test_a_choice_error_reads_normally(party: Invoke, invoke: Invoke) -> None:
    result = invoke("item", "gain", "Torrax", "Salve", "--heal", "1", "--target", "far")
    assert result.exit_code == 2
    assert (
        "Error: Invalid value for '--target': 'far' is not one of 'self', 'ranged', 'area'."
        in result.output
    )
    assert "\\n" not in result.output


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("chek Torrax might 5", "No such command 'chek'. Did you mean 'check'?"),
        ("item gian Torrax Sword", "No such command 'gian'. Did you mean 'gain'?"),
        ("stamina spedn Torrax 1", "No such command 'spedn'. Did you mean 'spend'?"),
        ("item gain Torrax Salve --heall 2", "No such option '--heall'."),
        ("heal Torrax 1 --jsno", "No such option '--jsno'. Did you mean '--json'?"),
    ],
)
def test_a_mistyped_command_or_option_gets_the_closest(
    party: Invoke, invoke: Invoke, line: str, says: str
) -> None:
    result = invoke(*line.split())
    assert result.exit_code == 2, result.output
    assert says in result.output
    if "--heall" in line:
        assert "'--heal'" in result.output


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("damage Torax 2", "no Hero named 'Torax' in this campaign (Heroes: "),
        ("damage Torax 2", "Did you mean 'Torrax'?"),
        ("heal|Zuva Sai|1", 'Did you mean "Zuva\'Sai"?'),
        ("condition add Torrax Cursd", "Did you mean 'Cursed'"),
        ("item discard Torrax Swrod", "Did you mean 'Sword'?"),
        ("check Torrax migth 5", "Did you mean 'might'?"),
    ],
)
def test_a_mistyped_name_gets_the_closest(
    party: Invoke, invoke: Invoke, line: str, says: str
) -> None:
    invoke("item", "gain", "Torrax", "Sword")
    result = invoke(*line.split("|" if "|" in line else " "))
    assert result.exit_code == 1, result.output
    assert says in result.output


def test_no_suggestion_when_nothing_is_close(party: Invoke, invoke: Invoke) -> None:
    result = invoke("damage", "Quentin", "2")
    assert result.exit_code == 1
    assert "Did you mean" not in result.output


def test_the_core_refusal_suggests_for_python_callers_too(
    party: Invoke, db_path: Path, registry: Registry
) -> None:
    with (
        Ledger.open(db_path, registry, create=False) as ledger,
        pytest.raises(NotFound, match="Did you mean 'Torrax'"),
    ):
        ledger.campaign().do(vitality.damage, hero="Torax", amount=2)


@pytest.mark.parametrize(
    "line",
    ["damage Torrax -2", "heal Torrax 0", "stars gain Torrax 100000"],
)
def test_a_number_out_of_range_is_a_usage_error(party: Invoke, invoke: Invoke, line: str) -> None:
    result = invoke(*line.split())
    assert result.exit_code == 2, result.output
    assert "must be from" in result.output
    assert "Usage: cli" in result.output


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("check Torrax might -1 --roll 1", "TARGET is from 1 to 999, not -1"),
        ("group-check agility 8/13/17 --heroes 0", "--heroes is from 1 to 99, not 0"),
    ],
)
def test_a_target_or_hero_count_out_of_range_is_a_usage_error(
    party: Invoke, invoke: Invoke, line: str, says: str
) -> None:
    result = invoke(*line.split())
    assert result.exit_code == 2, result.output
    assert says in result.output


def test_a_missing_choice_lists_the_choices_on_lines_of_their_own(
    party: Invoke, invoke: Invoke
) -> None:
    result = invoke("gem", "gain", "Torrax")
    assert result.exit_code == 2, result.output
    assert "Choose from:\n  achievement,\n  inspiration" in result.output
    assert "\\n" not in result.output
    assert "\\t" not in result.output
    typed = invoke("damage", "Torrax", "2\n3")  # what is typed is still escaped
    assert "'2\\n3' is not a valid integer" in typed.output


@pytest.mark.parametrize("path", ["", "  "])
def test_a_blank_database_path_is_named(pm: pluggy.PluginManager, path: str) -> None:
    from click.testing import CliRunner

    from ledger_cli.app import build_cli

    result = CliRunner().invoke(build_cli(pm), ["--database", path, "campaign", "list"])
    assert result.exit_code == 2, result.output
    assert "'--database': is blank" in result.output


# Shell completion, through click's documented protocol: the script sets
# _CAMPAIGN_LEDGER_COMPLETE, COMP_WORDS and COMP_CWORD and reads "type,value" lines.


def _complete(db: Path, words: str, shell: str = "bash") -> list[str]:
    env = {
        **os.environ,
        "_CAMPAIGN_LEDGER_COMPLETE": f"{shell}_complete",
        "LEDGER_DATABASE": str(db),
    }
    env.pop("LEDGER_CAMPAIGN", None)
    env["COMP_WORDS"] = f"campaign-ledger {words}"
    env["COMP_CWORD"] = str(len(words.split(" ")))
    done = subprocess.run([str(SCRIPT)], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return [line.split(",", 1)[1] for line in done.stdout.splitlines() if line]


@pytest.fixture
def evening(tmp_path: Path) -> Path:
    db = tmp_path / "ledger.db"
    for line in (
        ["campaign", "new", "Moonsilver"],
        ADD_TORRAX,
        ADD_ZUVA,
        ["item", "gain", "Torrax", "Sword"],
    ):
        assert script(db, *line).returncode == 0
    return db


@pytest.mark.parametrize(
    ("words", "offered"),
    [
        ("damage ", ["Torrax", '"Zuva\'Sai"']),  # bash inserts it quoted
        ("damage z", ['"Zuva\'Sai"']),
        ("item discard Torrax Sw", ["Sword"]),
        ("item give Sword --from T", ["Torrax"]),
        ("condition add Torrax Cu", ["Cursed"]),
        ("check Torrax a", ["agility"]),
        ("--campaign M", ["Moonsilver"]),
        ("ch", ["check"]),
    ],
)
def test_the_shell_completes_names_of_the_campaign(
    evening: Path, words: str, offered: list[str]
) -> None:
    assert _complete(evening, words) == offered


def test_completion_creates_no_ledger(tmp_path: Path) -> None:
    missing = tmp_path / "none.db"
    assert _complete(missing, "damage ") == []
    assert not missing.exists()


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_prints_the_script(tmp_path: Path, shell: str) -> None:
    done = script(tmp_path / "l.db", "completion", shell)
    assert done.returncode == 0, done.stderr
    assert "_CAMPAIGN_LEDGER_COMPLETE" in done.stdout
    assert f"{shell}_complete" in done.stdout
    assert not (tmp_path / "l.db").exists()


def test_an_items_numbers_out_of_range_are_usage_errors(party: Invoke, invoke: Invoke) -> None:
    for option, value, says in (
        ("--number", "-3", "an Item card number is from 1 to 9999, not -3"),
        ("--weight", "50", "an item's weight is from 0 to 20, not 50"),
    ):
        result = invoke("item", "gain", "Torrax", "Rope", option, value)
        assert result.exit_code == 2, result.output
        assert says in result.stderr
