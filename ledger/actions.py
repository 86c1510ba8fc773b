"""The application layer's contract: an action is a plain function
``action(game, **intent) -> list[Event]`` that decides, against the campaign as it stands,
which events a player's intent records, or raises a LedgerError when the rules refuse.

Faces (the CLI, the web app, a Python caller) turn input into the intent's typed arguments and
call the action; the store appends what it returns; the fold only evolves state. An action
never writes: recording is ``Campaign.do`` (or a face's own wrapper around it)."""

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Annotated, Any, Literal, get_origin, get_type_hints

import msgspec

from ledger.errors import LedgerError, PluginError
from ledger.hosting import Registry, culprit
from ledger.model import CampaignState, Event, Hero

if TYPE_CHECKING:
    from ledger.campaign import Campaign

Action = Callable[..., Sequence[Event]]


class Game(msgspec.Struct, frozen=True):
    """What an action reads: the state it decides against, the loaded plugins' content and
    rules (``registry``), and the campaign itself for questions about its history."""

    state: CampaignState
    registry: Registry
    campaign: "Campaign"

    def hero(self, name: str) -> Hero:
        """The Hero named in any case; NotFound names the Heroes there are."""
        return self.state.hero(name)


def decide(action: Action, game: Game, intent: dict[str, Any]) -> list[Event]:
    """The events ``action`` decides for ``intent``; an action that decides none is a bug.

    An action raising anything but a refusal is a plugin's bug, whichever face called it: a
    PluginError naming the plugin and the action (the web answers it as a refusal, never a
    500), raised before anything is written."""
    try:
        events = list(action(game, **intent))
    except LedgerError:
        raise
    except Exception as error:
        raise _failed_deciding(action, game.registry, error) from error
    if not events:
        name = getattr(action, "__name__", repr(action))
        raise RuntimeError(f"action {name} decided no events")
    return events


def _failed_deciding(action: Action, registry: Registry, error: Exception) -> PluginError:
    name = getattr(action, "__name__", repr(action))
    plugin = culprit(error, registry.pm)
    who = f"plugin {plugin!r}" if plugin else "campaign-ledger"
    return PluginError(
        f"{who} failed deciding the action {name}: {type(error).__name__}: {error}; "
        "nothing was written"
    )


# --- What a face may offer as one tap. An action's parameter carries a marker through
# ``typing.Annotated``; the faces read the markers, never the action's name, so an
# expansion's actions get the same taps as the base game's.


class Step(msgspec.Struct, frozen=True):
    """Marks an ``int`` amount: a card offers the action as a stepper recording 1 a tap (a
    long press or a small number pad records more). ``dial`` names what it changes (the
    steppers of one dial sit together: "Vitality", "Stamina", "Stars"), ``sign`` whether it
    adds or takes away, ``word`` the button's own word ("damage", "heal")."""

    dial: str
    sign: Literal["+", "-"]
    word: str


PickFrom = Literal[
    "this_hero",  # the Hero whose card it is (a parameter not called ``hero``: a giver)
    "this_ally",  # the Non-Hero Ally whose card it is
    "other_heroes",  # the other Heroes' names
    "conditions",  # the campaign's conditions catalogue (positive and negative marked)
    "held_conditions",  # the conditions the card's Hero or Ally holds
    "held_items",  # the items the card's Hero holds
    "stock",  # the items in the party's Stock
]


class Pick(msgspec.Struct, frozen=True):
    """Marks a ``str`` parameter whose value a face offers as a list to tap, read from the
    campaign (``source``) rather than typed."""

    source: PickFrom


def markers(action: Action) -> dict[str, Step | Pick]:
    """The Step and Pick markers on ``action``'s parameters, by parameter name."""
    found: dict[str, Step | Pick] = {}
    hints = get_type_hints(action, include_extras=True)
    for name, hint in hints.items():
        if get_origin(hint) is Annotated:
            for extra in hint.__metadata__:
                if isinstance(extra, Step | Pick):
                    found[name] = extra
    return found
