"""The command box's reading commands beside the plugins' queries: ``log``, ``party show``
and ``hero show NAME`` of the served campaign, answered with the core's JSON views (what the
CLI's ``--json`` prints). Each answer is capped: ``log`` shows at most MAX_LOG_ROWS events,
the last ones, and says when there are more (the Log page and ``GET /api/events?after=SEQ``
page through them all).

Each is a query as the box reads one: the game first, then typed keyword-only parameters
(``intents`` builds their intent type from the signature)."""

from collections.abc import Callable
from typing import Any

from ledger.actions import Game
from ledger.campaign import LogQuery
from ledger.errors import BadInput
from ledger.views import hero_json, log_json, party_view

MAX_LOG_ROWS = 100


def log(
    game: Game,
    *,
    hero: str | None = None,
    types: list[str] | None = None,
    step: str | None = None,
    session: int | None = None,
    undone: bool = False,
    last: int = MAX_LOG_ROWS,
) -> dict[str, Any]:
    """The log's last events (at most 100), as `log --json` shows them."""
    if not 1 <= last <= MAX_LOG_ROWS:
        raise BadInput(f"log: last is from 1 to {MAX_LOG_ROWS}, not {last}")
    query = LogQuery(
        hero=hero,
        types=tuple(types or ()),
        step=step,
        session=session,
        undone=undone,
        tail=last + 1,  # one more than shown: whether there are more
    )
    entries = game.campaign.log(query)
    shown = entries[-last:]
    answer: dict[str, Any] = {"entries": [log_json(entry) for entry in shown]}
    if len(entries) > last:
        answer["more"] = (
            f"the last {last} events are shown (at most {MAX_LOG_ROWS}); the Log page and "
            f"GET /api/events?after=SEQ page through the earlier ones"
        )
    return answer


def party_show(game: Game) -> dict[str, Any]:
    """The party now, as `party show --json` prints it."""
    return party_view(game.state, game.campaign.head().seq, game.registry)


def hero_show(game: Game, *, name: str) -> dict[str, Any]:
    """A Hero now, as `hero show NAME --json` prints it."""
    return hero_json(game.state.hero(name), game.state)


READING: dict[str, Callable[..., Any]] = {
    "log": log,
    "party_show": party_show,
    "party": party_show,
    "hero_show": hero_show,
}
