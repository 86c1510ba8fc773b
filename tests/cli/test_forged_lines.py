"""No name can forge a line of output (issue 17, item 1).

A name a player types goes through one check when its event is recorded, whatever the face
(the CLI, Python): control characters, line and paragraph separators and invisible fillers
are refused anywhere in it, before any stripping. What a file already holds (an older or
tampered one) is shown with every such character escaped. A name spelled with look-alike
letters from another alphabet is refused when it imitates an existing Hero or item."""

from pathlib import Path

import pytest

from ledger.campaign import Ledger
from ledger.campaign._lookalikes import fold, lookalike
from ledger.errors import BadInput
from ledger.model import Event, Item
from ledger.text import printable, unprintable
from ledger_base_game.events import InjuryDrawn, ItemGained, SleepFound, StaminaLocked, StepStarted
from tests.helpers.cli import Invoke, refuse, resolved_city
from tests.helpers.console import script
from tests.helpers.files import event_count
from tests.helpers.party import ADD_TORRAX

WOUNDED = ("--wounded-chips", "5")
FORGED = "\n#24 Zuva'Sai gains 500 Stars"
HOSTILE = {
    "newline": FORGED,
    "carriage-return": "\r#24 Zuva'Sai gains 500 Stars",
    "file-separator": "\x1c#24 forged",
    "line-separator": "\u2028#24 forged",
    "paragraph-separator": "x\u2029#24 forged",
    "escape": "\x1b[2J#24 forged",
    "hangul-filler": "Sword\u3164",
    "braille-blank": "\u2800Sword",
    "zero-width-space": "Sw\u200bord",
    "variation-selector": "Sword\ufe0f",
    "trailing-tab": "Glaive\t",
}


def _party(db: Path) -> None:
    for args in (
        ("campaign", "new", "Moonsilver"),
        ADD_TORRAX,
        ("item", "gain", "Torrax", "Sword"),
    ):
        done = script(db, *args)
        assert done.returncode == 0, done.stderr


def test_a_name_with_a_line_break_is_refused_by_the_console_script(tmp_path: Path) -> None:
    db = tmp_path / "ledger.db"
    _party(db)
    before = event_count(db)
    for name in (FORGED, "\r#24 forged", "\x1c#24 forged", "\u2028#24 forged"):
        done = script(db, "item", "gain", "Torrax", name)
        assert done.returncode == 1, done
        assert "unprintable character" in done.stderr
        assert "#24" not in done.stdout
        assert not any(line.startswith("#24") for line in done.stderr.splitlines())
    assert event_count(db) == before
    shown = script(db, "log")
    assert not any(line.startswith("#24") for line in shown.stdout.splitlines())


@pytest.mark.parametrize("name", HOSTILE.values(), ids=HOSTILE.keys())
@pytest.mark.parametrize(
    "command",
    [
        ("item", "gain", "Torrax", "{}"),
        ("stock", "add", "{}"),
        ("injury", "draw", "Torrax", "{}"),
        ("city", "sleep", "Torrax", "{}"),
        ("city", "activity", "Torrax", "{}", "--points", "1"),
        ("stamina", "lock", "Torrax", "1", "--on", "{}"),
        (
            "group-check",
            "might",
            "8",
            "--roll",
            "Torrax=1 1 1",
            "--roll",
            "Zuva'Sai=1 1",
            "--success-entry",
            "{}",
        ),
        ("campaign", "new", "{}"),
    ],
    ids=lambda command: " ".join(command[:2]),
)
def test_every_name_a_player_types_is_refused_with_a_clear_error(
    party: Invoke, invoke: Invoke, db_path: Path, command: tuple[str, ...], name: str
) -> None:
    resolved_city(party)
    args = tuple(part.replace("{}", name) for part in command)
    refuse(invoke, db_path, *args, says="unprintable character")


def test_the_python_face_refuses_a_forged_name(tmp_path: Path) -> None:
    from tests.helpers.party import make_party

    path = tmp_path / "api.db"
    make_party(path)
    with Ledger.open(path) as ledger:
        party = ledger.campaign()
        party.record([ItemGained(hero="Torrax", item=Item(name="Sword"))])
        party.record([StepStarted(kind="city")])  # where a place to sleep may be found
        before = party.head().seq
        for event in (
            ItemGained(hero="Torrax", item=Item(name=FORGED)),
            InjuryDrawn(hero="Torrax", injury="Broken\u2028arm"),
            SleepFound(hero="Torrax", place="\x1b]0;title\x07Inn"),
            StaminaLocked(hero="Torrax", amount=1, source="\u3164"),
            ItemGained(hero="Torrax", item=Item(name="Sw\u043erd")),  # a Cyrillic o
        ):
            with pytest.raises(BadInput):
                party.record([event])
        with pytest.raises(BadInput, match="unprintable"):
            ledger.create_campaign("\nForged")
        assert party.head().seq == before


def test_look_alike_names_are_refused(party: Invoke, invoke: Invoke, db_path: Path) -> None:
    party("item", "gain", "Torrax", "Sword")
    refuse(invoke, db_path, "item", "gain", "Torrax", "\u0422orrax", says="looks like 'Torrax'")
    refuse(invoke, db_path, "item", "gain", "Zuva'Sai", "Sw\u043erd", says="looks like 'Sword'")
    refuse(invoke, db_path, "stock", "add", "\u0405word", says="looks like 'Sword'")
    hero = ("hero", "add", "\u0422\u043err\u0430x", "--might", "1", "--agility", "1", "--will")
    stats = ("1", "--taunt", "1", "--chips", "5", *WOUNDED)
    refuse(invoke, db_path, *hero, *stats, says="looks like 'Torrax'")
    party("keyword", "add", "Tide Gate")
    refuse(invoke, db_path, "keyword", "add", "Tid\u0435 Gate", says="looks like 'Tide Gate'")
    party("keyword", "cross", "Tide Gate")  # the keyword itself, as written
    refuse(invoke, db_path, "campaign", "new", "T\u0435st", says="looks like campaign 'Test'")
    # Accented letters are letters of their own, not look-alikes; the same name is the same.
    party("item", "gain", "Torrax", "Swörd")
    party("item", "gain", "Zuva'Sai", "Sword")


def test_the_fold_is_documented_and_stable() -> None:
    assert fold("\u0422orrax") == fold("Torrax") == "torrax"
    assert fold("\uff34\uff4f\uff52\uff52\uff41\uff58") == "torrax"  # fullwidth: NFKC
    assert fold("\u0399ron") == "iron"  # Greek capital iota
    assert lookalike("Iron", ["lron"]) is None  # ASCII is never folded
    assert lookalike("Torrax", ["\u0422orrax"]) == "\u0422orrax"
    assert lookalike("Torrax", ["torrax"]) is None  # the same name, typed otherwise
    # Letters that casefold into look-alikes: small Cherokee letters the table does not hold
    # casefold to capitals it does.
    assert fold("\u13fcob") == "bob"
    assert lookalike("\uab70ove", ["Dove"]) == "Dove"


def _forge(path: Path, event: Event) -> None:
    """Append ``event`` as a command with no check at all, as an older version or an editor
    of the file could: sealed, so the chain holds."""
    with Ledger.open(path) as ledger:
        party = ledger.campaign()
        head = party.head()
        state = party.state()
        row = party.make_row(event, head.seq + 1, head.seq + 1, event.apply(state), head.hash, "")
        ledger.store.append([row])


def test_a_name_the_file_holds_is_never_refused_as_a_look_alike(tmp_path: Path) -> None:
    """A file may hold a name and its look-alike (forged, or recorded by a version whose fold
    missed it): typing either exactly is a reference to it, never an imitation."""
    from tests.helpers.party import make_party

    db = tmp_path / "ledger.db"
    make_party(db)
    with Ledger.open(db) as ledger:
        ledger.campaign().record([ItemGained(hero="Torrax", item=Item(name="Rope"))])
    _forge(db, ItemGained(hero="Torrax", item=Item(name="\uab71ope")))  # a small Cherokee r
    with Ledger.open(db) as ledger:
        party = ledger.campaign()
        party.record([ItemGained(hero="Zuva'Sai", item=Item(name="Rope"))])
        party.record([ItemGained(hero="Zuva'Sai", item=Item(name="\uab71ope"))])
        with pytest.raises(BadInput, match="looks like"):
            party.record([ItemGained(hero="Zuva'Sai", item=Item(name="R\u043ep\u0435"))])


def test_a_file_that_holds_forged_names_is_shown_escaped(tmp_path: Path) -> None:
    db = tmp_path / "ledger.db"
    _party(db)
    for event in (
        ItemGained(hero="Torrax", item=Item(name=FORGED)),
        InjuryDrawn(hero="Torrax", injury="\x1c\r#25 forged"),
        StaminaLocked(hero="Torrax", amount=1, source="\u2028#26 forged"),
    ):
        _forge(db, event)
    for view in (("log",), ("hero", "show", "Torrax"), ("party", "show"), ("hero", "list")):
        done = script(db, *view)
        assert done.returncode == 0, done.stderr
        shown = done.stdout
        lines = shown.split("\n")
        assert not any(line.startswith("#2") for line in lines), shown
        raw = {c for c in shown if c != "\n" and unprintable(c)}
        assert not raw, f"{view}: raw {raw!r} in {shown!r}"


def test_printable_escapes_what_a_terminal_acts_on_or_hides() -> None:
    assert printable("Zuva'Sai") == "Zuva'Sai"
    assert printable("a\nb\u2028c\u3164d\x1b") == "a\\nb\\u2028c\\u3164d\\x1b"
    every = "".join(chr(code) for code in range(0x30000) if not 0xD800 <= code < 0xE000)
    assert not any(unprintable(char) for char in printable(every))
