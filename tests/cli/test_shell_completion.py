"""Tab completion inserts names as each shell reads them back, tested through the real
shells' own completion (bash's, zsh's compinit and fish's), typed at a pseudo-terminal:
`Zuva'Sai` and `Sealed Letter` come out quoted or escaped, and the command then runs."""

import re
import shutil
import sys
from pathlib import Path

import pytest

from tests.helpers.cli import Invoke
from tests.helpers.typist import ENTER, TAB, Typist

PROMPT = "READY$ "
SHELLS = {
    "bash": (
        ["bash", "--norc", "--noprofile", "-i"],
        f"PS1='{PROMPT}'; source <(campaign-ledger completion bash)",
    ),
    "zsh": (
        ["zsh", "-f", "-i"],
        f"PS1='{PROMPT}'; autoload -U compinit && compinit -u && "
        "source <(campaign-ledger completion zsh)",
    ),
    "fish": (
        ["fish", "--no-config", "-i"],
        f"function fish_prompt; echo -n '{PROMPT}'; end; campaign-ledger completion fish | source",
    ),
}


@pytest.fixture
def letter(party: Invoke) -> Invoke:
    party("step", "city")
    party("item", "gain", "Torrax", "Sealed Letter")
    return party


def at_the_prompt(shell: str, db_path: Path, home: Path) -> Typist:
    if shutil.which(shell) is None:
        pytest.skip(f"{shell} is not installed here (.ci/run installs it)")
    args, setup = SHELLS[shell]
    home.mkdir(exist_ok=True)
    path = f"{Path(sys.executable).parent}:/usr/bin:/bin"
    env = {"LEDGER_DATABASE": str(db_path), "PATH": path, "HOME": str(home), "PS1": PROMPT}
    typist = Typist(args, env=env, cwd=home)
    typist.send(setup + ENTER)
    typist.send("echo set-up-done" + ENTER)
    typist.expect("\nset-up-done")  # the echo's output, not the line typed
    typist.expect(PROMPT)
    return typist


@pytest.mark.parametrize("shell", list(SHELLS))
def test_a_name_with_an_apostrophe_is_inserted_so_the_command_runs(
    shell: str, letter: Invoke, db_path: Path, tmp_path: Path
) -> None:
    typist = at_the_prompt(shell, db_path, tmp_path / "home")
    typist.send("campaign-ledger damage Zu" + TAB)
    typed = typist.expect("Sai")  # the completion drawn
    assert "Zu" in typed
    typist.send(" 1" + ENTER)
    typist.expect("Zuva'Sai takes 1 damage")
    typist.expect(PROMPT)
    typist.send("exit" + ENTER)
    typist.wait()
    line = typist.text.split("campaign-ledger damage ")[-1].split("\n")[0]
    assert re.search(r"\"Zuva'Sai\"|Zuva\\'Sai", line), line


@pytest.mark.parametrize("shell", list(SHELLS))
def test_a_name_with_a_space_is_inserted_as_one_argument(
    shell: str, letter: Invoke, db_path: Path, tmp_path: Path
) -> None:
    typist = at_the_prompt(shell, db_path, tmp_path / "home")
    typist.send("campaign-ledger item discard Torrax Sea" + TAB)
    typist.expect("Letter")
    typist.send(ENTER)
    found = typist.expect(PROMPT)
    typist.send("exit" + ENTER)
    typist.wait()
    assert re.search(r"#\d+ Torrax discards Sealed Letter", found), found
    assert "unexpected extra argument" not in found


def test_inside_a_quote_the_player_opened_bash_gets_the_bare_name(
    letter: Invoke, db_path: Path, tmp_path: Path
) -> None:
    typist = at_the_prompt("bash", db_path, tmp_path / "home")
    typist.send('campaign-ledger damage "Zu' + TAB)
    typist.expect("Sai")
    typist.send(" 1" + ENTER)  # readline closed the quote: one argument
    typist.expect("Zuva'Sai takes 1 damage")
    typist.send("exit" + ENTER)
    typist.wait()
