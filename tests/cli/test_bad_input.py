"""Bad input for every command exits 1 with a clear message and writes nothing.

The issue's requirement: "Bad input for every command (unknown Hero, zero, negative or huge
amounts, unknown condition, an item the Hero does not have, discarding a Quest item, spending
more stamina than unspent, hostile strings) exits 1 with a clear message and leaves the event
count unchanged."

Every refusal is checked the same way (``assert_refused``): exit status 1 (a rule or input
error; 2 is for usage errors), a ClickException rather than a crash, an ``Error:`` message that
names what is wrong, no unprintable character echoed raw, no flood of text, and the same number
of events afterwards.

Commands are written as typed after ``campaign-ledger`` and split like a shell would; ``{hero}``
and the like are filled in after splitting, so a hostile value reaches the CLI as one argument,
exactly as given. The CLI runs with ``color=True``: Click strips ANSI sequences when output is
not a terminal, which would hide a raw ``\\x1b[31m`` that a real terminal receives.
"""

import shlex
import shutil
import sqlite3
import traceback
import unicodedata
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pluggy
import pytest
from click.testing import CliRunner, Result

from ledger.hosting import get_plugin_manager
from ledger_cli.app import build_cli
from tests.helpers.cli import Invoke
from tests.helpers.files import event_count
from tests.helpers.party import PARTY, ZUVA

HUGE = str(10**30)
STATS = "--might 1 --agility 1 --will 1 --taunt 1 --chips 5 --wounded-chips 3"

HOSTILE = {
    "control": "Tor\x07rax",
    "ansi": "\x1b[31mTorrax",
    "newline": "Tor\nrax",
    "bidi": "\u202eTorrax",
    "line-separator": "Tor\u2028rax",
    "long": "x" * 10_000,
    "sql": "Robert'); DROP TABLE events;--",
    "empty": "",
    "whitespace": " \t ",
}
SQL = HOSTILE["sql"]
# Unprintable: control, format (bidi), surrogate, private, unassigned, line/paragraph separator.
UNPRINTABLE = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
MAX_MESSAGE = 1000

Refused = Callable[..., Result]


def cmd(line: str, **values: str) -> tuple[str, ...]:
    """A command line split as a shell would, then {zuva}, {hero}, {n}... filled in."""
    return tuple(part.format(zuva=ZUVA, **values) for part in shlex.split(line))


def case(name: str, command: str, says: str | list[str], *setup: str, **kw: Any) -> Any:
    """One refusal: ``setup`` commands succeed, then ``command`` must be refused saying ``says``."""
    return pytest.param(command, says, setup, id=name, **kw)


def count(db_path: Path) -> int:
    """Events in the ledger file; a file that does not exist holds none."""
    return event_count(db_path) if db_path.exists() else 0


def assert_refused(
    result: Result, says: str | Sequence[str], hostile: str | None = None, code: int = 1
) -> None:
    out = result.output
    crash = ""
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        crash = "".join(traceback.format_exception(result.exception))
    report = f"exit {result.exit_code}; output:\n{out!r}\n{crash}"
    assert not crash, f"crashed (a player would see a traceback):\n{report}"
    assert result.exit_code == code, report
    assert "Traceback" not in out, report
    assert "Error: " in out, report
    for needle in [says] if isinstance(says, str) else says:
        assert needle in out, f"the message does not say {needle!r}:\n{report}"
    raw = sorted({c for c in out if c != "\n" and unicodedata.category(c) in UNPRINTABLE})
    assert not raw, f"unprintable characters echoed raw: {raw!r}\n{report}"
    assert len(out) < MAX_MESSAGE, f"a {len(out)}-character message:\n{out[:300]!r}…"
    if hostile is not None and "\n" in hostile:
        assert hostile not in out, f"hostile text echoed raw:\n{report}"


# conftest's ``party`` (the same PARTY commands), built once per module and copied for each
# test: the ~600 cases here would otherwise spend most of their time recording the same events.
@pytest.fixture(scope="module")
def party_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("party") / "ledger.db"
    cli = build_cli(get_plugin_manager())
    environment = {"LEDGER_DATABASE": None, "LEDGER_CAMPAIGN": None, "LEDGER_LOAD_PLUGINS": None}
    runner = CliRunner(env=environment)
    for args in PARTY:
        result = runner.invoke(cli, ["--database", str(path), *args])
        assert result.exit_code == 0, result.output
    assert event_count(path) == len(PARTY)
    return path


@pytest.fixture
def party(party_template: Path, db_path: Path, ok: Invoke) -> Invoke:
    """Overrides conftest's ``party`` with a copy of the same ledger."""
    for suffix in ("", "-wal", "-shm"):
        source = party_template.with_name(party_template.name + suffix)
        if source.exists():
            shutil.copyfile(source, db_path.with_name(db_path.name + suffix))
    return ok


@pytest.fixture
def setup(party: Invoke) -> Callable[..., None]:
    """Run command lines that must succeed, on the party's ledger."""

    def run(*lines: str) -> None:
        for line in lines:
            party(*cmd(line))

    return run


@pytest.fixture
def refused(pm: pluggy.PluginManager, db_path: Path) -> Refused:
    """Run a command that must be refused; check the message and that nothing was written."""
    cli = build_cli(pm)
    runner = CliRunner()

    def check(
        *args: str,
        says: str | Sequence[str],
        hostile: str | None = None,
        database: Path | None = None,
        code: int = 1,
    ) -> Result:
        before = count(db_path)
        path = db_path if database is None else database
        result = runner.invoke(cli, ["--database", str(path), *args], color=True)
        assert_refused(result, says, hostile, code)
        assert count(db_path) == before, f"{args!r} wrote events:\n{result.output}"
        return result

    return check


# Unknown and hostile Heroes, wherever a command names a Hero


HERO_COMMANDS = [
    "damage {hero} 2",
    "heal {hero} 1",
    "stamina spend {hero} 1",
    "stamina lose {hero} 1",
    "stamina restore {hero} 1",
    "stamina lock {hero} 1",
    "stamina unlock {hero}",
    "status remove {hero} wounded",
    "condition add {hero} Cursed",
    "condition remove {hero} Cursed",
    "item gain {hero} Sword",
    "item give Sword --from {hero} --to Torrax",
    "item give Sword --from Torrax --to {hero}",
    "item discard {hero} Sword",
    "item use {hero} 'Star Lotus token'",
    "item use Torrax 'Star Lotus token' --on {hero}",
    "stars gain {hero} 1",
    "stars spend {hero} 1",
    "stars give 1 --from {hero} --to Torrax",
    "stars give 1 --from Torrax --to {hero}",
    "hero show {hero}",
]
UNKNOWN_HEROES = {"unknown": "Venia", **HOSTILE}


@pytest.mark.parametrize("hero", UNKNOWN_HEROES.values(), ids=UNKNOWN_HEROES.keys())
@pytest.mark.parametrize("command", HERO_COMMANDS)
def test_unknown_or_hostile_hero(
    setup: Callable[..., None], refused: Refused, command: str, hero: str
) -> None:
    setup("item gain Torrax Sword", "item gain Torrax 'Star Lotus token'", "stars gain Torrax 5")
    says = ["no Hero named", "'Venia'"] if hero == "Venia" else "no Hero named"
    refused(*cmd(command, hero=hero), says=says, hostile=hero)


# Hostile strings where a command takes a new name (SQL-looking text is a legal name there)


NEW_NAMES = [
    case("hero add", f"hero add {{s}} {STATS}", "Hero name"),
    case("campaign new", "campaign new {s}", "campaign name"),
    case("item gain", "item gain Torrax {s}", "item name"),
    case("stamina lock --on", "stamina lock Torrax 1 --on {s}", "lock source"),
    case("scenario end --outcome", "scenario end --outcome {s}", "outcome", "step scenario 1"),
    case("--idempotency-key", "--idempotency-key {s} damage Torrax 1", "idempotency key"),
]
HOSTILE_NAMES = [pytest.param(value, id=key) for key, value in HOSTILE.items() if key != "sql"]


@pytest.mark.parametrize("name", HOSTILE_NAMES)
@pytest.mark.parametrize(("command", "says", "before"), NEW_NAMES)
def test_hostile_new_name(
    setup: Callable[..., None],
    refused: Refused,
    command: str,
    says: str,
    before: tuple[str, ...],
    name: str,
) -> None:
    setup(*before)
    refused(*cmd(command, s=name), says=says, hostile=name)


@pytest.mark.parametrize(
    "name", [p.values[0] for p in HOSTILE_NAMES], ids=[p.id for p in HOSTILE_NAMES]
)
def test_hostile_hero_add_without_stats(party: Invoke, refused: Refused, name: str) -> None:
    """What is wrong is the name: it must be checked, and never echoed raw, first."""
    refused("hero", "add", name, says="Hero name", hostile=name)


# Hostile strings where a command names something that must already exist


LOOKUPS = [
    case("condition add", "condition add Torrax {s}", "unknown condition"),
    case("condition remove", "condition remove Torrax {s}", "unknown condition"),
    case("item discard", "item discard Torrax {s}", "does not carry", "item gain Torrax Sword"),
    case(
        "item give",
        "item give {s} --from Torrax --to {zuva}",
        "does not carry",
        "item gain Torrax Sword",
    ),
    case("item use", "item use Torrax {s}", "does not carry", "item gain Torrax Sword"),
    case(
        "item use --condition",
        "item use Torrax 'Ghost Lichen token' --condition {s}",
        "unknown condition",
        "item gain Torrax 'Ghost Lichen token'",
    ),
    case(
        "stamina unlock --on",
        "stamina unlock Torrax --on {s}",
        "no stamina locked",
        "stamina lock Torrax 2 --on Shield",
    ),
    case("--campaign", "--campaign {s} damage Torrax 1", "no campaign named"),
    case("hero show --at", "hero show Torrax --at {s}", "cannot read the point"),
]


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
@pytest.mark.parametrize(("command", "says", "before"), LOOKUPS)
def test_hostile_lookup(
    setup: Callable[..., None],
    refused: Refused,
    command: str,
    says: str,
    before: tuple[str, ...],
    text: str,
) -> None:
    setup(*before)
    refused(*cmd(command, s=text), says=says, hostile=text)


# Zero, negative and huge amounts: rule errors (exit 1), never usage errors (exit 2)


AMOUNTS = [
    pytest.param("damage Torrax {n}", "damage", 99, id="damage"),
    pytest.param("heal Torrax {n}", "damage to heal", 99, id="heal"),
    pytest.param("stamina spend Torrax {n}", "stamina to spend", 99, id="stamina spend"),
    pytest.param("stamina lose Torrax {n}", "stamina to lose", 99, id="stamina lose"),
    pytest.param("stamina restore Torrax {n}", "stamina to restore", 99, id="stamina restore"),
    pytest.param("stamina lock Torrax {n}", "stamina to lock", 99, id="stamina lock"),
    pytest.param("stars gain Torrax {n}", "Stars", 9999, id="stars gain"),
    pytest.param("stars spend Torrax {n}", "Stars", 9999, id="stars spend"),
    pytest.param("stars give {n} --from Torrax --to {zuva}", "Stars", 9999, id="stars give"),
]


@pytest.mark.parametrize(
    "amount", ["0", "-1", "-3", "max+1", HUGE], ids=["0", "-1", "-3", "max+1", "10**30"]
)
@pytest.mark.parametrize(("command", "what", "maximum"), AMOUNTS)
def test_bad_amount(
    setup: Callable[..., None],
    refused: Refused,
    command: str,
    what: str,
    maximum: int,
    amount: str,
) -> None:
    setup("stars gain Torrax 50", "damage Torrax 1")  # something to spend, heal and give
    n = str(maximum + 1) if amount == "max+1" else amount
    # a number out of range is a usage error (exit 2), as a number click cannot read is
    refused(*cmd(command, n=n), says=f"{what} must be from 1 to {maximum}, not {n}", code=2)


COUNTS = [
    case("step scenario 0", "step scenario 0", "scenario number must be from 1 to 999, not 0"),
    case("step scenario -1", "step scenario -1", "must be from 1 to 999, not -1"),
    case("step scenario -3", "step scenario -3", "must be from 1 to 999, not -3"),
    case("step scenario 1000", "step scenario 1000", "must be from 1 to 999, not 1000"),
    case("step scenario 10**30", f"step scenario {HUGE}", f"must be from 1 to 999, not {HUGE}"),
    case("undo 0", "undo 0", "commands to undo must be from 1 to 100000, not 0"),
    case("undo -1", "undo -1", "commands to undo must be from 1 to 100000, not -1"),
    case("undo -3", "undo -3", "commands to undo must be from 1 to 100000, not -3"),
    case("undo 99", "undo 99", "cannot undo 99 command(s): 2 can be undone"),
    case("undo 10**30", f"undo {HUGE}", f"commands to undo must be from 1 to 100000, not {HUGE}"),
    case("undo --command 0", "undo --command 0", "#0 is not a command in effect"),
    case("undo --command -1", "undo --command -1", "#-1 is not a command in effect"),
    case("undo --command 1 (creation)", "undo --command 1", "#1 is not a command in effect"),
    case("undo --command 10**30", f"undo --command {HUGE}", f"#{HUGE} is not a command"),
    case("redo 0", "redo 0", "commands to redo must be from 1 to 100000, not 0"),
    case("redo -1", "redo -1", "commands to redo must be from 1 to 100000, not -1"),
    case("redo 10**30", f"redo {HUGE}", f"commands to redo must be from 1 to 100000, not {HUGE}"),
    case("--expect-seq stale", "--expect-seq 1 damage Torrax 1", "is at event 3, not 1"),
    case("--expect-seq 10**30", f"--expect-seq {HUGE} damage Torrax 1", f"not {HUGE}"),
    case("hero add --might -1", f"hero add Bob {STATS} --might -1", "Might must be from 0 to 9"),
    case(
        "hero add --might 10",
        f"hero add Bob {STATS} --might 10",
        "Might must be from 0 to 9, not 10",
    ),
    case("hero add --agility -3", f"hero add Bob {STATS} --agility -3", "Agility must be from"),
    case(
        "hero add --will 10**30",
        f"hero add Bob {STATS} --will {HUGE}",
        f"Will must be from 0 to 9, not {HUGE}",
    ),
    case("hero add --taunt -1", f"hero add Bob {STATS} --taunt -1", "Taunt must be from 0 to 99"),
    case(
        "hero add --taunt 100",
        f"hero add Bob {STATS} --taunt 100",
        "Taunt must be from 0 to 99, not 100",
    ),
    case("hero add --chips 0", f"hero add Bob {STATS} --chips 0", "stamina chips must be from 1"),
    case(
        "hero add --chips -1",
        f"hero add Bob {STATS} --chips -1",
        "stamina chips must be from 1 to 30, not -1",
    ),
    case(
        "hero add --chips 31",
        f"hero add Bob {STATS} --chips 31",
        "stamina chips must be from 1 to 30, not 31",
    ),
    case(
        "hero add --chips 10**30",
        f"hero add Bob {STATS} --chips {HUGE}",
        f"chips must be from 1 to 30, not {HUGE}",
    ),
    case(
        "hero add --wounded-chips 0",
        f"hero add Bob {STATS} --wounded-chips 0",
        "wounded chips must be from 1 to 5, not 0",
    ),
    case(
        "hero add --wounded-chips 6",
        f"hero add Bob {STATS} --wounded-chips 6",
        "wounded chips must be from 1 to 5, not 6",
    ),
    case(
        "hero add --wounded-chips -3",
        f"hero add Bob {STATS} --wounded-chips -3",
        "must be from 1 to 5, not -3",
    ),
]
for _option in ("--heal", "--restore", "--removes-conditions"):
    for _value, _name in (("-1", "-1"), ("-3", "-3"), ("100", "100"), (HUGE, "10**30")):
        COUNTS.append(
            case(
                f"item gain {_option} {_name}",
                f"item gain Torrax 'Healing Salve' {_option} {_value}",
                f"{_option} must be from 0 to 99, not {_value}",
            )
        )
for _value, _name in (("0", "0"), ("-1", "-1"), (HUGE, "10**30")):
    COUNTS.append(
        case(
            f"item gain --number {_name}",
            f"item gain Torrax 'Old Map' --number {_value}",
            f"an Item card number is from 1 to 9999, not {_value}",
        )
    )


@pytest.mark.parametrize(("command", "says", "before"), COUNTS)
def test_bad_number(
    setup: Callable[..., None],
    refused: Refused,
    command: str,
    says: str,
    before: tuple[str, ...],
) -> None:
    setup(*before)
    # a number out of range is a usage error (exit 2); the rest are refusals
    out_of_range = "must be from" in says or " is from " in says
    refused(*cmd(command), says=says, code=2 if out_of_range else 1)


# What the rules refuse


RULES = [
    case(
        "spend more than unspent",
        "stamina spend Torrax 11",
        ["Torrax has only 10 unspent", "spending 11"],
    ),
    case(
        "spend more than is left",
        "stamina spend Torrax 3",
        "only 2 unspent",
        "stamina spend Torrax 8",
    ),
    case("lock more than unspent", "stamina lock Torrax 11", ["only 10 unspent", "locking 11"]),
    case("unlock with nothing locked", "stamina unlock Torrax", "no stamina locked on 'passive'"),
    case(
        "remove wounded from a normal Hero", "status remove Torrax wounded", "Torrax is not wounded"
    ),
    case("remove exhausted from a normal Hero", "status remove Torrax exhausted", "not exhausted"),
    case(
        "discard a Quest item",
        "item discard Torrax 'Sealed Letter'",
        ["Sealed Letter", "Quest item"],
        "item gain Torrax 'Sealed Letter' --quest",
    ),
    case(
        "discard a Quest item, any case",
        "item discard Torrax 'sealed letter'",
        "Quest item",
        "item gain Torrax 'Sealed Letter' --quest",
    ),
    case(
        "discard an item not carried", "item discard Torrax Sword", "Torrax does not carry 'Sword'"
    ),
    case(
        "give an item not carried",
        "item give Sword --from Torrax --to {zuva}",
        "Torrax does not carry 'Sword'",
        "item gain {zuva} Sword",
    ),
    case(
        "use an item not carried",
        "item use Torrax 'Star Lotus token'",
        "does not carry 'Star Lotus token'",
    ),
    case(
        "give an item to oneself",
        "item give Sword --from Torrax --to torrax",
        "Torrax cannot give an item to themselves",
        "item gain Torrax Sword",
    ),
    case(
        "give Stars to oneself",
        "stars give 1 --from Torrax --to Torrax",
        "Torrax cannot give Stars to themselves",
        "stars gain Torrax 5",
    ),
    case("spend Stars not held", "stars spend Torrax 1", "Torrax has only 0 Stars"),
    case(
        "spend more Stars than held",
        "stars spend Torrax 4",
        "only 3 Stars; 4 are needed",
        "stars gain Torrax 3",
    ),
    case(
        "give Stars not held", "stars give 2 --from Torrax --to {zuva}", "Torrax has only 0 Stars"
    ),
    case(
        "hold more than 9999 Stars",
        "stars gain Torrax 1",
        "more than 9999 Stars",
        "stars gain Torrax 9999",
    ),
    case("unknown condition", "condition add Torrax Sleepy", "unknown condition 'Sleepy'"),
    case(
        "remove an unknown condition",
        "condition remove Torrax Sleepy",
        "unknown condition 'Sleepy'",
    ),
    case(
        "remove a condition not held",
        "condition remove Torrax Cursed",
        ["Torrax does not have Cursed", "Held"],
        "condition add Torrax Held",
    ),
    case(
        "item use during a scenario",
        "item use {zuva} 'Star Lotus token'",
        "during a scenario",
        "item gain {zuva} 'Star Lotus token'",
        "step scenario 1",
    ),
    case(
        "item use without a known use",
        "item use Torrax Sword",
        "does not know what Sword does",
        "item gain Torrax Sword",
    ),
    case(
        "item use on another (self only)",
        "item use {zuva} 'Star Lotus token' --on Torrax",
        "affects only the Hero using it",
        "item gain {zuva} 'Star Lotus token'",
    ),
    case(
        "item use removing a condition it cannot",
        "item use {zuva} 'Star Lotus token' --condition Cursed",
        "does not remove conditions",
        "item gain {zuva} 'Star Lotus token'",
    ),
    case(
        "item use removing a condition nobody has",
        "item use {zuva} 'Ghost Lichen token' --condition Cursed",
        "no target has Cursed",
        "item gain {zuva} 'Ghost Lichen token'",
    ),
    case(
        "item gain giving a known item's properties",
        "item gain Torrax Sword --quest",
        "Sword is known to the loaded plugins",
    ),
    case(
        "step journey twice",
        "step journey",
        "a Journey step cannot follow a Journey step",
        "step journey",
    ),
    case(
        "step scenario after a city step",
        "step scenario 1",
        "cannot follow a City step",
        "step city",
    ),
    case(
        "step city during an unended scenario",
        "step city",
        "scenario 1 has not ended",
        "step scenario 1",
    ),
    case(
        "step scenario during an unended scenario",
        "step scenario 2",
        "scenario 1 has not ended",
        "step scenario 1",
    ),
    case("scenario end before any step", "scenario end", "no scenario is being played"),
    case("scenario end in a city step", "scenario end", "no scenario is being played", "step city"),
    case(
        "scenario end twice",
        "scenario end",
        "no scenario is being played",
        "step scenario 1",
        "scenario end --no-outcome",
    ),
    case(
        "hero add twice",
        "hero add Torrax --agility 2 --will 2 --taunt 6 --wounded-chips 5",
        "Torrax is already in this campaign",
    ),
    case(
        "hero add twice, any case",
        "hero add TORRAX --agility 2 --will 2 --taunt 6 --wounded-chips 5",
        "already in this campaign",
    ),
    case(
        "hero add unknown Hero without stats",
        "hero add Bob",
        ["Bob", "no loaded plugin knows this Hero", "--might", "--wounded-chips"],
    ),
    case(
        "hero add unknown Hero missing a stat",
        "hero add Bob --might 1 --agility 1 --will 1 --taunt 1 --chips 5",
        ["Bob", "--wounded-chips"],
    ),
    case(
        "hero add base-game Hero without stats",
        "hero add Venia",
        ["Venia", "the base game does not know", "--might"],
    ),
    case("redo with nothing undone", "redo", "cannot redo 1 command(s): 0 can be redone"),
    case(
        "redo after a new command",
        "redo",
        "a command was recorded after the undo",
        "damage Torrax 1",
        "undo",
        "heal {zuva} 1",
    ),
    case(
        "undo making a later event illegal",
        "undo --command 4",
        ["undo refused", "#5", "does not carry"],
        "item gain Torrax Sword",
        "item discard Torrax Sword",
    ),
    case(
        "two campaigns, none chosen",
        "damage Torrax 1",
        "choose one with --campaign",
        "campaign new Other",
    ),
    case("unknown campaign", "--campaign Nope damage Torrax 1", "no campaign named 'Nope'"),
    case("campaign new twice", "campaign new Test", "a campaign named 'Test' already exists"),
    case("campaign new twice, any case", "campaign new tEST", "already exists"),
]


@pytest.mark.parametrize(("command", "says", "before"), RULES)
def test_rule_refused(
    setup: Callable[..., None],
    refused: Refused,
    command: str,
    says: str | list[str],
    before: tuple[str, ...],
) -> None:
    setup(*before)
    # a number out of range is a usage error (exit 2); the rest are refusals
    out_of_range = "must be from" in says or " is from " in says
    refused(*cmd(command), says=says, code=2 if out_of_range else 1)


@pytest.mark.parametrize(
    "command",
    [
        "damage {zuva} 1",
        "heal {zuva} 1",
        "stamina spend {zuva} 1",
        "stamina lose {zuva} 1",
        "stamina restore {zuva} 1",
        "stamina lock {zuva} 1",
        "condition add {zuva} Cursed",
        "condition remove {zuva} Held",
        "item use {zuva} 'Star Lotus token'",
    ],
)
def test_exhausted_hero_is_unaffected(
    setup: Callable[..., None], party: Invoke, refused: Refused, command: str
) -> None:
    setup("item gain {zuva} 'Star Lotus token'", "condition add {zuva} Held")
    setup("damage {zuva} 99", "damage {zuva} 99")  # wounded, then exhausted
    assert "exhausted" in party("hero", "show", ZUVA).output
    refused(*cmd(command), says=["Zuva'Sai is exhausted", "nothing affects them"])


def test_nothing_to_undo_or_redo(ok: Invoke, refused: Refused) -> None:
    ok("campaign", "new", "Empty")
    refused("undo", says="cannot undo 1 command(s): 0 can be undone")
    refused("redo", says="cannot redo 1 command(s): 0 can be redone")
    refused("damage", "Torrax", "1", says=["no Hero named 'Torrax'", "none yet"])


@pytest.mark.parametrize(
    "command",
    [
        "damage Torrax 1",
        f"hero add Bob {STATS}",
        "step city",
        "scenario end",
        "undo",
        "redo",
        "hero show Torrax",
        "hero show Torrax --at city-1",
        "party show",
        "log",
        "export {out}",
    ],
)
def test_no_ledger_yet(refused: Refused, db_path: Path, tmp_path: Path, command: str) -> None:
    out = tmp_path / "out.ndjson"
    refused(*cmd(command, out=str(out)), says=["no ledger database at", "campaign new"])
    assert not db_path.exists(), "a refused command created the ledger file"
    assert not out.exists(), "a refused export wrote its file"


# Read commands: --at with a point that is malformed or not in the campaign


AT_REFS = [
    pytest.param("city-9", "has no City step 9", id="city-9"),
    pytest.param("journey-2:end", "has no Journey step 2", id="journey-2:end"),
    pytest.param("scenario-5", "has no scenario 5", id="scenario-5"),
    pytest.param("scenario-1.2", "has no scenario 1 (play 2)", id="scenario-1.2"),
    pytest.param("bogus", "cannot read the point 'bogus'", id="bogus"),
    pytest.param("0", "there is no event 0", id="0"),
    pytest.param("999999", "there is no event 999999", id="999999"),
    pytest.param("-1", "cannot read the point '-1'", id="-1"),
    pytest.param(HUGE, "cannot read the point", id="10**30"),
    pytest.param("city-99999", "cannot read the point", id="city-99999"),
    pytest.param("journey-1.2", "only scenarios are played more than once", id="journey-1.2"),
    pytest.param("1; DROP TABLE events", "cannot read the point", id="sql"),
    pytest.param("²", "cannot read the point", id="superscript-two"),
]


@pytest.mark.parametrize(("ref", "says"), AT_REFS)
@pytest.mark.parametrize("command", ["hero show Torrax", "hero list", "party show"])
def test_bad_at(
    setup: Callable[..., None], refused: Refused, command: str, ref: str, says: str
) -> None:
    setup("step scenario 1")
    refused(*cmd(command), "--at", ref, says=says)


# import of malformed or damaged files


EXPORT_HEAD = (
    b'{"format":"campaign-ledger/1","campaign":"X","events":1,"head_hash":"h","plugins":{}}'
)
IMPORT_FILES = [
    pytest.param(b"", "the file is empty", id="empty"),
    pytest.param(b"\n  \n\t\n", "the file is empty", id="blank lines"),
    pytest.param(b"not json at all", "line 1: not a campaign-ledger manifest", id="not JSON"),
    pytest.param(
        b"Lorem ipsum dolor sit amet,\nconsectetur adipiscing elit.\n",
        "line 1: not a campaign-ledger manifest",
        id="random text",
    ),
    pytest.param(b"{}", "not a campaign-ledger manifest", id="empty object"),
    pytest.param(b"[1, 2, 3]", "not a campaign-ledger manifest", id="array"),
    pytest.param(
        EXPORT_HEAD.replace(b"campaign-ledger/1", b"other/9"),
        "unsupported export format 'other/9'",
        id="other format",
    ),
    pytest.param(EXPORT_HEAD + b'\n{"a": 1}\n', "line 2: not an event row", id="bad event row"),
    pytest.param(EXPORT_HEAD + b"\n", "truncated or altered", id="manifest only"),
    pytest.param(
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe",
        "UTF-8",
        id="not UTF-8",
    ),
]


@pytest.mark.parametrize(("content", "says"), IMPORT_FILES)
def test_import_malformed(
    party: Invoke, refused: Refused, tmp_path: Path, content: bytes, says: str
) -> None:
    source = tmp_path / "campaign.ndjson"
    source.write_bytes(content)
    refused("import", str(source), says=says)
    assert party("campaign", "list").output == "Test\n"


def _tamper(lines: list[str]) -> list[str]:
    """Torrax's Might 3 becomes 9 inside a stored payload; the hashes stay as they were."""
    tampered = [line.replace('\\"might\\":3,', '\\"might\\":9,') for line in lines]
    assert tampered != lines
    return tampered


@pytest.mark.parametrize(
    ("change", "says"),
    [
        pytest.param(lambda lines: lines[:-1], "truncated or altered", id="truncated"),
        pytest.param(lambda lines: lines[:2] + lines[3:], "truncated or altered", id="gap"),
        pytest.param(_tamper, ["does not verify", "altered"], id="tampered"),
        pytest.param(lambda lines: lines, "already has a campaign named 'Test'", id="duplicate"),
    ],
)
def test_import_damaged_export(
    party: Invoke,
    refused: Refused,
    tmp_path: Path,
    change: Callable[[list[str]], list[str]],
    says: str | list[str],
) -> None:
    exported = tmp_path / "test.ndjson"
    party("export", str(exported))
    exported.write_text("\n".join(change(exported.read_text().splitlines())) + "\n")
    refused("import", str(exported), says=says)


# --database pointing at something that is not a ledger file


@pytest.mark.parametrize(
    ("kind", "says"),
    [
        pytest.param("text", "is not a usable ledger database", id="text file"),
        pytest.param("binary", "is not a usable ledger database", id="binary file"),
        pytest.param("directory", "is a directory", id="directory"),
    ],
)
@pytest.mark.parametrize(
    "command",
    [
        "campaign new X",
        f"hero add Bob {STATS}",
        "damage Torrax 1",
        "undo",
        "hero show Torrax",
        "import {file}",
    ],
)
def test_database_not_a_ledger(
    party: Invoke, refused: Refused, tmp_path: Path, command: str, kind: str, says: str
) -> None:
    exported = tmp_path / "test.ndjson"
    party("export", str(exported))
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    target = folder / "ledger.db"
    if kind == "text":
        target.write_text("shopping list: bread, milk\n")
    elif kind == "binary":
        target.write_bytes(bytes(range(256)) * 8)
    else:
        target.mkdir()
    before = sorted(p.name for p in folder.rglob("*"))
    content = target.read_bytes() if target.is_file() else None
    refused(*cmd(command, file=str(exported)), says=says, database=target)
    assert sorted(p.name for p in folder.rglob("*")) == before, "files were created"
    if content is not None:
        assert target.read_bytes() == content, "the file was changed"


# batch and export


@pytest.mark.parametrize(
    ("text", "says"),
    [
        pytest.param("damage Venia 2\n", ["line 1", "no Hero named 'Venia'"], id="unknown Hero"),
        pytest.param("damage Torrax 0\n", ["line 1", "must be from 1 to 99, not 0"], id="zero"),
        pytest.param(
            "stars spend Torrax -3\n", ["line 1", "must be from 1 to 9999, not -3"], id="negative"
        ),
        pytest.param("# plan\n\nstamina spend Torrax 11\n", ["line 3", "unspent"], id="unspent"),
        pytest.param('damage "Torrax 2\n', ["line 1", "No closing quotation"], id="open quote"),
        pytest.param("batch other.txt\n", ["line 1", "cannot run another batch"], id="nested"),
        pytest.param(
            'damage "\x1b[31mVenia" 2\n',
            ["line 1", "no Hero named"],
            id="ansi",
        ),
    ],
)
def test_batch_bad_first_line(
    party: Invoke, refused: Refused, tmp_path: Path, text: str, says: list[str]
) -> None:
    script = tmp_path / "evening.txt"
    script.write_text(text, encoding="utf-8")
    out_of_range = "must be from" in says[1]  # a usage error in the line: exit 2
    result = refused("batch", str(script), says=says, code=2 if out_of_range else 1)
    assert "\\n" not in result.output  # the line and its error on lines of their own


def test_export_to_a_directory(party: Invoke, refused: Refused, tmp_path: Path) -> None:
    folder = tmp_path / "exports"  # an atomic writer's temporary file would go beside it
    folder.mkdir()
    before = sorted(tmp_path.iterdir())
    refused("export", str(folder), says="directory")
    assert sorted(tmp_path.iterdir()) == before, "a temporary file was left behind"
    assert not any(folder.iterdir())


# SQL-looking text is data: it never reaches SQL as code


def _schema(db_path: Path) -> list[tuple[str, str]]:
    db = sqlite3.connect(db_path)
    try:
        return db.execute("SELECT type, name FROM sqlite_master ORDER BY type, name").fetchall()
    finally:
        db.close()


def test_sql_text_leaves_events_intact(party: Invoke, refused: Refused, db_path: Path) -> None:
    schema = _schema(db_path)
    assert ("table", "events") in schema
    assert ("trigger", "events_no_delete") in schema
    refused("damage", SQL, "1", says="no Hero named")
    refused("stars", "spend", SQL, "1", says="no Hero named")
    refused("condition", "add", "Torrax", SQL, says="unknown condition")
    refused("item", "discard", "Torrax", SQL, says="does not carry")
    refused("item", "give", SQL, "--from", "Torrax", "--to", ZUVA, says="does not carry")
    refused("--campaign", SQL, "hero", "show", "Torrax", says="no campaign named")
    refused("hero", "show", "Torrax", "--at", SQL, says="cannot read the point")
    assert _schema(db_path) == schema
    assert event_count(db_path) == len(PARTY)
    assert "ok" in party("verify").output


def test_sql_text_as_a_name_is_stored_literally(party: Invoke, db_path: Path) -> None:
    """Not bad input: a legal name that looks like SQL is recorded as text, nothing else."""
    schema = _schema(db_path)
    party("hero", "add", SQL, *cmd(STATS))
    party("campaign", "new", SQL)
    assert _schema(db_path) == schema
    assert event_count(db_path) == len(PARTY) + 2
    assert SQL in party("--campaign", "Test", "hero", "list").output.splitlines()
    assert "ok" in party("verify").output
