"""The application service: the one object every face calls (eventsourcing's
``Application``, datasette's ``Datasette``).

It opens a ledger file, chooses the campaign, answers state and the game at any point,
decides and records actions with the one lost-race policy (``ledger.campaign.retried``), an
idempotency key and an expected head, undoes and redoes what the caller saw, and answers with
the core's JSON views. The CLI adds click and printing, the web app HTTP and templates."""

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from ledger.campaign import Campaign, Ledger, Recorded, retried
from ledger.errors import ConflictError
from ledger.hosting import Registry, default_registry
from ledger.model import CampaignState, Event
from ledger.service._campaigns import Campaigns

if TYPE_CHECKING:
    from ledger.actions import Action, Game
    from ledger.campaign import LogEntry, LogQuery
    from ledger.views import Summary

# A command imports what it reads with: the views, the actions, the points in time and the
# choice file are imported where they are used (docs/performance.md, target 6).

CAMPAIGN_ENV = "LEDGER_CAMPAIGN"


def _only_one(ledger: Ledger) -> bool:
    """Whether the file shows exactly one campaign (not archived): the one a command without
    a name works on, whichever was chosen (a chosen campaign since archived is not)."""
    return sum(not info.archived for info in ledger.catalogue()) == 1


class Service(Campaigns):
    """A ledger file as every face uses it: ``Service("party.db")``.

    ``campaign`` names the campaign; without it, ``$LEDGER_CAMPAIGN``, else the one chosen
    for this file (``choose``, the CLI's `campaign use`) unless archived since, else the only
    one. ``command_fingerprint`` is the face's description of the command being run (the
    CLI's command line), telling a retry under an idempotency key from another command.
    The file's campaigns are managed here too (``create``, ``rename``, ``use``, ``archive``,
    ``fork``, ``about``: ledger/service/_campaigns.py)."""

    def __init__(
        self,
        path: Path | str,
        registry: Registry | None = None,
        *,
        campaign: str | None = None,
        command_fingerprint: Callable[[], str | None] | None = None,
    ) -> None:
        self.path = Path(path)
        self.registry = registry or default_registry()
        self.campaign_name = campaign
        self.command_fingerprint = command_fingerprint
        self._ledger: Ledger | None = None
        self._chosen: tuple[str | None] | None = None  # read once: (stored name or None,)

    def __enter__(self) -> "Service":
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # The file and the campaign

    def ledger(self, *, create: bool = False) -> Ledger:
        """The ledger file, opened on first use (``create``: made if it does not exist)."""
        if self._ledger is None:
            self._ledger = Ledger.open(self.path, self.registry, create=create)
            self._ledger.command_fingerprint = self.command_fingerprint
        return self._ledger

    @property
    def opened(self) -> Ledger | None:
        """The ledger file if it was opened, else None."""
        return self._ledger

    def campaign(self) -> Campaign:
        """The campaign the service works on (see the class)."""
        ledger = self.ledger()
        name = self.campaign_name
        if name is None:
            name = os.environ.get(CAMPAIGN_ENV) or None
        if name is None and not _only_one(ledger):
            # With one campaign shown, the choice cannot change the answer: reading it (the
            # user's config folder, platformdirs) was a twentieth of a command's start-up.
            chosen = self.chosen()
            if chosen is not None:
                return ledger.campaign(chosen)
        return ledger.campaign(name)

    def start_campaign(self, name: str) -> Campaign:
        """Start campaign ``name`` in the file (made if it does not exist yet) and work on it
        from now on."""
        campaign = self.ledger(create=True).create_campaign(name)
        self.campaign_name = campaign.name
        return campaign

    def chosen(self) -> str | None:
        """The campaign chosen for this file (by the name it goes by now), if it is there
        and not archived; read once per service (``forget_chosen`` reads it again)."""
        if self._chosen is None:
            from ledger.service import _chosen

            stored = _chosen.used(self.path)
            found = None
            if stored is not None:
                catalogue = self.ledger().catalogue()
                found = next(
                    (i.name for i in catalogue if i.stored == stored and not i.archived), None
                )
            self._chosen = (found,)
        return self._chosen[0]

    def choose(self, stored: str | None) -> None:
        """Choose the campaign (by its stored name) for this file; None forgets the choice."""
        from ledger.service import _chosen

        _chosen.use(self.path, stored)
        self._chosen = None

    def chosen_stored(self) -> str | None:
        """The stored name of the campaign chosen for this file, archived or not."""
        from ledger.service import _chosen

        return _chosen.used(self.path)

    def forget_chosen(self) -> None:
        """A campaign was renamed or archived: read the choice again."""
        self._chosen = None

    # Reading

    def state(self, at: int | str | None = None) -> tuple[int, CampaignState]:
        """The state at a point (default: now: ``42``, ``"city-2"``, ``"scenario-5.2:end"``)
        and that point's seq; a renamed campaign is shown by the name it goes by now."""
        campaign = self.campaign()
        if at is None:
            seq = campaign.head().seq
        elif isinstance(at, str):
            from ledger.campaign import resolve

            seq = resolve(campaign, at)
        else:
            seq = at
        state = campaign.state(seq)
        if campaign.title != state.name:
            state = msgspec.structs.replace(state, name=campaign.title)
        return seq, state

    def game(self, at: int | str | None = None) -> "Game":
        """The campaign as an action (now) or a query (at any point) reads it."""
        from ledger.actions import Game

        if at is None:
            return self.campaign().game()
        _, state = self.state(at)
        return Game(state=state, registry=self.registry.for_state(state), campaign=self.campaign())

    def party(self, at: int | str | None = None) -> dict[str, Any]:
        """The party as JSON (``party show --json``)."""
        from ledger.views import party_view

        seq, state = self.state(at)
        return party_view(state, seq, self.registry.for_state(state))

    def hero(self, name: str, at: int | str | None = None) -> dict[str, Any]:
        """A Hero as JSON (``hero show --json``); NotFound names the Heroes there are."""
        from ledger.views import hero_json

        _, state = self.state(at)
        return hero_json(state.hero(name), state)

    def content(self, kind: str | None = None, at: int | str | None = None) -> dict[str, Any]:
        """The cards the campaign knows (of ``kind``: ``hero``, ``item``...), each value with
        who gave it: a plugin or the table's content pack (``content show --json``)."""
        from ledger.content import known_content  # TOML packs: not in every start-up

        return {"cards": known_content(self.game(at), kind)}

    def session_summary(self, number: int | None = None) -> "Summary":
        """What play session ``number`` (None: the current or last one) did to each Hero and
        Ally, read from that session's events alone; NotFound names the sessions there are."""
        from ledger.views import session_summary

        return session_summary(self.campaign(), number, self.registry)

    def summary(self, number: int | None = None) -> dict[str, Any]:
        """The session's summary as JSON (``session summary --json``)."""
        from ledger.views import summary_json

        return summary_json(self.session_summary(number))

    def log(self, query: "LogQuery | None" = None) -> list[dict[str, Any]]:
        """The log entries ``query`` keeps, as JSON (``log --json``)."""
        from ledger.views import log_json

        return [log_json(entry) for entry in self.entries(query)]

    def entries(self, query: "LogQuery | None" = None) -> "list[LogEntry]":
        """The log entries ``query`` keeps (see ``LogQuery``)."""
        return self.campaign().log(query)

    @staticmethod
    def recorded(recorded: Recorded) -> dict[str, Any]:
        """What a command recorded, as JSON (every recording command's ``--json``)."""
        from ledger.views import recorded_json

        return recorded_json(recorded)

    # Recording: each returns once its events are committed

    def do(
        self,
        action: "Action",
        /,
        *,
        idempotency_key: str | None = None,
        expected_seq: int | None = None,
        fingerprint: str | None = None,
        **intent: object,
    ) -> Recorded:
        """Decide ``action`` for ``intent`` and record its events (``Campaign.do``)."""
        with self.ledger().store.steady():  # finding the campaign reads the file once more
            return self.campaign().do(
                action,
                idempotency_key=idempotency_key,
                expected_seq=expected_seq,
                fingerprint=fingerprint,
                **intent,
            )

    def record(
        self,
        events: Sequence[Event],
        *,
        idempotency_key: str | None = None,
        expected_seq: int | None = None,
    ) -> Recorded:
        """Record events built by hand as one command, validated against the state then."""

        def attempt() -> Recorded:
            return self.campaign().record(
                events, expected_seq=expected_seq, idempotency_key=idempotency_key
            )

        return retried(self.ledger(), attempt, expected_seq=expected_seq)

    def undo(
        self,
        count: int = 1,
        commands: Sequence[int] | None = None,
        *,
        seen: int | None = None,
        expected_seq: int | None = None,
        idempotency_key: str | None = None,
    ) -> Recorded:
        """Revert the last ``count`` commands in effect, or the named ``commands``.

        ``seen`` is the head the caller saw: "undo the last command" is refused with a
        ConflictError naming what was recorded since when the campaign moved on (an undo of
        a named command needs no ``seen``: it reverts that command or says why not)."""
        return self._meta("undo", count, commands, seen, expected_seq, idempotency_key)

    def redo(
        self,
        count: int = 1,
        commands: Sequence[int] | None = None,
        *,
        seen: int | None = None,
        expected_seq: int | None = None,
        idempotency_key: str | None = None,
    ) -> Recorded:
        """Bring back the last ``count`` undone commands, or the named ``commands``; ``seen``
        as for ``undo``."""
        return self._meta("redo", count, commands, seen, expected_seq, idempotency_key)

    def _meta(
        self,
        verb: str,
        count: int,
        commands: Sequence[int] | None,
        seen: int | None,
        expected_seq: int | None,
        idempotency_key: str | None,
    ) -> Recorded:
        if seen is not None and expected_seq is not None and seen != expected_seq:
            raise ConflictError(f"{verb}: the head seen ({seen}) is not the one expected")
        expected = expected_seq if expected_seq is not None else seen

        def attempt() -> Recorded:
            campaign = self.campaign()
            meta = campaign.undo if verb == "undo" else campaign.redo
            return meta(count, commands, expected_seq=expected, idempotency_key=idempotency_key)

        return retried(self.ledger(), attempt, expected_seq=expected)

    def close(self) -> None:
        """Close the ledger file, if it was opened."""
        if self._ledger is not None:
            self._ledger.close()
            self._ledger = None
