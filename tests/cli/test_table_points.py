"""The smaller points a player hits at the table (issue 26): `stars give HERO N --to HERO`,
usage errors exit 2, `diff` counts copies and words sessions, `campaign delete` points to
`campaign archive`, a failed check says when spending its stamina faces would have
succeeded, and an "extra argument" that is half a name hints at quotes."""

from pathlib import Path

import pytest

from tests.helpers.cli import Invoke, refuse


@pytest.fixture
def table(party: Invoke) -> Invoke:
    party("hero", "add", "Venia", "--might", "1", "--agility", "3", "--will", "2", "--taunt",
          "4", "--chips", "8", "--wounded-chips", "4")  # fmt: skip
    party("step", "city")
    return party


def test_stars_give_reads_as_item_give(table: Invoke, invoke: Invoke, db_path: Path) -> None:
    table("stars", "gain", "Torrax", "3")
    said = table("stars", "give", "Torrax", "1", "--to", "Venia").output
    assert "Torrax gives 1 Stars to Venia" in said
    assert (
        "Torrax gives 2 Stars to Venia"
        in table("stars", "give", "2", "--from", "Torrax", "--to", "Venia").output
    )  # the older form still works
    refuse(invoke, db_path, "stars", "give", "Torrax", "1", "--from", "Torrax", "--to",
           "Venia", says="name the giver once", code=2)  # fmt: skip
    refuse(invoke, db_path, "stars", "give", "Torrax", "x", "--to", "Venia",
           says="'x' is not a whole number", code=2)  # fmt: skip


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("check", "Torrax", "might", "three"), "a number or ?, not 'three'"),
        (("check", "Torrax", "might", "3", "--spend-stamina", "lots"), "a number or 'best'"),
        (("group-check", "agility", "eight"), "thresholds like 8/13/17"),
        (("group-check", "agility", "8", "--roll", "Torrax"), "written HERO=VALUE"),
    ],
)
def test_what_cannot_be_parsed_is_a_usage_error(
    table: Invoke, invoke: Invoke, db_path: Path, args: tuple[str, ...], says: str
) -> None:
    refuse(invoke, db_path, *args, says=says, code=2)


def test_diff_counts_copies_and_words_the_session(table: Invoke) -> None:
    start = table("log", "--json").output.count('"seq"')
    table("session", "start")
    for _ in range(3):
        table("item", "gain", "Torrax", "Rope", "--value", "1")
    table("session", "end")
    said = table("diff", str(start)).output
    assert "Torrax: items gained Rope ×3" in said
    assert "session 1 → 0" not in said
    assert "Rope, Rope" not in said


def test_diff_says_which_session_ended_or_is_under_way(table: Invoke) -> None:
    start = table("log", "--json").output.count('"seq"')
    table("session", "start")
    under_way = table("diff", str(start)).output
    assert "party: session 1 under way" in under_way
    middle = table("log", "--json").output.count('"seq"')
    table("session", "end")
    assert "party: session 1 ended" in table("diff", str(middle)).output


def test_campaign_delete_points_to_archive(table: Invoke, invoke: Invoke, db_path: Path) -> None:
    said = refuse(invoke, db_path, "campaign", "delete", "Moonsilver", says="campaign archive",
                  code=2)  # fmt: skip
    assert "nothing recorded is ever deleted" in said


def test_a_failed_check_says_spending_its_stamina_faces_would_have_succeeded(
    table: Invoke,
) -> None:
    table("step", "journey")
    table("step", "scenario", "4")
    said = table("check", "Torrax", "might", "3", "--roll", "1 S 1").output
    assert "total 2: failure" in said
    assert "spending 1 stamina on the stamina faces would have made it a success" in said
    short = table("check", "Torrax", "might", "5", "--roll", "1 S 1").output
    assert "would have made it a success" not in short  # 2 + 2 at most: still short


def test_an_extra_argument_that_completes_a_name_hints_at_quotes(
    table: Invoke, invoke: Invoke, db_path: Path
) -> None:
    table("item", "gain", "Torrax", "Sealed Letter")
    said = refuse(invoke, db_path, "item", "discard", "Torrax", "Sealed", "Letter",
                  says="Got unexpected extra argument (Letter)", code=2)  # fmt: skip
    assert '"Sealed Letter" is one name: put it in quotes' in said
    other = refuse(invoke, db_path, "damage", "Torrax", "1", "2", says="extra argument", code=2)
    assert "quotes" not in other
