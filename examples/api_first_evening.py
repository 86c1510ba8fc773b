"""The seed's first evening (examples/first-evening.txt) and its group check, played through
the Python API alone: no command line, no click. Every step is an action of the base game,
decided against the campaign as it stands and recorded by ``campaign.do``; a refusal raises a
LedgerError and writes nothing.

    python examples/api_first_evening.py evening.db

The file it writes verifies, and its "First Evening" campaign holds the same Hero states as
``campaign-ledger batch examples/first-evening.txt``.
"""

import sys
from pathlib import Path

from ledger import Campaign, Ledger, LedgerError, verify
from ledger_base_game import actions


def first_evening(campaign: Campaign) -> None:
    """examples/first-evening.txt, line for line."""
    do = campaign.do
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
    do(actions.sleep_at, hero="Zuva'Sai", place="The Ravenous Guivren")
    do(actions.sleep_at, hero="Torrax", place="The Ravenous Guivren")

    do(actions.start_journey_step)
    do(actions.gain_item, hero="Torrax", item="Sealed Letter", quest=True)
    do(actions.start_scenario_step, scenario=1)
    do(actions.damage, hero="Torrax", amount=4)
    do(actions.spend_stamina, hero="Torrax", amount=2)
    do(actions.gain_condition, hero="Torrax", condition="Bleeding")
    then = campaign.state(at="scenario-1").hero("Zuva'Sai").stamina  # time travel
    print(f"Zuva'Sai when scenario 1 began: {then.unspent} unspent, {then.wound} wound")
    do(actions.end_scenario, outcome="S1")


def group_check(campaign: Campaign) -> None:
    """The seed's group check: Torrax and Venia, 2 + 4 = 6 successes, an Achievement gem each
    makes 8, and 8 >= 8 (two Heroes) sends the party to entry 361."""
    do = campaign.do
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


def main(path: Path) -> None:
    with Ledger.open(path) as book:
        first_evening(book.create_campaign("First Evening"))
        group_check(book.create_campaign("Moonsilver"))
        problems = verify(book)
        print("verify:", problems or "ok")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "api-first-evening.db"))
