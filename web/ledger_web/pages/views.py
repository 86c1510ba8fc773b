"""What each page shows, read on a worker thread (``Ledgers.read`` gives the thread's
Service): plain values for the templates. Nothing here writes."""

from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec

from ledger.campaign import (
    LogQuery,
    Point,
    Timeline,
    command_log,
    diff_states,
    session_moments,
    step_text,
    timeline_since,
)
from ledger.errors import LedgerError
from ledger.model import CampaignState
from ledger.service import Service
from ledger.views import COUNTERS, counts, log_json
from ledger_web import intents
from ledger_web.pages import forms, taps
from ledger_web.pages.disk import disk_svg, summary


def registered(service: Service) -> dict[str, Callable[..., Any]]:
    catalogue = service.registry.actions
    return {name: catalogue.get(name) for name in catalogue.names()}


def action_forms(service: Service) -> dict[str, forms.ActionForm]:
    return forms.action_forms(registered(service))


def party(service: Service, at: str | None) -> dict[str, Any]:
    """The party page: the state now, or at ``at`` (read-only, with a diff against now)."""
    campaign = service.campaign()
    head = campaign.head().seq
    seq, state = service.state(at)
    then = at is not None and seq != head
    diff = diff_states(state, campaign.state()).lines() if then else []
    actions = registered(service)
    all_forms = forms.action_forms(actions)

    def on_card(card: taps.Card, name: str) -> taps.CardTaps | None:
        if then:
            return None
        return taps.card_taps(all_forms, actions, state, service.registry, card, name)

    return {
        "state": state,
        "seq": seq,
        "head": head,
        "at": at if then else None,
        "then": then,
        "diff": diff,
        "step": step_text(state.step),
        "heroes": [
            {**hero_card(state, name), "taps": on_card("hero", name)} for name in state.heroes
        ],
        "ally_taps": {name: on_card("ally", name) for name in state.allies},
        "forms": all_forms,
        "party_actions": [
            form for form in all_forms.values() if not form.query and form.hero_field is None
        ],
        "undo": last_command(service),
        "redo": next_redo(service),
        "dice": dice_faces(service, state),
    }


def actions(service: Service, hero: str | None) -> dict[str, Any]:
    """The recording forms for ``hero`` (the actions that take a Hero), or for the party."""
    state = service.campaign().state()
    name = state.hero(hero).name if hero is not None else None
    found = action_forms(service).values()
    chosen = [f for f in found if f.quick] if name else [f for f in found if not f.query]
    if name is None:
        chosen = [f for f in chosen if f.hero_field is None]
    return {
        "hero": name,
        "forms": chosen,
        "heroes": list(state.heroes),
        "dice": dice_faces(service, state),
    }


def hero_card(state: CampaignState, name: str) -> dict[str, Any]:
    hero = state.hero(name)
    return {"hero": hero, "disk": disk_svg(hero), "summary": summary(hero)}


def dice_faces(service: Service, state: CampaignState) -> dict[str, tuple[str, ...]]:
    """The faces of each die in force, for tapping what real dice show (one of each)."""
    try:
        dice = state.dice or service.registry.default_dice()
    except LedgerError:
        return {"action": (), "reaction": ()}
    return {
        "action": tuple(dict.fromkeys(dice.action)),
        "reaction": tuple(dict.fromkeys(dice.reaction)),
    }


@dataclass(frozen=True)
class Undo:
    """What the undo button reverts: the command (its first event's seq, which the button
    sends, so that it undoes what it names or is refused) and its events in words."""

    command: int
    text: str


def last_command(service: Service) -> Undo | None:
    """What the undo button would revert (the core's preview of an undo)."""
    try:
        preview = service.campaign().undo_preview(1)
    except LedgerError:
        return None
    if not preview:
        return None
    text = "; ".join(entry.description for entry in preview)
    return Undo(command=preview[0].row.command, text=text)


def next_redo(service: Service) -> Undo | None:
    """What the redo button would bring back: the undone command and its events in words
    (the core's preview of a redo)."""
    try:
        preview = service.campaign().redo_preview(1)
    except LedgerError:
        return None
    if not preview:
        return None
    text = "; ".join(entry.description for entry in preview)
    return Undo(command=preview[0].row.command, text=text)


def since(service: Service, seen: int, shown: int = 3) -> list[str]:
    """The commands recorded after event ``seen``, in words, one per command ("#201 Venia
    gains 2 Stars"), the first ``shown`` of them and how many more: what a page drawn at
    ``seen`` did not see."""
    if seen >= service.campaign().head().seq:
        return []
    commands: dict[int, list[str]] = {}
    for entry in service.entries(LogQuery(since=str(seen))):
        commands.setdefault(entry.row.command, []).append(entry.description)
    told = [f"#{command} " + "; ".join(texts) for command, texts in commands.items()]
    more = len(told) - shown
    return told[:shown] + ([f"{more} more"] if more > 0 else [])


_timelines: dict[tuple[str, str], Timeline] = {}  # by file and campaign, for every reader


TIMELINE_PAGE = 50  # points a page shows at most; the earlier ones load on a tap


def timeline(service: Service, before: str | None = None) -> dict[str, Any]:
    """The last TIMELINE_PAGE points before the cursor ``before`` (a seq; none: up to now),
    oldest first, of every step's start and every session's, each with its REF (the core's,
    read from the step index), and the cursor of the page before if there is one. The
    whole timeline is kept for the server's readers (after a tap continued from the rows
    after the kept head), so a page costs what it shows."""
    campaign = service.campaign()
    key = (str(service.path), campaign.name)
    found = _timelines[key] = timeline_since(campaign, _timelines.get(key))
    cursor = _whole(before)
    end = len(found.points) if cursor is None else bisect_left(found.points, cursor, key=_seq)
    points = found.points[max(0, end - TIMELINE_PAGE) : end]
    earlier = points[0].seq if points and end > TIMELINE_PAGE else None
    return {"points": points, "earlier_before": earlier}


def _seq(point: Point) -> int:
    return point.seq


LOG_PAGE = 100  # rows a fetch of the log page reads at most; more load on scroll
LOG_FILTERS = ("hero", "types", "step", "since", "until", "session", "undone")


def _whole(text: str | None) -> int | None:
    return int(text) if text is not None and text.isascii() and text.isdigit() else None


def log(service: Service, filters: dict[str, str], before: str | None = None) -> dict[str, Any]:
    """A page of the log, latest first: at most LOG_PAGE events before the cursor ``before``
    (a seq; none: from the latest), as the core's filters keep them (a filter it refuses
    shows why), and the cursor of the next page if there is more."""
    query = LogQuery(
        hero=filters.get("hero"),
        types=tuple(filters.get("types", "").replace(",", " ").split()),
        step=filters.get("step"),
        since=filters.get("since"),
        until=filters.get("until"),
        session=_whole(filters.get("session")),
        undone=bool(filters.get("undone")),
        tail=LOG_PAGE + 1,  # one more: is there a next page?
        before=_whole(before),
    )
    campaign = service.campaign()
    refusal = None
    try:
        entries = [log_json(entry) for entry in service.entries(query)]
    except LedgerError as error:
        entries, refusal = [], error.worded({})
    more = len(entries) > LOG_PAGE
    entries = entries[-LOG_PAGE:]
    return {
        "entries": entries[::-1],
        "next_before": entries[0]["seq"] if more else None,
        "heroes": list(campaign.state().heroes),
        "log_refusal": refusal,
    }


def recorded(service: Service, command: int) -> str | None:
    """What the command at seq ``command`` recorded, in words."""
    told = [e.description for e in command_log(service.campaign(), command)]
    return f"#{command} " + "; ".join(told) if told else None


# The Check page's kinds of check, each answered by the registered query of that name (the
# odds are the base game's; the page only shows them).
ODDS_QUERIES = {
    "check": "odds_of_check",
    "reaction": "odds_of_reaction",  # against damage or stamina loss
    "effect": "odds_of_effect_reaction",  # against an effect, avoided with TARGET successes
    "group": "odds_of_group_check",
}
ABILITIES = ("might", "agility", "will")  # the core Hero's abilities
REACTIVE = ("reaction", "effect")
ROLLED_BY = {"reaction": "react", "effect": "react_to_effect"}  # the action that rolls it
# A refusal's fields in the page's own words (the group query's {heroes} is the CLI's
# --heroes N, the page's "thresholds read for")
ODDS_WORDS = {"damage": "damage", "stamina_loss": "stamina loss", "heroes": "thresholds read for"}


def odds_kind(values: dict[str, str]) -> str:
    kind = values.get("kind", "check")
    return kind if kind in ODDS_QUERIES else "check"


def _query_values(kind: str, values: dict[str, str]) -> dict[str, str]:
    """The page's fields under the names of the query's parameters: a reaction's amount is
    its damage or stamina loss; a group check's order and gem Heroes are its ``heroes`` and
    ``achievement`` (the page's one Hero and gem boxes are for the other kinds)."""
    if kind == "group":
        names = {"ability": "ability", "target": "target", "order": "heroes"}
        names |= {"gem_heroes": "achievement", "count": "count"}
        return {query: values.get(page, "") for page, query in names.items()}
    if kind == "reaction":
        against = "stamina_loss" if values.get("against") == "stamina_loss" else "damage"
        return {**values, against: values.get("amount", "")}
    return values


def _odds(
    service: Service, all_forms: dict[str, forms.ActionForm], kind: str, values: dict[str, str]
) -> tuple[Any, str | None]:
    """The registered odds query's answer for the check ``values`` describe, or why not."""
    name = ODDS_QUERIES[kind]
    catalogue = service.registry.actions
    if name not in catalogue.names() or name not in all_forms:
        return None, None
    if kind in REACTIVE and (
        values.get("modifiers", "").strip() or values.get("discard", "").strip()
    ):
        return None, "a reactive check has no modifiers or discards"
    query = catalogue.get(name)
    try:
        given = forms.intent_from_form(all_forms[name], _query_values(kind, values))
        intent = intents.intent_of(query, given, strict=False)
        return query(service.campaign().game(), **intent), None
    except LedgerError as error:
        return None, error.worded(ODDS_WORDS)
    except msgspec.ValidationError as error:
        return None, str(error)


HINDSIGHT_QUERY = "stamina_hindsight"  # the last check, and what spending would have changed


def hindsight(service: Service) -> Any:
    """The registered hindsight query's answer on the last check, when spending more stamina
    on its stamina faces would have turned a failure into a success; else None."""
    try:
        query = service.registry.actions.find(HINDSIGHT_QUERY)
        if query is None:
            return None
        answer = query(service.campaign().game())
    except LedgerError:  # no check with a target yet
        return None
    return answer if getattr(answer, "would_have_changed", False) else None


def check(service: Service, values: dict[str, str]) -> dict[str, Any]:
    """The check page: the odds of the check described by ``values`` (its kind: an active
    check, a reaction to damage or to an effect, a group check; the hero, ability, target or
    amount and what is declared), asked of the registered odds query of that kind, and every
    action that rolls (a faces field), the one that fits the check first."""
    state = service.campaign().state()
    all_forms = action_forms(service)
    rolling = [f for f in all_forms.values() if f.field("roll") and not f.query]
    rolling.sort(key=lambda f: not (f.field("ability") and f.field("target")))
    if state.group_check is not None:  # a group check is open: its roll (needs only the
        # Hero) first, not an attack or a progressive attempt, which need more
        rolling.sort(key=lambda f: any(x.required and x.name != "hero" for x in f.fields))
    kind = odds_kind(values)
    if state.group_check is None and kind in ROLLED_BY:  # the roll of the kind asked first
        rolling.sort(key=lambda f: f.name != ROLLED_BY[kind])
    odds, refusal = None, None
    asked = values.get("amount") if kind == "reaction" else values.get("target")
    if values.get("ability") and asked and (kind == "group" or values.get("hero")):
        odds, refusal = _odds(service, all_forms, kind, values)
    return {
        "state": state,
        "heroes": list(state.heroes),
        "allies": list(state.allies),  # a Non-Hero Ally rolls checks and reactions too
        "abilities": ABILITIES,
        "values": values,
        "odds_kind": kind,
        "odds": odds,
        "odds_refusal": refusal,
        "rolling": rolling,
        "next_hero": state.group_check.next_to_roll() if state.group_check else None,
        "dice": dice_faces(service, state),
        "hindsight": hindsight(service),
    }


def _changes(before: CampaignState, after: CampaignState) -> list[str]:
    changed = diff_states(before, after)
    return [] if changed.empty else changed.lines()


def session_summary(service: Service, number: int) -> list[dict[str, Any]]:
    """What the session did to each Hero and Ally, as the page shows it (the core's view,
    its counters in order and the luck above expectation worked out)."""
    summary = service.session_summary(number)
    shown = []
    for tally in [*summary.heroes, *summary.allies]:
        count = counts(tally)
        luck = tally.luck
        shown.append(
            {
                "tally": tally,
                "counts": count,
                "own": {name: count.pop(name, 0) for name in COUNTERS},
                "extra": count,  # a plugin's counters
                "above": None if luck is None or not luck.rolls else luck.rolled - luck.expected,
            }
        )
    return shown


def story(service: Service, number: int) -> list[dict[str, Any]]:
    """A session as a story: each event in words, and what it changed."""
    told = []
    for moment in session_moments(service.campaign(), number):
        told.append(
            {
                "seq": moment.row.seq,
                "step": step_text(moment.before.step),
                "text": moment.description,
                "reverted": moment.reverted,
                "changes": [] if moment.reverted else _changes(moment.before, moment.after),
            }
        )
    return told
