"""The seed's first evening (examples/first-evening.txt) and its group check, played through
the Python API alone: no command line, no click. The application service
(``ledger.service.Service``) is the object every face calls: each step is an action of the
base game, decided against the campaign as it stands and recorded by ``table.do``; a refusal
raises a LedgerError and writes nothing, and the answers are the JSON the CLI's ``--json``
and the web API give.

    python examples/api_first_evening.py evening.db

The file it writes verifies, and its "First Evening" campaign holds the same Hero states as
``campaign-ledger batch examples/first-evening.txt``.
"""

import sys
from pathlib import Path

from ledger import ConflictError, LedgerError, Service, verify
from ledger_base_game import actions


def first_evening(table: Service) -> None:
    """examples/first-evening.txt, line for line."""
    do = table.do
    do(actions.add_hero, name="Zuva'Sai", might=2, agility=3, will=4, taunt=3, wounded_chips=4)
    do(actions.add_hero, name="Torrax", agility=2, will=2, taunt=6, wounded_chips=5)

    do(actions.start_city_step)
    do(actions.gain_item, hero="Zuva'Sai", item="Star Lotus token")
    do(actions.gain_stars, hero="Torrax", amount=12)
    do(actions.give_stars, giver="Torrax", receiver="Zuva'Sai", amount=3)
    # A particularly unlucky City step (seed text, "Stamina Loss, Damage, and Conditions")
    do(actions.lose_stamina, hero="Zuva'Sai", amount=1)
    do(actions.damage, hero="Zuva'Sai", amount=2)
    do(actions.gain_condition, hero="Zuva'Sai", condition="Cursed")
    do(actions.use_item, hero="Zuva'Sai", item="Star Lotus token")
    # The City Event is resolved: each Hero has 2 City Activity points (§8.1)
    do(actions.resolve_city_event)
    do(actions.city_activity, hero="Torrax", activity="Work on the docks")
    # A bed for the night, or each Hero loses 2 stamina when the City step ends (§8.1)
    do(actions.sleep_at, hero="Zuva'Sai", place="The Ravenous Guivren", given_by="212")
    do(actions.sleep_at, hero="Torrax", place="The Ravenous Guivren", given_by="212")

    do(actions.start_journey_step)
    do(actions.gain_item, hero="Torrax", item="Sealed Letter", quest=True)
    do(actions.start_scenario_step, scenario=1)
    do(actions.damage, hero="Torrax", amount=4)
    do(actions.spend_stamina, hero="Torrax", amount=2)
    do(actions.gain_condition, hero="Torrax", condition="Bleeding")
    then = table.hero("Zuva'Sai", at="scenario-1")["stamina"]  # time travel, as JSON
    print(f"Zuva'Sai when scenario 1 began: {then['unspent']} unspent, {then['wound']} wound")
    do(actions.end_scenario, outcome="S1")


def group_check(table: Service) -> None:
    """The seed's group check: Torrax and Venia, 2 + 4 = 6 successes, an Achievement gem each
    makes 8, and 8 >= 8 (two Heroes) sends the party to entry 361."""
    do = table.do
    do(actions.add_hero, name="Torrax", might=3, agility=2, will=2, taunt=6, wounded_chips=5)
    do(actions.add_hero, name="Venia", might=2, agility=3, will=4, taunt=3, wounded_chips=4)
    for hero in ("Torrax", "Venia"):
        do(actions.gain_gems, hero=hero, kind="achievement")
    recorded = do(
        actions.group_check,
        ability="agility",
        target=(8, 13, 17),
        order=("Torrax", "Venia"),
        rolls={"Torrax": ("1", "1"), "Venia": ("1", "1", "S")},
        gems=("Torrax", "Venia"),
        success_entry="361",
        failure_entry="076",
    )
    closed = recorded.events[-1]
    print(f"Group check: {closed.describe()}")
    try:  # the gems are spent: the rules refuse another, and nothing is written
        do(actions.spend_gems, hero="Torrax", kind="achievement")
    except LedgerError as refusal:
        print(f"Refused: {refusal}")


def undo_what_was_seen(table: Service) -> None:
    """An undo takes what its caller saw: "the last command" is refused once another player
    recorded since, naming what was recorded; an undo of a named command reverts that one."""
    seen, _ = table.state()
    stars = table.do(actions.gain_stars, hero="Venia", amount=2)  # another player, meanwhile
    try:
        table.undo(seen=seen)
    except ConflictError as conflict:
        print(f"Refused: {conflict}")
    undone = table.undo(commands=[stars.rows[0].command])
    print(f"Undone: {undone.events[0].describe()}; Venia has {table.hero('Venia')['stars']} Stars")


def main(path: Path) -> None:
    with Service(path) as table:
        table.start_campaign("First Evening")
        first_evening(table)
        table.start_campaign("Moonsilver")
        group_check(table)
        undo_what_was_seen(table)
        problems = verify(table.ledger())
        print("verify:", problems or "ok")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "api-first-evening.db"))
