"""group-check (in one command) and group-step open|roll|gem|close|show (as the table plays
it): group ability checks outside scenarios (§5.3, seed: City and Journey steps)."""

from pathlib import Path
from typing import Any

import click

from ledger.dice import PER_FACE, action_successes, stamina_faces
from ledger.errors import BadInput
from ledger.model import CampaignState, Event
from ledger.text import quoted
from ledger_base_game.commands.checks import record
from ledger_base_game.commands.rolls import (
    consequences,
    declare,
    dice_in_force,
    dice_option,
    faces_for,
    modifier_option,
    seed_option,
)
from ledger_base_game.group_checks import (
    GroupCheckClosed,
    GroupCheckGem,
    GroupCheckOpened,
    GroupCheckRolled,
    taunt_order,
)
from ledger_cli.helpers import (
    NUMBERS,
    App,
    json_option,
    output,
    pass_app,
    show_recorded,
)

FIRST_COUNT = 2  # "8/13/17" are the targets for 2, 3 and 4 Heroes (seed example)


def parse_group_target(text: str, heroes: int) -> tuple[int, tuple[int, ...]]:
    """One number, or thresholds by Hero count: ``8/13/17`` for 2/3/4 Heroes."""
    try:
        thresholds = tuple(int(part) for part in text.split("/"))
    except ValueError:
        raise BadInput(
            f"TARGET is a number or thresholds like 8/13/17, not {quoted(text)}"
        ) from None
    if len(thresholds) == 1:
        return thresholds[0], ()
    index = heroes - FIRST_COUNT
    if not 0 <= index < len(thresholds):
        counts = "/".join(str(FIRST_COUNT + i) for i in range(len(thresholds)))
        raise BadInput(f"{text} gives targets for {counts} Heroes, not for {heroes}")
    return thresholds[index], thresholds


def hero_order(state: CampaignState, order: str | None) -> tuple[tuple[str, ...], bool]:
    """The order agreed (--order A,B), else every Hero by Taunt, highest first."""
    if order:
        return tuple(state.hero(name.strip()).name for name in order.split(",")), True
    return taunt_order(state, tuple(state.heroes)), False


def per_hero(state: CampaignState, values: tuple[str, ...], what: str) -> dict[str, list[str]]:
    """``HERO=VALUE`` options, by the Hero's recorded name."""
    found: dict[str, list[str]] = {}
    for value in values:
        hero, sep, rest = value.partition("=")
        if not sep:
            raise BadInput(f"{what} is written HERO=VALUE, not {quoted(value)}")
        found.setdefault(state.hero(hero.strip()).name, []).append(rest)
    return found


def roll_events(
    app: App,
    state: CampaignState,
    hero: str,
    modifiers: tuple[str, ...],
    discard: tuple[str, ...],
    inspiration: bool,
    roll_text: str | None,
    seed: int | None,
    dice_file: Path | None,
) -> list[Event]:
    """One Hero's roll and what they declared for it."""
    group = state.group_check
    if group is None:
        raise BadInput("no group check is open; open one with `group-step open`")
    gems = ("inspiration",) if inspiration else ()
    printed = (*group.modifiers, *modifiers)
    declared = declare(
        app.registry, state, hero, group.ability, modifiers=printed, discard=discard, gems=gems
    )
    die = dice_in_force(app.registry, state, dice_file).action
    faces, seed = faces_for(state, declared, die, "action", roll_text, seed)
    successes = action_successes(faces) + PER_FACE * stamina_faces(faces) + declared.bonus
    rolled = GroupCheckRolled(
        hero=declared.hero.name,
        dice=declared.dice,
        die=die,
        faces=faces,
        seed=seed,
        inspiration=inspiration,
        discard=declared.discard,
        modifiers=declared.modifiers,
        successes=successes,
    )
    return [rolled, *consequences(state, declared)]


def closing(state: CampaignState) -> GroupCheckClosed:
    group = state.group_check
    if group is None:
        raise BadInput("no group check is open")
    success = group.total >= group.target
    outcome = group.success_entry if success else group.failure_entry
    return GroupCheckClosed(total=group.total, success=success, outcome=outcome)


def fold(state: CampaignState, events: list[Event]) -> CampaignState:
    """The state the next step of the command is built against (the record re-checks it)."""
    for event in events:
        state = event.apply(state)
    return state


def group_json(state: CampaignState, closed: GroupCheckClosed | None) -> dict[str, Any]:
    group = state.group_check
    data: dict[str, Any] = {}
    if group is not None:
        data = {
            "ability": group.ability,
            "target": group.target,
            "order": list(group.order),
            "rolled": group.rolled,
            "gems": list(group.gems),
            "total": group.total,
            "next": group.next_to_roll(),
        }
    if closed is not None:
        data.update(total=closed.total, success=closed.success, outcome=closed.outcome)
    return data


def register(cli: click.Group) -> None:
    @cli.command("group-check", context_settings=NUMBERS)
    @click.argument("ability")
    @click.argument("target")
    @click.option("--order", metavar="HERO,HERO,...", help="The order agreed (and who rolls).")
    @click.option(
        "--roll",
        "rolls",
        multiple=True,
        metavar="HERO=FACES",
        help="Faces a Hero read off real dice; Heroes without one are rolled by the ledger.",
    )
    @seed_option
    @click.option(
        "--gem", "gems", multiple=True, metavar="HERO", help="A Hero spends an Achievement gem."
    )
    @click.option(
        "--inspiration",
        multiple=True,
        metavar="HERO",
        help="A Hero spends an Inspiration gem before rolling (+2 dice).",
    )
    @click.option(
        "--discard", multiple=True, metavar="HERO=ITEM", help="An item discarded before a roll."
    )
    @modifier_option
    @click.option("--success-entry", metavar="E", help="Where success leads, e.g. 361.")
    @click.option("--failure-entry", metavar="E", help="Where failure leads, e.g. 076.")
    @dice_option
    @json_option
    @pass_app
    def group_check(
        app: App,
        ability: str,
        target: str,
        order: str | None,
        rolls: tuple[str, ...],
        seed: int | None,
        gems: tuple[str, ...],
        inspiration: tuple[str, ...],
        discard: tuple[str, ...],
        modifiers: tuple[str, ...],
        success_entry: str | None,
        failure_entry: str | None,
        dice_file: Path | None,
        as_json: bool,
    ) -> None:
        """A group ABILITY check: each Hero rolls in order, then gems, then the total counts.

        TARGET is one number, or thresholds by Hero count (8/13/17 for 2/3/4 Heroes).
        Every Hero rolls unless --order names who rolls and in which order; otherwise the
        order is by Taunt, highest first.

        \b
        Example (seed text, Torrax and Venia):
          campaign-ledger group-check agility 8/13/17 --order Torrax,Venia \\
            --roll Torrax="1 1" --roll Venia="1 1 S" --gem Torrax --gem Venia \\
            --success-entry 361 --failure-entry 076
        """
        _, state = app.state()
        heroes, agreed = hero_order(state, order)
        number, thresholds = parse_group_target(target, len(heroes))
        chosen = declare(app.registry, state, heroes[0], ability).ability
        faces = {hero: values[-1] for hero, values in per_hero(state, rolls, "--roll").items()}
        for hero, values in per_hero(state, rolls, "--roll").items():
            if len(values) > 1 or hero not in heroes:
                raise BadInput(f"--roll {hero}=... is given twice or {hero} does not roll")
        items = per_hero(state, discard, "--discard")
        inspired = {state.hero(name).name for name in inspiration}
        events: list[Event] = [
            GroupCheckOpened(
                ability=chosen,
                target=number,
                thresholds=thresholds,
                order=heroes,
                agreed=agreed,
                success_entry=success_entry,
                failure_entry=failure_entry,
                modifiers=modifiers,
            )
        ]
        state_now = fold(state, events)
        for index, hero in enumerate(heroes):
            step = roll_events(
                app,
                state_now,
                hero,
                (),
                tuple(items.get(hero, ())),
                hero in inspired,
                faces.get(hero),
                None if seed is None or hero in faces else seed + index,
                dice_file,
            )
            state_now = fold(state_now, step)
            events += step
        for name in gems:
            gem = GroupCheckGem(hero=state.hero(name).name)
            state_now = fold(state_now, [gem])
            events.append(gem)
        closed = closing(state_now)
        events.append(closed)
        recorded = record(app, events)
        if as_json:
            last = recorded.events[-1]
            data = group_json(state_now, last if isinstance(last, GroupCheckClosed) else None)
            click.echo(output.to_json({**data, **output.recorded_json(recorded)}))
        else:
            show_recorded(recorded, False)
