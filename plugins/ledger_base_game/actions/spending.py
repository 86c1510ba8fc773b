"""Stamina on stamina faces (§5.1): what a roll lets a Hero spend, and after a check, what
spending would have changed. Queries: they read the campaign and record nothing.

The seed: "While playing a scenario, a Hero may spend 1 or 2 stamina to get an equal number
of successes" per stamina face (less while an Injury caps it); "at all other times, this
counts as 2 successes" (nothing to choose); "for a Non-Hero Ally, this always counts as 0"."""

from collections.abc import Iterator

import msgspec

from ledger.actions import Game
from ledger.dice import PER_FACE, ActionRoll, StaminaRule, stamina_faces
from ledger.errors import BadInput, NotFound
from ledger.model import CampaignState, Hero
from ledger.rules import injuries
from ledger.storage import Row
from ledger.text import quoted
from ledger_base_game.actions._rolls import dice_in_force, read_faces
from ledger_base_game.actions.odds import stamina_rule
from ledger_base_game.events.checks import CheckMade

TAIL = 20  # checks read per step back through the log


class SpendChoices(msgspec.Struct, frozen=True, kw_only=True):
    """What a Hero may spend on the stamina faces of ``roll``: each of ``choices`` (0 up to
    ``per_face`` a face, within the unspent stamina); none to choose unless ``rule`` is
    "spend" (outside a scenario a face counts +2, for a Non-Hero Ally 0)."""

    hero: str
    stamina_faces: int
    rule: StaminaRule
    per_face: int
    unspent: int
    choices: tuple[int, ...]


def spend_choices(game: Game, *, hero: str, roll: ActionRoll) -> SpendChoices:
    """The stamina ``hero`` may spend on the stamina faces of ``roll`` (the faces read off
    the Action dice so far, extra rolls included), as the check would allow it."""
    state = game.state
    die = dice_in_force(game.registry, state, None).action
    faces = read_faces(roll)
    for face in faces:
        if face not in die:
            shown = ", ".join(sorted(set(die)))
            raise BadInput(
                f"{quoted(face)} is not a face of the Action (red) die (faces: {shown})",
                fields=["roll"],
            )
    count = stamina_faces(faces)
    ally = state.find_ally(hero)
    if ally is not None:
        return SpendChoices(
            hero=ally.name, stamina_faces=count, rule="none", per_face=0, unspent=0, choices=()
        )
    found = state.hero(hero)
    rule, per_face, most = _spendable(state, found, count)
    choices = tuple(range(most + 1)) if rule == "spend" and count else ()
    unspent = found.stamina.unspent
    return SpendChoices(
        hero=found.name,
        stamina_faces=count,
        rule=rule,
        per_face=per_face,
        unspent=unspent,
        choices=choices,
    )


def _spendable(state: CampaignState, hero: Hero, faces: int) -> tuple[StaminaRule, int, int]:
    """The rule in force, the most a face takes, and the most the faces and chips allow."""
    rule = stamina_rule(state)
    per_face = injuries.stamina_per_face(hero, PER_FACE)
    most = min(per_face * faces, hero.stamina.unspent) if rule == "spend" else 0
    return rule, per_face, most


class SpendingHindsight(msgspec.Struct, frozen=True, kw_only=True):
    """A Hero's last active check with a target, and what spending on its stamina faces
    could have made of it: ``most`` is what the faces and the stamina unspent before the roll
    allowed; ``needed`` the stamina that reaches the target (None: not even ``most``)."""

    seq: int
    hero: str
    ability: str
    target: int
    faces: tuple[str, ...]
    total: int
    success: bool
    stamina_faces: int
    spent: int
    most: int
    needed: int | None

    @property
    def more(self) -> int:
        """The stamina beyond what was spent that reaches the target (0 when none would)."""
        return 0 if self.needed is None else max(self.needed - self.spent, 0)

    @property
    def would_have_changed(self) -> bool:
        """A failed check that spending more, within what was allowed, would have passed."""
        return not self.success and self.needed is not None and self.needed > self.spent


def stamina_hindsight(game: Game, *, hero: str | None = None) -> SpendingHindsight:
    """The last active check in effect with a target (``hero``'s, if given), and what
    spending stamina on its stamina faces would have changed; the state before the roll is
    read for the Hero's unspent stamina. NotFound when there is no such check."""
    named = game.state.hero(hero).name if hero is not None else None
    for row in _checks_latest_first(game, named):
        event = game.campaign.projector.decode(row)
        if isinstance(event, CheckMade) and event.target is not None and event.success is not None:
            return _hindsight(game, row.seq, event, event.target, event.success)
    whose = f" by {named}" if named else ""
    raise NotFound(f"no active check with a target was made{whose}")


def _hindsight(
    game: Game, seq: int, event: CheckMade, target: int, success: bool
) -> SpendingHindsight:
    before = game.campaign.state(seq - 1)
    count = stamina_faces(event.faces)
    _, _, most = _spendable(before, before.hero(event.hero), count)
    without = event.total - event.stamina_spent  # the total had nothing been spent
    shortfall = max(target - without, 0)
    return SpendingHindsight(
        seq=seq,
        hero=event.hero,
        ability=event.ability,
        target=target,
        faces=event.faces,
        total=event.total,
        success=success,
        stamina_faces=count,
        spent=event.stamina_spent,
        most=most,
        needed=shortfall if shortfall <= most else None,
    )


def _checks_latest_first(game: Game, hero: str | None) -> Iterator[Row]:
    """The check rows in effect, latest first, read a few at a time by the type's index."""
    campaign = game.campaign
    reverted = campaign.history_now().reverted()
    heroes = None if hero is None else [hero]
    last = campaign.head().seq
    while last > 0:
        rows = campaign.store.log_rows(
            campaign.name, 1, last, types={CheckMade.tag()}, heroes=heroes, tail=TAIL
        )
        for row in reversed(rows):
            if row.command not in reverted:
                yield row
        if len(rows) < TAIL:
            return
        last = rows[0].seq - 1
