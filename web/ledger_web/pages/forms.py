"""Forms built from the actions plugins register (``Registry.actions``): an action's
keyword-only typed parameters are its fields. Nothing here knows a game's action names; a
parameter's type (and a few conventional parameter names: a Hero, the faces rolled) chooses
its widget. A parameter the page cannot offer (a file path, a nested structure) is left to
the command box; an action that requires one gets no form.

``intent_from_form`` turns the submitted strings back into the JSON intent the recording
function converts to the action's types."""

import functools
import inspect
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from ledger.dice import RolledOn
from ledger_web.i18n import gettext
from ledger_web.intents import is_action
from ledger_web.pages import action_words
from ledger_web.wellformed import integer

HERO_PARAMETERS = ("hero", "giver", "receiver")
FACES_PARAMETER = "roll"


@dataclass(frozen=True)
class Field:
    name: str
    widget: Literal[
        "hero", "number", "checkbox", "choice", "text", "list", "numbers", "faces", "amount"
    ]
    required: bool
    default: object = None
    choices: tuple[str, ...] = ()
    die: str = ""  # a faces field's die ("action", "reaction"), when the action names it

    @property
    def label(self) -> str:
        return gettext(self.name.replace("_", " "))


@dataclass(frozen=True)
class ActionForm:
    name: str
    summary: str
    fields: tuple[Field, ...]
    query: bool  # answers, records nothing

    @property
    def label(self) -> str:
        return gettext(self.name.replace("_", " "))

    @property
    def hint(self) -> str:
        """What the action does, for the page: the words kept for it, else its docstring's."""
        kept = action_words.HINTS.get(self.name)
        return gettext(kept) if kept else self.summary

    @property
    def hero_field(self) -> Field | None:
        return next((f for f in self.fields if f.name == "hero" and f.widget == "hero"), None)

    @property
    def quick(self) -> bool:
        """Offered on a Hero card: it takes the Hero, and at most one more required field."""
        others = [f for f in self.fields if f.required and f.name != "hero"]
        return self.hero_field is not None and len(others) <= 1 and not self.query

    def field(self, name: str) -> Field | None:
        return next((f for f in self.fields if f.name == name), None)


def _args(hint: object) -> tuple[Any, ...]:
    return typing.get_args(hint)


def _without_none(hint: object) -> tuple[object, bool]:
    """The type without ``None``, and whether None was allowed."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        kept = [arg for arg in _args(hint) if arg is not type(None)]
        optional = len(kept) < len(_args(hint))
        if len(kept) == 1:
            return kept[0], optional
        return typing.Union[tuple(kept)], optional  # noqa: UP007 (built at run time)
    return hint, False


def _names_a_path(hint: object) -> bool:
    if hint is Path:
        return True
    return any(_names_a_path(arg) for arg in _args(hint))


def _is_str_sequence(hint: object) -> bool:
    origin = typing.get_origin(hint)
    if origin in (tuple, list, Sequence, typing.Sequence) or origin is Sequence:
        args = [arg for arg in _args(hint) if arg is not Ellipsis]
        return bool(args) and all(arg is str or str in _args(arg) for arg in args)
    return False


def _widget(name: str, hint: object) -> tuple[str, tuple[str, ...]] | None:
    base, _ = _without_none(hint)
    if _names_a_path(base):
        return None  # a web request never names a file
    if typing.get_origin(base) is Literal:
        return "choice", tuple(str(arg) for arg in _args(base))
    if base is bool:
        return "checkbox", ()
    if base is int:
        return "number", ()
    if base is str:
        return ("hero" if name in HERO_PARAMETERS else "text"), ()
    if _is_str_sequence(base):
        return ("faces" if name == FACES_PARAMETER else "list"), ()
    if typing.get_origin(base) in (typing.Union, types.UnionType):
        args = _args(base)
        if set(args) == {int, str}:
            return "text", ()  # a number or a formula as printed ("2xHC+4")
        words = [w for a in args if _is_str_literal(a) for w in _args(a)]
        if int in args and all(a is int or _is_str_literal(a) for a in args):
            return "amount", tuple(str(w) for w in words)  # a number, or a word ("best")
        if int in args and all(a is int or _is_int_tuple(a) for a in args):
            return "numbers", ()
        if str in args and all(a is str or _is_str_sequence(a) for a in args):
            return "list", ()
        if any(_is_str_sequence(a) for a in args) and name == FACES_PARAMETER:
            return "faces", ()
    return None


def _is_str_literal(hint: object) -> bool:
    return typing.get_origin(hint) is Literal and all(isinstance(a, str) for a in _args(hint))


def _rolled_on(action: Callable[..., Any], name: str) -> str:
    """The die the ``name`` parameter's faces are read off when its type is marked
    ``Annotated[..., RolledOn(die)]`` (``ledger.dice.ActionRoll``), else "" (either die)."""
    hints = typing.get_type_hints(action, include_extras=True)
    if name not in hints:  # a key of ``**intent: Unpack[TypedDict]``
        spread = [
            p for p in inspect.signature(action).parameters.values() if p.kind is p.VAR_KEYWORD
        ]
        unpacked = _args(hints.get(spread[0].name)) if spread else ()
        if unpacked and typing.is_typeddict(unpacked[0]):
            hints = typing.get_type_hints(unpacked[0], include_extras=True)
    hint = hints.get(name)
    for arg in (hint, *_args(hint)):
        for mark in getattr(arg, "__metadata__", ()):
            if isinstance(mark, RolledOn):
                return mark.die
    return ""


def _is_int_tuple(hint: object) -> bool:
    return typing.get_origin(hint) is tuple and all(
        arg is int for arg in _args(hint) if arg is not Ellipsis
    )


def _parameters(action: Callable[..., Any]) -> list[tuple[str, object, object]]:
    """(name, type, default) of the keyword-only parameters, ``**intent: Unpack[TypedDict]``
    spread into its keys (all optional)."""
    hints = typing.get_type_hints(action)
    found: list[tuple[str, object, object]] = []
    for parameter in inspect.signature(action).parameters.values():
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY:
            found.append((parameter.name, hints.get(parameter.name, str), parameter.default))
        elif parameter.kind is inspect.Parameter.VAR_KEYWORD:
            unpacked = hints.get(parameter.name)
            typed = _args(unpacked)[0] if _args(unpacked) else None
            if typed is not None and typing.is_typeddict(typed):
                for key, hint in typing.get_type_hints(typed).items():
                    found.append((key, hint, None))
    return found


@functools.cache  # a function's signature does not change while the server runs
def action_form(action: Callable[..., Any]) -> ActionForm | None:
    """The form for ``action``, or None when a required parameter has no widget."""
    fields = []
    for name, hint, default in _parameters(action):
        required = default is inspect.Parameter.empty
        chosen = _widget(name, hint)
        if chosen is None:
            if required:
                return None
            continue
        widget, choices = chosen
        _, optional = _without_none(hint)
        fields.append(
            Field(
                name=name,
                widget=widget,  # type: ignore[arg-type]
                required=required and not optional,
                default=None if required else default,
                choices=choices,
                die=_rolled_on(action, name) if widget == "faces" else "",
            )
        )
    doc = inspect.getdoc(action) or ""
    summary = doc.split("\n\n")[0].replace("\n", " ").replace("``", "")
    return ActionForm(action.__name__, summary, tuple(fields), not is_action(action))


def action_forms(actions: Mapping[str, Callable[..., Any]]) -> dict[str, ActionForm]:
    """A form for each action, in the order the plugins registered them (each plugin lists
    what a table records most first)."""
    forms = {}
    for name, action in actions.items():
        form = action_form(action)
        if form is not None:
            forms[name] = form
    return forms


def _split(text: str, separators: str) -> list[str]:
    for separator in separators:
        text = text.replace(separator, " ")
    return text.split()


def intent_from_form(form: ActionForm, values: Mapping[str, str]) -> dict[str, object]:
    """The JSON intent a submitted form means; an empty field keeps the action's default."""
    intent: dict[str, object] = {}
    for field in form.fields:
        raw = values.get(field.name, "")
        if field.widget == "checkbox":
            if raw:
                intent[field.name] = raw not in ("", "0", "false", "off")
            continue
        raw = raw.strip()
        if not raw:
            continue
        if field.widget in ("number", "amount"):
            number = integer(raw)
            intent[field.name] = raw if number is None else number
        elif field.widget == "faces":
            intent[field.name] = _split(raw, ",")
        elif field.widget == "list":
            intent[field.name] = [part.strip() for part in raw.split(",") if part.strip()]
        elif field.widget == "numbers":
            parts = _split(raw, ",/")
            numbers = [p if (n := integer(p)) is None else n for p in parts]
            intent[field.name] = numbers[0] if len(numbers) == 1 else numbers
        else:
            intent[field.name] = raw
    return intent
