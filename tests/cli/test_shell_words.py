"""The fast split of batch lines gives exactly shlex.split's words and errors."""

import shlex

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger_cli.shell_words import split

# Every character shlex treats specially, and some it does not.
ALPHABET = st.sampled_from(list(" \t\r\n\x0b\x0c\"'\\#$`;|&*?~=:-+.,éZ1Å\u00a0\u2003"))


def _shlex(line: str) -> list[str] | str:
    try:
        return shlex.split(line)
    except ValueError as error:
        return f"ValueError: {error}"


def _fast(line: str) -> list[str] | str:
    try:
        return split(line)
    except ValueError as error:
        return f"ValueError: {error}"


@settings(deadline=None)
@given(st.text(ALPHABET, max_size=24))
def test_random_lines_split_as_shlex_splits_them(line: str) -> None:
    assert _fast(line) == _shlex(line)


@settings(deadline=None)
@given(st.text(st.sampled_from(list(" \t\"'\\a")), max_size=12))
def test_lines_of_quotes_and_escapes_split_as_shlex_splits_them(line: str) -> None:
    assert _fast(line) == _shlex(line)


@pytest.mark.parametrize(
    "line",
    [
        'damage "Zuva\'Sai" 2',
        'check "Venia" might 2 --roll "1 S"',
        '  item gain   Torrax "Star Lotus token"  ',
        'hero add ""',
        'note "a"b',
        "condition add 'Venia' Bleeding",
        'journal add Venia "say \\"hi\\""',
        'note "a\\\\b" "c\\d"',
        'damage "Venia 2',
        "damage 'Venia 2",
        "damage Venia\\ 2",
        "stars gain Venia 3 # a comment is a word",
        "",
        "\x0c damage\x0bVenia",
    ],
)
def test_lines_players_type_split_as_shlex_splits_them(line: str) -> None:
    assert _fast(line) == _shlex(line)
