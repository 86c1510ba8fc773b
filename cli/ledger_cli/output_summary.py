"""An evening's summary as the CLI shows it: one row per Hero (and Ally), a rich table on a
terminal, aligned plain columns when piped (``ledger_cli.terminal.table``)."""

from ledger.text import printable
from ledger.views import Summary, Tally, counts
from ledger_cli import terminal

HEADERS = ("", "Damage", "Healed", "Stamina", "Checks", "Luck", "Stars", "Items", "Conditions")


def _signed(gained: int | float, lost: int | float = 0) -> str:
    if not gained and not lost:
        return "·"
    return " ".join(
        part for part in (f"+{gained}" if gained else "", f"-{lost}" if lost else "") if part
    )


def _moved(gained: list[str], lost: list[str]) -> str:
    shown = [f"+{name}" for name in gained] + [f"-{name}" for name in lost]
    return ", ".join(shown) or "·"


def _luck(tally: Tally) -> str:
    if tally.luck is None or not tally.luck.rolls:
        return "·"
    above = tally.luck.rolled - tally.luck.expected
    return f"{above:+.1f} ({tally.luck.rolled:g} vs {tally.luck.expected:.1f})"


def _row(tally: Tally) -> list[str]:
    count = counts(tally)
    checks = f"{count['checks succeeded']}/{count['checks rolled']}"
    if tally.check_odds is not None:
        checks += f" ({tally.check_odds:.1f} expected)"
    stamina = "" if tally.ally else _stamina(count)
    own = {"damage taken", "damage healed", "stamina spent", "stamina lost"}
    own |= {"checks rolled", "checks succeeded"}
    extra = [f"{name} {value}" for name, value in count.items() if name not in own and value]
    name = f"{tally.name} (Ally)" if tally.ally else tally.name
    return [
        printable(cell)
        for cell in (
            name + (f" · {', '.join(extra)}" if extra else ""),
            str(count["damage taken"] or "·"),
            str(count["damage healed"] or "·"),
            stamina or "·",
            checks if count["checks rolled"] else "·",
            _luck(tally),
            "" if tally.ally else _signed(tally.stars_gained, tally.stars_lost),
            "" if tally.ally else _moved(tally.items_gained, tally.items_lost),
            _moved(tally.conditions_gained, tally.conditions_lost),
        )
    ]


def _stamina(count: dict[str, int]) -> str:
    spent, lost = count["stamina spent"], count["stamina lost"]
    parts = [f"{spent} spent" if spent else "", f"{lost} lost" if lost else ""]
    return ", ".join(part for part in parts if part)


def show_summary(summary: Summary) -> None:
    """The summary's heading and its table."""
    state = "" if summary.ended else ", still open"
    heading = (
        f"Session {summary.number}: events {summary.first} to {summary.last} "
        f"({summary.events} event{'s' if summary.events != 1 else ''}{state})"
    )
    terminal.echo_lines([heading])
    tallies = [*summary.heroes, *summary.allies]
    if not tallies:
        terminal.echo_lines(["  no Hero yet"])
        return
    terminal.table(HEADERS, [_row(tally) for tally in tallies])
    terminal.echo_lines(
        ["  Luck: successes the dice showed against the exact mean of the same dice."]
    )
