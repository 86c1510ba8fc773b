"""`campaign-ledger shell`: an evening in one session. Typed at a pseudo-terminal (the
prompt, completion that quotes, history per ledger file, Ctrl-C, Ctrl-D) and piped (one
command a line, refusals shown and the session going on, one open ledger)."""

from pathlib import Path

import pytest

from ledger.campaign import Ledger
from ledger_cli.shell_session import history_file
from tests.helpers.cli import Invoke
from tests.helpers.typist import CTRL_C, CTRL_D, ENTER, TAB, Typist

UP = "\x1b[A"


@pytest.fixture
def evening(party: Invoke) -> Invoke:
    """Zuva'Sai and Torrax in a City step; Torrax carries a Sealed Letter."""
    party("step", "city")
    party("item", "gain", "Torrax", "Sealed Letter")
    return party


def test_piped_each_line_runs_and_a_refusal_leaves_the_session_running(
    evening: Invoke, invoke: Invoke
) -> None:
    lines = "\n".join(
        [
            "damage Torax 2",  # refused: the session goes on
            "frobnicate",  # a usage error: it goes on too
            'damage "Zuva\'Sai" 2',
            "undo",
            "redo",
            "# a comment",
            "",
            "hero show Torrax",
        ]
    )
    result = invoke("shell", input=lines + "\n")
    assert result.exit_code == 1  # a line was refused
    out = result.output
    assert "Did you mean 'Torrax'?" in out
    assert "No such command 'frobnicate'" in out
    assert "Zuva'Sai takes 2 damage" in out
    assert "Undo of #" in out
    assert "Redo of #" in out
    assert "Torrax — level 1" in out
    assert "Traceback" not in out


def test_piped_with_no_refusal_it_exits_0_and_exit_ends_it(evening: Invoke) -> None:
    result = evening("shell", input="damage Torrax 1\nexit\ndamage Torrax 1\n")
    assert result.output.count("Torrax takes 1 damage") == 1


def test_every_line_runs_on_the_one_open_ledger(
    evening: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[Path] = []
    real = Ledger.open.__func__  # type: ignore[attr-defined]

    def counting(cls: type[Ledger], path: Path, *args: object, **kwargs: object) -> Ledger:
        opened.append(path)
        return real(cls, path, *args, **kwargs)  # type: ignore[no-any-return]

    monkeypatch.setattr(Ledger, "open", classmethod(counting))
    evening("shell", input="damage Torrax 1\nheal Torrax 1\nundo\nparty show\nlog\n")
    assert len(opened) == 1


def test_the_shell_will_not_start_another_inside_itself(evening: Invoke, invoke: Invoke) -> None:
    result = invoke("shell", input="shell\nhero list\n")
    assert result.exit_code == 1
    assert "Error: shell: the shell is running already" in result.output
    assert "Torrax" in result.output.split("already")[1]  # the next line still ran


def test_history_is_kept_per_ledger_file_in_the_user_state_directory(
    tmp_path: Path, user_dirs: Path
) -> None:
    one, two = history_file(tmp_path / "a" / "ledger.db"), history_file(tmp_path / "ledger.db")
    assert one != two
    assert one.is_relative_to(user_dirs)  # the user's state directory, not the ledger's
    assert not one.is_relative_to(tmp_path / "a")
    assert "shell-history" in one.parts


def shell(db: Path, home: Path) -> Typist:
    return Typist.ledger(db, "shell", env={"HOME": str(home), "XDG_STATE_HOME": str(home)})


@pytest.mark.smoke  # prompt_toolkit at its floor too (.ci/run)
def test_typed_at_a_terminal_the_prompt_completion_and_keys_work(
    evening: Invoke, db_path: Path, tmp_path: Path
) -> None:
    typist = shell(db_path, tmp_path / "home")
    typist.expect("Ctrl-D leaves.")
    typist.expect("· city-1 ›")  # the campaign and its step
    typist.send("dam" + TAB)  # a command
    typist.expect("damage")
    typist.send(" Zu" + TAB)  # a Hero, inserted quoted
    typist.expect('damage "Zuva\'Sai"')
    typist.send(" 2" + ENTER)
    typist.expect("Zuva'Sai takes 2 damage")
    typist.expect("›")  # keys typed before the prompt is back would reach the terminal's driver
    typist.send("item discard Torrax Sea" + TAB)  # an item, inserted quoted
    typist.expect('item discard Torrax "Sealed Letter"')
    typist.send(CTRL_C)  # cancels the line being typed: nothing discarded
    typist.expect("›")
    typist.send("damage Torax 1" + ENTER)  # refused: the session goes on
    typist.expect("Did you mean 'Torrax'?")
    typist.expect("›")
    typist.send("undo" + ENTER)
    typist.expect("Undo of #")
    typist.expect("›")
    typist.send(CTRL_D)
    assert typist.wait() == 0
    assert "Sealed Letter is discarded" not in typist.text
    assert "Traceback" not in typist.text


def test_history_comes_back_in_the_next_session_of_the_same_file(
    evening: Invoke, db_path: Path, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    first = shell(db_path, home)
    first.expect("›")
    first.send("hero show Torrax" + ENTER)
    first.expect("Torrax — level 1")
    first.expect("›")
    first.send("exit" + ENTER)
    assert first.wait() == 0
    second = shell(db_path, home)
    second.expect("›")
    second.send(UP + UP)  # exit, then the line before it
    second.expect("hero show Torrax")
    second.send(ENTER)
    second.expect("Torrax — level 1")
    second.expect("›")
    second.send(CTRL_D)
    assert second.wait() == 0
