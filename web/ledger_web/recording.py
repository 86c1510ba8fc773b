"""The one way the web app records: every route that records calls ``Recorder.record``.

What it records is a structured action by name with a JSON intent (``damage`` with
``{"hero": "Torrax", "amount": 3}``), an undo or redo of what the caller saw, or a line of the
command box (``damage Torrax 3``, ``undo --command 42``; ``command_box`` reads it into one of
those, in memory; a query's line answers its JSON). Each goes to the core's application
service (``Service.do``, ``undo``, ``redo``), which decides, records and retries after a lost
race with the one policy; the answer is the core's JSON of what was recorded, or the rule's
refusal, with nothing written.

- Idempotency key: a command sent again under the same key (a double tap, a resend after a
  lost answer) is recorded once and answered as the first time; the same key for another
  command is refused.
- Expected head (``X-Expect-Seq``, an undo's ``seen``): refused (409), naming what was
  recorded since, when the campaign moved on.

``record`` runs on the writer thread (``Ledgers.write``): one command at a time per server.
"""

import hashlib
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import msgspec

from ledger.errors import ConflictError, LedgerError
from ledger.service import Service
from ledger.storage import sqlite3
from ledger.views import recorded_json
from ledger_web import command_box, intents
from ledger_web.calls import ActionCall, Call, MetaCall

REMEMBERED = 10_000  # answers kept for idempotency keys


@dataclass(frozen=True)
class Outcome:
    """An HTTP status and the JSON body to answer with."""

    status: int
    body: Any

    @property
    def ok(self) -> bool:
        return self.status < 400


def refused(status: int, message: str) -> Outcome:
    return Outcome(status, {"error": message})


def fingerprint(name: str, intent: dict[str, Any]) -> str:
    """What a structured action under an idempotency key is: the web's own description (the
    same as before the service, so keys recorded then still match)."""
    text = msgspec.json.encode([name, intent], order="sorted")
    return "web:" + hashlib.sha256(text).hexdigest()


@dataclass
class Recorder:
    _answers: OrderedDict[str, tuple[bytes, Outcome]] = field(default_factory=OrderedDict)

    def record(
        self,
        service: Service,
        what: Call,
        *,
        key: str | None = None,
        expect_seq: int | None = None,
    ) -> Outcome:
        """Record ``what`` (on the writer thread, with its service) and say how it went."""
        request = msgspec.json.encode(what)
        if key is not None:
            remembered = self._answers.get(key)
            if remembered is not None:
                if remembered[0] != request:
                    return refused(
                        422,
                        f"the idempotency key {key!r} was used for another command; "
                        "nothing was written. A new command needs a new key",
                    )
                return remembered[1]
        try:
            outcome, recorded = self._outcome(service, what, key, expect_seq)
        except ConflictError as error:
            outcome, recorded = refused(409, str(error)), False
        except LedgerError as error:
            outcome, recorded = refused(422, error.worded({})), False
        except sqlite3.Error as error:
            message = f"the ledger database failed: {error}; nothing was written"
            outcome, recorded = refused(503, message), False
        if key is not None and recorded and outcome.ok:
            self._answers[key] = (request, outcome)
            while len(self._answers) > REMEMBERED:
                self._answers.popitem(last=False)
        return outcome

    def _outcome(
        self, service: Service, what: Call, key: str | None, expect_seq: int | None
    ) -> tuple[Outcome, bool]:
        """The answer, and whether it is a recording (a query's answer is not remembered)."""
        if isinstance(what, MetaCall):
            return _meta(service, what, key, expect_seq), True
        if isinstance(what, ActionCall):
            return _action(service, what, key, expect_seq), True
        try:
            line = command_box.parse(what.text, service.registry)
        except command_box.LineRefused as refusal:
            return refused(refusal.status, refusal.message), False
        if isinstance(line, MetaCall):
            if what.seen is not None and line.seen is None and not line.commands:
                line = msgspec.structs.replace(line, seen=what.seen)  # "undo" on a page
            return _meta(service, line, key, expect_seq), True
        if line.query:
            answer = line.function(service.game(), **line.intent)
            return Outcome(200, msgspec.to_builtins(answer)), False
        recorded = service.do(
            line.function,
            idempotency_key=key,
            expected_seq=expect_seq,
            fingerprint=fingerprint(line.name, line.given),
            **line.intent,
        )
        return Outcome(200, recorded_json(recorded)), True


def _action(service: Service, call: ActionCall, key: str | None, expect_seq: int | None) -> Outcome:
    function = service.registry.actions.find(call.name)
    if function is None:
        return refused(404, f"no action named {call.name!r}")
    if not intents.is_action(function):
        return refused(400, f"{call.name} is a query: it records nothing (ask it with GET)")
    try:
        intent = intents.intent_of(function, call.intent)
    except msgspec.ValidationError as error:
        return refused(400, f"{call.name}: {error}")
    recorded = service.do(
        function,
        idempotency_key=key,
        expected_seq=expect_seq,
        fingerprint=fingerprint(call.name, call.intent),
        **intent,
    )
    return Outcome(200, recorded_json(recorded))


def _meta(service: Service, call: MetaCall, key: str | None, expect_seq: int | None) -> Outcome:
    """An undo or redo: of the named commands, or of the last ones if the head is still the
    one the caller saw."""
    meta = service.undo if call.verb == "undo" else service.redo
    recorded = meta(
        call.count,
        call.commands or None,
        seen=call.seen,
        expected_seq=expect_seq,
        idempotency_key=key,
    )
    return Outcome(200, recorded_json(recorded))


__all__ = ["Outcome", "Recorder", "fingerprint", "refused"]
