"""Hypothesis: in any sequence of Stock events (adding copies, gaining, taking, buying, selling,
offering), every copy stays somewhere (the Stock, the Archive or a Hero) and Stars change only
by the prices paid, the values received and the Stars given for an unavailable item."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.errors import LedgerError
from ledger.model import CampaignState, Event, Item
from ledger.rules.stock import TOKEN_VALUES, copies
from ledger_base_game.events import (
    HeroJoined,
    ItemBought,
    ItemFromSupply,
    ItemOffered,
    ItemSold,
    StarsGained,
    StepStarted,
    StockAdded,
)

ITEMS = {
    "Sword": Item(name="Sword", value=6),
    "Fang token": Item(name="Fang token", token=True, shape="triangle"),
    "Letter": Item(name="Letter", quest=True, value=0),
}
HEROES = ("Ava", "Bram")
name = st.sampled_from(sorted(ITEMS))
hero = st.sampled_from(HEROES)
operation = st.one_of(
    st.tuples(st.just("add"), name, st.integers(1, 3), st.booleans()),
    st.tuples(st.just("gain"), hero, name, st.booleans()),
    st.tuples(st.just("buy"), hero, name, st.integers(0, 9)),
    st.tuples(st.just("sell"), hero, name),
    st.tuples(st.just("offer"), name),
)


def start() -> CampaignState:
    state = CampaignState()
    for who in HEROES:
        joined = HeroJoined(hero=who, might=1, agility=1, will=1, taunt=1, chips=5, wounded_chips=2)
        state = StarsGained(hero=who, amount=20).apply(joined.apply(state))
    return StepStarted(kind="city").apply(state)


def event_for(op: tuple[object, ...]) -> Event:
    kind = op[0]
    if kind == "add":
        return StockAdded(item=ITEMS[str(op[1])], count=int(str(op[2])), archive=bool(op[3]))
    if kind == "gain":
        return ItemFromSupply(hero=str(op[1]), item=ITEMS[str(op[2])], archive=bool(op[3]))
    if kind == "buy":
        return ItemBought(hero=str(op[1]), item=str(op[2]), price=int(str(op[3])))
    if kind == "sell":
        return ItemSold(hero=str(op[1]), item=str(op[2]))
    return ItemOffered(item=str(op[1]))


def everywhere(state: CampaignState) -> Counter[str]:
    held = [i.name for h in state.heroes.values() for i in h.items]
    return Counter([i.name for i in (*state.stock, *state.archive)] + held)


def value(item: Item) -> int:
    return TOKEN_VALUES[item.shape] if item.shape else item.value or 0


@settings(deadline=None)
@given(st.lists(operation, max_size=30))
def test_copies_are_conserved_and_stars_follow_the_prices(ops: list[tuple[object, ...]]) -> None:
    state = start()
    added: Counter[str] = Counter()
    for op in ops:
        event = event_for(op)
        try:
            after = event.apply(state)
        except LedgerError:
            continue
        stars_before = sum(h.stars for h in state.heroes.values())
        stars_after = sum(h.stars for h in after.heroes.values())
        if isinstance(event, StockAdded):
            added[event.item.name] += event.count
            assert stars_after == stars_before
        elif isinstance(event, ItemBought):
            assert stars_after == stars_before - event.price
        elif isinstance(event, ItemSold):
            assert stars_after == stars_before + value(ITEMS[event.item])
            assert not ITEMS[event.item].quest
        elif isinstance(event, ItemFromSupply):
            none_left = not copies(state.stock, event.item.name) and (
                not event.archive or not copies(state.archive, event.item.name)
            )
            paid = value(event.item) if none_left and event.archive else 0
            assert stars_after == stars_before + paid
        state = after
        assert everywhere(state) == added
