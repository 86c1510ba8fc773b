"""The rules a replay applies for every event skip work that cannot change their answer (a
replay applies the same few events 100,000s of times). Each is held here against the rule as
it was written before (the reference functions below), on any input: the same result, or the
same refusal with the same words."""

from collections.abc import Callable
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from msgspec.structs import replace

from ledger.errors import OutOfRange, RuleViolation
from ledger.model import (
    CampaignState,
    Condition,
    ConditionRules,
    HeldInjury,
    Hero,
    InjuryEffect,
    Item,
    ItemSpec,
    Stamina,
    Step,
    UseEffect,
    carried,
)
from ledger.rules import conditions, injuries, items, loadout, stock
from ledger.text import check_name, name_key
from ledger_base_game.rules import checks

NAMES = ("Sword", "sword", " Sword ", "Fang token", "Letter", "")
numbers = st.one_of(st.none(), st.booleans(), st.integers(-3, 1200), st.just(2.5), st.just("3"))


def _outcome(rule: Callable[[], Any]) -> tuple[str, Any]:
    try:
        return "result", rule()
    except Exception as error:  # the refusal itself is what is compared
        return type(error).__name__, str(error)


@st.composite
def any_items(draw: st.DrawFn) -> Item:
    kind = draw(st.sampled_from((Item, ItemSpec)))
    use = draw(st.one_of(st.none(), st.builds(UseEffect, heal=st.integers(-1, 100))))
    return kind(
        name=draw(st.sampled_from(NAMES)),
        number=draw(st.one_of(st.none(), st.integers(-1, 10_001))),
        use=use,
        value=draw(numbers),
        price=draw(numbers),
        weight=draw(numbers),
        capacity=draw(numbers),
        hands=draw(numbers),
        active=draw(st.booleans()),
        left_behind=draw(st.booleans()),
    )


def check_item_before(item: Item) -> Item:
    item = carried(replace(item, name=check_name(item.name, "item name")))
    if item.number is not None and not 1 <= item.number <= items.MAX_CARD_NUMBER:
        raise OutOfRange(
            f"an Item card number is from 1 to {items.MAX_CARD_NUMBER}, not {item.number}"
        )
    use = item.use
    if use is not None:
        for what, value in (
            ("heals", use.heal),
            ("restores", use.restore),
            ("removes conditions", use.remove_conditions),
        ):
            if not 0 <= value <= items.MAX_AMOUNT:
                raise OutOfRange(f"an item {what} 0 to {items.MAX_AMOUNT}, not {value}")
        if use.target not in items.TARGETS:
            raise RuleViolation(f"an item's target is one of {', '.join(items.TARGETS)}")
    for what, amount, most in (
        ("value", item.value, items.MAX_VALUE),
        ("price", item.price, items.MAX_VALUE),
        ("weight", item.weight, items.MAX_WEIGHT),
        ("capacity", item.capacity, items.MAX_WEIGHT),
        ("hands", item.hands, 2),
    ):
        if amount is not None and not 0 <= amount <= most:
            raise OutOfRange(f"an item's {what} is from 0 to {most}, not {amount}")
    if item.active or item.left_behind:
        raise RuleViolation("an item is gained in no one's hands and not left behind")
    return item


@given(any_items())
def test_an_item_is_checked_as_before(item: Item) -> None:
    assert _outcome(lambda: items.check_item(item)) == _outcome(lambda: check_item_before(item))


def hero_with(held: tuple[Item, ...] = (), conditions: tuple[Condition, ...] = ()) -> Hero:
    return Hero(
        name="Ava",
        might=2,
        agility=2,
        will=2,
        taunt=3,
        chips=9,
        wounded_chips=5,
        stamina=Stamina(unspent=9),
        items=held,
        conditions=conditions,
    )


carried_items = st.lists(
    st.builds(
        Item,
        name=st.sampled_from(("Sword", "sword", "Letter")),
        quest=st.booleans(),
        value=st.integers(0, 2),
        active=st.booleans(),
        left_behind=st.booleans(),
    ),
    max_size=5,
)


def discarded_before(hero: Hero, name: str) -> tuple[Hero, Item]:
    if hero.item(name).quest:
        raise RuleViolation(f"{hero.item(name).name} is a Quest item and may not be discarded")
    item = hero.item(name)
    index = next(i for i, held in enumerate(hero.items) if name_key(held.name) == name_key(name))
    return replace(hero, items=hero.items[:index] + hero.items[index + 1 :]), item


@given(carried_items, st.sampled_from(("Sword", "SWORD", "Letter", "Shield")), st.booleans())
def test_a_copy_is_discarded_as_before(held: list[Item], name: str, doubled: bool) -> None:
    """The copy removed is the first of that name, also where equal copies are held (as the
    same object or not)."""
    hero = hero_with((*held, *held) if doubled else tuple(held))
    state = CampaignState(heroes={hero.name: hero})
    for to_stock in (False, True):

        def before(to_stock: bool = to_stock) -> CampaignState:
            holder, copy = discarded_before(state.hero("Ava"), name)
            after = state.with_hero(holder)
            stored = replace(copy, active=False, left_behind=False)
            return replace(after, stock=(*after.stock, stored)) if to_stock else after

        now = _outcome(lambda to_stock=to_stock: items.discard(state, "Ava", name, to_stock))
        assert now == _outcome(before)
    assert _outcome(lambda: items.take_item(hero, name)) == _outcome(
        lambda: _take_before(hero, name)
    )


def _take_before(hero: Hero, name: str) -> tuple[Hero, Item]:
    item = hero.item(name)
    index = next(i for i, held in enumerate(hero.items) if name_key(held.name) == name_key(name))
    return replace(hero, items=hero.items[:index] + hero.items[index + 1 :]), item


def take_before(state: CampaignState, hero: str, item: Item) -> CampaignState:
    item = items.check_item(item)
    holder = state.hero(hero)
    key = name_key(item.name)
    for field in ("stock", "archive"):
        supply = getattr(state, field)
        at = next((i for i, held in enumerate(supply) if name_key(held.name) == key), None)
        if at is not None:
            state = replace(state, **{field: supply[:at] + supply[at + 1 :]})
            break
    return state.with_hero(loadout.checked(state, items.add_item(holder, item)))


supplies = st.lists(st.builds(Item, name=st.sampled_from(("Sword", "sword", "Letter"))), max_size=4)


@given(supplies, supplies, st.sampled_from(("Sword", "SWORD", "Letter", "Shield")))
def test_a_copy_is_taken_from_the_stock_or_the_archive_as_before(
    stocked: list[Item], archived: list[Item], name: str
) -> None:
    state = CampaignState(
        heroes={"Ava": hero_with()}, stock=tuple(stocked), archive=tuple(archived)
    )
    gained = Item(name=name)
    assert stock.take(state, "Ava", gained) == take_before(state, "Ava", gained)


condition = st.builds(
    Condition,
    name=st.sampled_from(("Bleeding", "bleeding", "Blessed", "Weakened")),
    number=st.integers(1, 5),
)


def held_after_before(held: tuple[Condition, ...], new: Condition) -> tuple[Condition, ...]:
    if any(name_key(c.name) == name_key(new.name) for c in held):
        return held
    return tuple(sorted((*held, new), key=lambda c: c.number)[-conditions.MAX_CONDITIONS :])


@given(st.lists(condition, max_size=2), condition)
def test_a_condition_is_gained_as_before(held: list[Condition], new: Condition) -> None:
    assert conditions.held_after(tuple(held), new) == held_after_before(tuple(held), new)


RULES = ConditionRules(action_dice=1, modifier=-1)


@given(
    st.lists(
        st.builds(
            Condition, name=st.just("Blessed"), number=st.integers(1, 5), rules=st.just(RULES)
        ),
        max_size=2,
    ),
    st.sampled_from((None, Step(kind="scenario", number=1), Step(kind="city", number=1))),
    st.integers(-1, 4),
)
def test_no_condition_in_force_changes_a_roll_as_before(
    held: list[Condition], step: Step | None, dice: int
) -> None:
    """Outside a scenario, or with no condition held, the dice and the total are the ones
    the conditions in force (none) give."""
    hero = hero_with(conditions=tuple(held))
    state = CampaignState(heroes={"Ava": hero}, step=step)
    changes = [n for _, n in checks.condition_dice(state, hero, "might")]
    before = max(0, dice + sum(n for n in changes if n > 0) + sum(n for n in changes if n < 0))
    assert checks.with_condition_dice(dice, state, hero, "might") == before
    held_rules = checks.held_rules(state, hero, "might")
    assert checks.condition_modifier(state, hero, "might") == sum(r.modifier for _, r in held_rules)


injury_effects = st.lists(
    st.builds(
        HeldInjury,
        name=st.just("Broken Ribs"),
        effects=st.lists(
            st.builds(
                InjuryEffect,
                kind=st.sampled_from(("ability", "checks", "stamina")),
                ability=st.sampled_from(("might", "will")),
                amount=st.integers(-2, 2),
            ),
            max_size=2,
        ).map(tuple),
    ),
    max_size=2,
).map(tuple)
blessings = st.lists(
    st.builds(Condition, name=st.just("Blessed"), number=st.integers(1, 5), rules=st.just(RULES)),
    max_size=2,
).map(tuple)


@given(blessings, injury_effects, st.sampled_from((None, Step(kind="scenario", number=1))))
def test_a_check_reads_the_heros_level_and_modifier_as_before(
    held: tuple[Condition, ...], effects: tuple[HeldInjury, ...], step: Step | None
) -> None:
    """Without conditions or Injury cards held, nothing changes a check's level or total."""
    hero = replace(hero_with(conditions=held), injury_effects=effects)
    state = CampaignState(heroes={"Ava": hero}, step=step)
    level = max(0, hero.might + injuries.ability_change(hero, "might"))
    assert checks.level(hero, "might") == level
    modifier = checks.condition_modifier(state, hero, "might") + injuries.check_change(hero)
    assert checks.held_modifier(state, hero, "might") == modifier


@given(
    st.lists(st.sampled_from(("Ava", "Bram", "Cyd")), max_size=3), st.sampled_from(("Ava", "Dee"))
)
def test_a_hero_is_put_where_the_heroes_were(names: list[str], name: str) -> None:
    heroes = {n: replace(hero_with(), name=n) for n in names}
    state = CampaignState(heroes=heroes)
    hero = replace(hero_with(), name=name, stars=3)
    after = state.with_hero(hero).heroes
    assert list(after.items()) == list({**heroes, name: hero}.items())
    assert state.heroes == heroes  # the state it was made from is unchanged
