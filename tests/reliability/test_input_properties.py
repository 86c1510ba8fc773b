"""Property tests for what comes from outside (issue 17): names, numbers, import files and
batch lines. Whatever the input, the answer is a record or a clean refusal (a LedgerError,
or a usage error for the CLI), never another exception; nothing is written on refusal; and
nothing shown holds a raw control character. Each example counts in the reliability figures
(``--report-figures``)."""

import io
import json
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from ledger.campaign import Ledger
from ledger.campaign._lookalikes import fold, lookalike
from ledger.errors import LedgerError
from ledger.exchange import export_campaign, import_campaign
from ledger.model import Item
from ledger.text import name_key, printable, unprintable
from ledger_base_game.events import ItemGained
from ledger_cli import batch_lines
from ledger_cli.app import build_cli
from ledger_cli.numbers import check_ascii_numbers
from tests.helpers.console import script
from tests.helpers.party import make_party

SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def party_file() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "party.db"
        make_party(path)
        yield path


@pytest.fixture(scope="module")
def export_lines(party_file: Path) -> list[str]:
    with Ledger.open(party_file) as ledger:
        out = io.StringIO()
        export_campaign(ledger.campaign(), out)
    return out.getvalue().splitlines(keepends=True)


# Names: any text at all.


@SETTINGS
@given(st.text(max_size=40))
def test_any_name_is_recorded_clean_or_refused(
    party_file: Path, record_figures: Callable[..., None], name: str
) -> None:
    with Ledger.open(party_file) as ledger:
        party = ledger.campaign()
        before = party.head().seq
        area = "Hostile input: random item names (Hypothesis)"
        try:
            recorded = party.record([ItemGained(hero="Torrax", item=Item(name=name))])
        except LedgerError:
            written = party.head().seq != before
            record_figures(area, tried=1, refused=1, failed=int(written))
            assert not written
            return
        record_figures(area, tried=1, recorded=1)
        stored = recorded.events[0].item.name  # type: ignore[attr-defined]
        assert not any(unprintable(c) for c in stored)
        assert stored.strip()
        shown = [printable(entry.description) for entry in party.log()[-1:]]
        assert not any(unprintable(c) for line in shown for c in line)
        party.undo()


@given(st.text(max_size=30), st.text(max_size=30))
@example("\u0345", "")  # casefolded, a combining mark becomes a Greek iota, a look-alike of i
@example("\u13fc", "")  # a small Cherokee letter casefolds to a capital in the table
@example("\u0392", "\u03b2")  # one name (Greek B, b), whose capital alone imitates a Latin B
def test_a_name_never_imitates_itself_and_its_fold_stays(first: str, second: str) -> None:
    # Not "one key, one fold": a capital may imitate a letter its small form does not.
    if name_key(first) == name_key(second):
        assert lookalike(first, [second]) is None
    assert fold(fold(first)) == fold(first)


@given(st.text())
def test_printable_never_lets_a_control_character_through(text: str) -> None:
    shown = printable(text)
    assert not any(unprintable(c) for c in shown)
    assert "\n" not in shown
    if text.isascii() and text.isprintable():
        assert shown == text


# Numbers: a word is a number to the CLI only if written with 0-9.


@given(st.text(st.characters(categories=["Nd", "No", "Pd", "Zs", "Pc"]), min_size=1, max_size=6))
def test_numbers_are_ascii_digits(word: str) -> None:
    import click

    try:
        check_ascii_numbers([word])
    except click.UsageError:
        int_or_float = True
        try:
            int(word)
        except ValueError:
            float(word)  # it was refused only because Python reads it as a number
        assert int_or_float
        assert not word.isascii() or "_" in word
        return
    try:
        value = int(word)
    except ValueError:
        return
    assert word.strip().lstrip("+-").isascii()
    assert str(abs(value)) in word.replace("_", "")


@SETTINGS
@given(st.text(st.characters(categories=["Nd"]), min_size=1, max_size=3))
def test_the_cli_refuses_numbers_in_other_digits(
    party_file: Path, record_figures: Callable[..., None], digits: str
) -> None:
    runner = CliRunner()
    result = runner.invoke(
        build_cli(), ["--database", str(party_file), "stars", "gain", "Torrax", digits]
    )
    refused = int(not digits.isascii() and result.exit_code == 2)
    failed = int(not digits.isascii() and not refused)
    area = "Hostile input: random digits as a number (Hypothesis)"
    record_figures(area, tried=1, refused=refused, failed=failed)
    if digits.isascii():
        # 0 Stars is out of range: a usage error, as any number out of range is
        assert result.exit_code in (0, 2), result.output
        assert result.exit_code == 0 or "Stars must be from 1" in result.output
        if result.exit_code == 0:
            with Ledger.open(party_file) as ledger:
                ledger.campaign().undo()
    else:
        assert result.exit_code == 2, result.output
        assert "digits 0-9" in result.output


# Import files: an export changed at random.


@SETTINGS
@given(st.data())
def test_a_changed_export_imports_whole_or_not_at_all(
    export_lines: list[str], record_figures: Callable[..., None], data: st.DataObject
) -> None:
    area = "Hostile input: random changes to an export (Hypothesis)"
    lines = list(export_lines)
    change = data.draw(st.sampled_from(["flip", "drop", "duplicate-key", "nest", "bytes"]))
    at = data.draw(st.integers(0, len(lines) - 1))
    if change == "flip":
        line = lines[at]
        where = data.draw(st.integers(0, len(line) - 1))
        lines[at] = line[:where] + data.draw(st.characters(codec="utf-8")) + line[where + 1 :]
    elif change == "drop":
        del lines[at]
    elif change == "duplicate-key":
        row = json.loads(lines[at])
        key = data.draw(st.sampled_from(sorted(row)))
        lines[at] = lines[at].rstrip("\n")[:-1] + f', "{key}": {json.dumps(row[key])}}}\n'
    elif change == "nest":
        depth = data.draw(st.integers(1, 5000))
        lines[at] = lines[at].rstrip("\n")[:-1] + ', "x": ' + "[" * depth + "]" * depth + "}\n"
    encoded = "".join(lines).encode()
    if change == "bytes":
        encoded = data.draw(st.binary(max_size=300))
    with tempfile.TemporaryDirectory() as folder, Ledger.open(Path(folder) / "in.db") as ledger:
        try:
            campaign = import_campaign(ledger, io.BytesIO(encoded))
        except LedgerError:
            written = ledger.db.execute("SELECT count(*) FROM events").fetchone()[0]
            record_figures(area, tried=1, refused=1, failed=int(bool(written)))
            assert ledger.campaigns() == []
            assert written == 0
            return
        whole = campaign.head().seq == len(export_lines) - 1
        record_figures(area, tried=1, **{"imported whole": int(whole)}, failed=int(not whole))
        assert whole


# Batch lines: any bytes.


@given(st.binary(max_size=200))
def test_batch_lines_are_read_or_refused_by_number(raw: bytes) -> None:
    refused = ""
    try:
        lines = list(batch_lines.numbered(io.BytesIO(raw)))
    except LedgerError as error:
        refused = str(error)
    if refused:
        assert refused.startswith("line ")
        return
    assert "".join(text for _, text in lines) == raw.decode("utf-8")


@SETTINGS
@given(
    st.lists(
        st.text(st.sampled_from(list(" \t\"'\\#-abT0123\u2028\x1b\u3164\u00e9")), max_size=30),
        max_size=4,
    )
)
def test_a_batch_of_random_lines_never_crashes(
    party_file: Path, record_figures: Callable[..., None], lines: list[str]
) -> None:
    runner = CliRunner()
    text = "".join(line.replace("\n", " ") + "\n" for line in lines)
    result = runner.invoke(
        build_cli(), ["--database", str(party_file), "batch", "-"], input=text.encode()
    )
    crashed = not (result.exception is None or isinstance(result.exception, SystemExit))
    area = "Hostile input: random batch files (Hypothesis)"
    record_figures(area, tried=1, lines=len(lines), failed=int(crashed))
    assert result.exit_code in (0, 1, 2), result.output
    assert not crashed, result.output
    assert not any(unprintable(c) for c in result.output if c != "\n")


def test_a_batch_line_through_the_console_script(party_file: Path, tmp_path: Path) -> None:
    file = tmp_path / "lines.txt"
    file.write_text("stars gain Torrax \u0663\n")
    done = script(party_file, "batch", str(file))
    assert done.returncode == 2
    assert "digits 0-9" in done.stderr
    assert "Traceback" not in done.stderr
