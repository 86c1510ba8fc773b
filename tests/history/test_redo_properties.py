"""Property: any sequence of commands, undos and redos (plain, and ``redo --command`` of any
undone command or any undo) keeps the campaign verifying, its state equal to a fold of the
events in effect, and refuses a redo exactly when that fold would break a rule; a refusal
writes nothing."""

from typing import Any

from hypothesis import event, given, settings
from hypothesis import strategies as st

from ledger.campaign import Campaign
from ledger.errors import LedgerError
from ledger.model import META_TYPES, CampaignState
from ledger.verification import verify
from ledger_base_game.actions import damage, gain_stars, heal, spend_stamina
from ledger_base_game.events import HeroJoined
from tests.helpers.history_model import fresh_ledger

HEROES = ("Torrax", "Venia")
ACTIONS = {"damage": damage, "heal": heal, "spend": spend_stamina, "stars": gain_stars}

operations = st.lists(
    st.one_of(
        st.tuples(st.sampled_from(sorted(ACTIONS)), st.sampled_from(HEROES), st.integers(1, 6)),
        st.tuples(st.just("undo"), st.integers(1, 3)),
        st.tuples(st.just("undo-command"), st.integers(0, 30)),
        st.tuples(st.just("redo"), st.integers(1, 2)),
        st.tuples(st.just("redo-command"), st.integers(0, 30)),
    ),
    max_size=14,
)


def effective_fold(campaign: Campaign, reverted: frozenset[int]) -> CampaignState:
    """The events in effect folded from nothing, by their own ``apply``: an independent fold
    (no projector, no snapshot)."""
    state = CampaignState()
    for row in campaign.store.rows(campaign.name):
        if row.type not in META_TYPES and row.command not in reverted:
            state = campaign.projector.decode(row).apply(state)
    return state


def undone_or_undos(campaign: Campaign) -> list[int]:
    history = campaign.history()
    return sorted({*history.undone_by(), *(m.seq for m in history.metas)})


def play(campaign: Campaign, operation: tuple[Any, ...]) -> None:
    kind = operation[0]
    if kind in ACTIONS:
        campaign.do(ACTIONS[kind], hero=operation[1], amount=operation[2])
    elif kind == "undo":
        campaign.undo(operation[1])
    elif kind == "redo":
        campaign.redo(operation[1])
    elif kind == "undo-command":
        campaign.undo(commands=[operation[1] % (campaign.head().seq + 1)])
    else:
        named = undone_or_undos(campaign)
        seq = named[operation[1] % len(named)] if named else operation[1]
        history = campaign.history()
        metas = {meta.seq: meta for meta in history.metas}
        back = set(metas[seq].commands) if seq in metas else {seq}
        reverted = history.reverted()
        try:
            expected: LedgerError | None = None
            effective_fold(campaign, reverted - back)
        except LedgerError as error:
            expected = error
        try:
            campaign.redo(commands=[seq])
        except LedgerError:
            event("redo --command refused")
            legal_name = seq in reverted or (seq in metas and metas[seq].undo and back & reverted)
            assert expected is not None or not legal_name, f"redo --command {seq} refused"
            raise
        assert expected is None, f"redo --command {seq} recorded though {expected}"
        event("redo --command recorded")


@settings(deadline=None)
@given(operations)
def test_undo_and_redo_of_any_command_keep_the_fold_and_verify(
    operations: list[tuple[Any, ...]],
) -> None:
    with fresh_ledger() as ledger:
        campaign = ledger.create_campaign("Props")
        stats = {"might": 2, "agility": 2, "will": 2, "taunt": 3}
        for name in HEROES:
            campaign.record([HeroJoined(hero=name, chips=10, wounded_chips=5, **stats)])
        for operation in operations:
            head = campaign.head().seq
            try:
                play(campaign, operation)
            except LedgerError:
                assert campaign.head().seq == head  # a refusal writes nothing
            reverted = campaign.history().reverted()
            assert campaign.state() == effective_fold(campaign, reverted)
        assert verify(ledger) == []
