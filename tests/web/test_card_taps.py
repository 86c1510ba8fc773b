"""What a card offers as one tap is what the plugins mark (``ledger.actions.Step`` and
``Pick``), never an action's name: an expansion's marked action gets a stepper or a pick
list, an unmarked one none; the lists are read from the campaign."""

from typing import Annotated

from ledger.actions import Game, Pick, Step, markers
from ledger.hosting import Registry
from ledger.model import CampaignState, Condition, Event, Hero, Item, Stamina
from ledger_web.pages import forms
from ledger_web.pages.taps import card_taps


def bolster(
    game: Game, *, hero: str, amount: Annotated[int, Step("Resolve", "+", "bolster")]
) -> list[Event]:
    """An expansion's own counter."""
    return []


def shout(game: Game, *, hero: str, amount: int) -> list[Event]:
    """Unmarked: no tap."""
    return []


def hand_over(
    game: Game,
    *,
    item: Annotated[str, Pick("held_items")],
    from_: Annotated[str, Pick("this_hero")],
    to: Annotated[str, Pick("other_heroes")],
) -> list[Event]:
    """Two lists to tap, the card's Hero given."""
    return []


def cure(
    game: Game, *, hero: str, condition: Annotated[str, Pick("held_conditions")]
) -> list[Event]:
    """A list of what the Hero holds: nothing held, nothing offered."""
    return []


ACTIONS = {f.__name__: f for f in (bolster, shout, hand_over, cure)}


def _state() -> CampaignState:
    def hero(name: str, **more: object) -> Hero:
        return Hero(
            name=name, chips=8, wounded_chips=4, might=1, agility=1, will=1, taunt=1,
            stamina=Stamina(unspent=8), **more,  # type: ignore[arg-type]
        )  # fmt: skip

    heroes = {
        "Ada": hero("Ada", items=(Item(name="Rope"),)),
        "Bo": hero("Bo", conditions=(Condition(name="Slowed", number=4),)),
    }
    return CampaignState(heroes=heroes)


def test_markers_are_read_from_the_parameters() -> None:
    assert markers(bolster) == {"amount": Step("Resolve", "+", "bolster")}
    assert markers(shout) == {}


def test_a_card_offers_what_is_marked(registry: Registry) -> None:
    state = _state()
    found = forms.action_forms(ACTIONS)
    ada = card_taps(found, ACTIONS, state, registry, "hero", "Ada")
    assert [(d.name, [s.action for s in d.steppers]) for d in ada.dials] == [
        ("Resolve", ["bolster"])
    ]
    assert [t.action for t in ada.picks] == ["hand_over"]  # Ada holds no condition
    (give,) = ada.picks
    assert give.subject == "from_"
    assert [(p.name, [c.value for c in p.choices]) for p in give.picks] == [
        ("item", ["Rope"]),
        ("to", ["Bo"]),
    ]
    bo = card_taps(found, ACTIONS, state, registry, "hero", "Bo")
    assert [t.action for t in bo.picks] == ["cure"]  # Bo holds no item; Slowed to cure
    assert card_taps(found, ACTIONS, state, registry, "ally", "Ada").dials == ()
