"""One-tap controls on a Hero's or an Ally's card, from the markers the plugins put on their
actions' parameters (``ledger.actions.Step`` and ``Pick``): a Step-marked amount is a
stepper recording 1 a tap; Pick-marked values are lists to tap, read from the campaign as
its content knows it (``Registry.for_state``). Nothing here knows an action's name: an
action is offered on a card when every required value but the card's own is marked."""

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ledger.actions import Pick, Step, markers
from ledger.hosting import Registry
from ledger.model import CampaignState
from ledger_web.pages.forms import ActionForm

Card = Literal["hero", "ally"]


@dataclass(frozen=True)
class Stepper:
    action: str
    subject: str  # the parameter naming the card's Hero or Ally
    amount: str  # the parameter the tap's number goes to
    step: Step


@dataclass(frozen=True)
class Dial:
    """The steppers that change one thing on the card (its Vitality disk, its Stars)."""

    name: str
    steppers: tuple[Stepper, ...]


@dataclass(frozen=True)
class Choice:
    value: str
    mark: Literal["", "positive", "negative"] = ""


@dataclass(frozen=True)
class PickField:
    name: str
    choices: tuple[Choice, ...]

    @property
    def label(self) -> str:
        return self.name.replace("_", " ")


@dataclass(frozen=True)
class PickTap:
    """An action whose other values are tapped from lists (none: one button)."""

    action: str
    label: str
    subject: str
    picks: tuple[PickField, ...]


@dataclass(frozen=True)
class CardTaps:
    dials: tuple[Dial, ...]
    picks: tuple[PickTap, ...]


@dataclass(frozen=True)
class _Offer:
    form: ActionForm
    subject: str
    marked: tuple[tuple[str, Step | Pick], ...]  # the other required values, each marked


def _subject(form: ActionForm, marks: Mapping[str, Step | Pick], card: Card) -> str | None:
    own = "this_hero" if card == "hero" else "this_ally"
    for name, mark in marks.items():
        if isinstance(mark, Pick) and mark.source == own:
            return name
    if card == "hero" and form.hero_field is not None:
        return "hero"
    return None


@functools.cache  # an action's markers do not change while the server runs
def _offer(form: ActionForm, action: Callable[..., Any], card: Card) -> _Offer | None:
    """How ``action`` is offered on a card of ``card``'s kind, or None when it needs a value
    no tap gives (an unmarked required field) or more than one tap (a stepper and a pick)."""
    if form.query:
        return None
    marks = markers(action)
    subject = _subject(form, marks, card)
    if subject is None or not marks:  # the plugin declares what a card offers
        return None
    marked = []
    for field in form.fields:
        if field.name == subject or not field.required:
            continue
        mark = marks.get(field.name)
        if mark is None or (isinstance(mark, Pick) and mark.source in ("this_hero", "this_ally")):
            return None
        marked.append((field.name, mark))
    steps = [m for _, m in marked if isinstance(m, Step)]
    if steps and len(marked) > 1:
        return None
    return _Offer(form, subject, tuple(marked))


def _choices(
    source: str, card: Card, name: str, state: CampaignState, registry: Registry
) -> tuple[Choice, ...]:
    if source == "conditions":
        return tuple(
            Choice(spec.name, "positive" if spec.positive else "negative")
            for spec in registry.for_state(state).conditions.entries()
            if card == "hero" or spec.token  # an Ally takes conditions as tokens (§3)
        )
    holder: Any = state.heroes[name] if card == "hero" else state.allies[name]
    if source == "held_conditions":
        return tuple(Choice(c.name) for c in holder.conditions)
    if source == "held_items" and card == "hero":
        return tuple(Choice(n) for n in dict.fromkeys(i.name for i in holder.items))
    if source == "stock":
        return tuple(Choice(n) for n in dict.fromkeys(i.name for i in state.stock))
    if source == "other_heroes":
        return tuple(Choice(n) for n in state.heroes if n != name)
    return ()


def card_taps(
    forms: Mapping[str, ActionForm],
    actions: Mapping[str, Callable[..., Any]],
    state: CampaignState,
    registry: Registry,
    card: Card,
    name: str,
) -> CardTaps:
    """The taps on the card of the Hero or Ally ``name``, in the order the plugins register
    their actions; a pick with nothing to pick from (no condition held) is left out."""
    dials: dict[str, list[Stepper]] = {}
    picks = []
    for action_name, form in forms.items():
        offer = _offer(form, actions[action_name], card)
        if offer is None:
            continue
        marks = dict(offer.marked)
        steps = [(field, m) for field, m in marks.items() if isinstance(m, Step)]
        if steps:
            field, step = steps[0]
            dials.setdefault(step.dial, []).append(Stepper(action_name, offer.subject, field, step))
            continue
        fields = tuple(
            PickField(field, _choices(m.source, card, name, state, registry))
            for field, m in marks.items()
            if isinstance(m, Pick)
        )
        if all(f.choices for f in fields):
            picks.append(PickTap(action_name, form.label, offer.subject, fields))
    return CardTaps(
        tuple(Dial(dial, tuple(steppers)) for dial, steppers in dials.items()), tuple(picks)
    )
