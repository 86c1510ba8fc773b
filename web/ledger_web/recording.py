"""The one way the web app records: every route that records calls ``Recorder.record``.

What it records is either a command text, read exactly as a ``batch`` line (``damage Torrax
3``), or a structured action by name with a JSON intent (``damage`` with ``{"hero":
"Torrax", "amount": 3}``). The answer is the JSON the CLI's ``--json`` prints for the same
command (a command without ``--json``: its text output), or the rule's refusal; nothing is
written on a refusal.

- Idempotency key: a command sent again under the same key (a double tap, a resend after a
  lost answer) is recorded once and answered as the first time; the same key for another
  command is refused.
- Optimistic concurrency: the command is decided against the state now and recorded only if
  nothing was recorded meanwhile; when another process (the CLI) was first, it is decided
  again against the new state, under the file's write lock, as the CLI's App does. With an
  expected seq (``X-Expect-Seq``) it is refused instead (409) when the campaign moved on.

``record`` runs on the writer thread (``Ledgers.write``): one command at a time per server.
"""

import hashlib
import random
import shlex
import time
from collections import OrderedDict
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import Any

import click
import msgspec
import pluggy

from ledger.actions import decide
from ledger.campaign import Recorded
from ledger.errors import ConflictError, LedgerError
from ledger.storage import sqlite3
from ledger_cli.app import build_cli
from ledger_cli.helpers import App, output
from ledger_web import intents
from ledger_web.capture import captured

MAX_COMMAND = 2000  # characters in a command text
ATTEMPTS = 5  # tries of a command that lost a race to another process
REMEMBERED = 10_000  # answers kept for idempotency keys


class CommandText(msgspec.Struct, frozen=True):
    """A command as typed after ``campaign-ledger`` (a ``batch`` line)."""

    text: str


class ActionCall(msgspec.Struct, frozen=True):
    """A structured action: its name (``register_actions``) and its intent as JSON."""

    name: str
    intent: dict[str, Any] = {}


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


@dataclass
class Recorder:
    pm: pluggy.PluginManager
    _cli: click.Group | None = None
    _answers: OrderedDict[str, tuple[bytes, Outcome]] = field(default_factory=OrderedDict)

    def record(
        self,
        app: App,
        what: CommandText | ActionCall,
        *,
        key: str | None = None,
        expect_seq: int | None = None,
    ) -> Outcome:
        """Record ``what`` (on the writer thread, with its App) and say how it went."""
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
            if isinstance(what, CommandText):
                outcome = self._command(app, what.text, key, expect_seq)
            else:
                outcome = self._action(app, what, key, expect_seq)
        except ConflictError as error:
            outcome = refused(409, str(error))
        except LedgerError as error:
            outcome = refused(422, error.worded({}))
        except sqlite3.Error as error:
            outcome = refused(503, f"the ledger database failed: {error}; nothing was written")
        if key is not None and outcome.ok:
            self._answers[key] = (request, outcome)
            while len(self._answers) > REMEMBERED:
                self._answers.popitem(last=False)
        return outcome

    # A structured action

    def _action(
        self, app: App, call: ActionCall, key: str | None, expect_seq: int | None
    ) -> Outcome:
        function = app.registry.actions.find(call.name)
        if function is None:
            return refused(404, f"no action named {call.name!r}")
        if not intents.is_action(function):
            return refused(400, f"{call.name} is a query: it records nothing (ask it with GET)")
        try:
            intent = intents.intent_of(function, call.intent)
        except msgspec.ValidationError as error:
            return refused(400, f"{call.name}: {error}")
        fingerprint = (
            "web:"
            + hashlib.sha256(
                msgspec.json.encode([call.name, call.intent], order="sorted")
            ).hexdigest()
        )
        recorded = retried(
            app,
            lambda: _decide_and_record(app, function, intent, key, fingerprint, expect_seq),
            expect_seq,
        )
        return Outcome(200, output.recorded_json(recorded))

    # A command text

    def cli(self) -> click.Group:
        if self._cli is None:
            self._cli = build_cli(self.pm)
        return self._cli

    def _command(self, app: App, text: str, key: str | None, expect_seq: int | None) -> Outcome:
        if len(text) > MAX_COMMAND:
            return refused(413, f"a command is at most {MAX_COMMAND} characters")
        if "\n" in text or "\r" in text or "\0" in text:
            return refused(400, "a command is one line")
        try:
            args = shlex.split(text)
        except ValueError as error:
            hint = ""
            if str(error) == "No closing quotation" and text.count("'") % 2 and '"' not in text:
                hint = """ (a name with an apostrophe goes in double quotes: "Zuva'Sai")"""
            return refused(400, f"{error}{hint}: {text}")
        if not args:
            return refused(400, "the command is empty")
        root = self.cli()
        problem, as_json = _checked(root, args)
        if problem:
            return refused(400, problem)
        prefix = ["--database", str(app.path)]
        if app.campaign_name is not None:
            prefix += ["--campaign", app.campaign_name]
        if key is not None:
            prefix += ["--idempotency-key", key]
        if expect_seq is not None:
            prefix += ["--expect-seq", str(expect_seq)]
        if as_json:
            args = _with_json(args)
        with captured() as shown:
            try:
                root.main(
                    prefix + args, prog_name="campaign-ledger", standalone_mode=False, obj=app
                )
            except click.ClickException as error:
                status = 400 if error.exit_code == 2 else 422
                if isinstance(error.__context__, ConflictError):  # the CLI words it `from None`
                    status = 409
                return refused(status, error.format_message())
            except click.exceptions.Exit as error:
                if error.exit_code:
                    return refused(422, shown.getvalue().strip() or "the command failed")
            except click.Abort:
                return refused(400, "the command was aborted")
        text_shown = shown.getvalue()
        if as_json:
            try:
                return Outcome(200, msgspec.json.decode(text_shown))
            except msgspec.DecodeError:
                pass
        return Outcome(200, {"output": text_shown})


def _decide_and_record(
    app: App,
    action: Callable[..., Any],
    intent: dict[str, Any],
    key: str | None,
    fingerprint: str,
    expect_seq: int | None,
) -> Recorded:
    campaign = app.campaign()
    head = campaign.head().seq
    if expect_seq is not None and expect_seq != head:
        raise ConflictError(
            f"campaign {campaign.name!r} is at event {head}, not {expect_seq}; "
            "someone recorded in the meantime, nothing was written"
        )
    earlier = campaign.store.command(campaign.name, key) if key is not None else []
    if earlier:
        # Sent before (maybe to an earlier server): answered as recorded, not decided again
        # (a double spend would be refused by the rules instead of acknowledged).
        events = [campaign.projector.decode(row) for row in earlier]
    else:
        events = decide(action, campaign.game(), intent)
    return campaign.record(events, expected_seq=head, idempotency_key=key, fingerprint=fingerprint)


def retried(app: App, attempt: Callable[[], Recorded], expect_seq: int | None) -> Recorded:
    """``attempt`` again after a lost race (at most ATTEMPTS in all), under the file's write
    lock from the second try on; a conflict with the caller's expected seq is final."""
    for tries in range(1, ATTEMPTS + 1):
        lock = app.ledger().write_lock() if tries > 1 else nullcontext()
        try:
            with lock:
                return attempt()
        except ConflictError:
            if expect_seq is not None or tries == ATTEMPTS:
                raise
            time.sleep(random.uniform(0, 0.01 * tries))
    raise AssertionError("unreachable")


def _checked(root: click.Group, args: list[str]) -> tuple[str | None, bool]:
    """Why the web does not run this command line (None if it does), and whether its
    command prints JSON with ``--json``. The server's file and campaign are fixed: no option
    before the command, no command or option that names a file, no batch, no second server.
    """
    if args[0].startswith("-"):
        return "a command starts with its name; the server's file and campaign are fixed", False
    if args[0] in ("batch", "serve"):
        return f"`{args[0]}` cannot run from the web app", False
    if args[0] == "campaign" and len(args) > 1 and args[1] not in ("list", "show"):
        # new, rename, use, archive, fork: they change the file's campaigns, or the
        # server owner's config, not the campaign served.
        return f"`campaign {args[1]}` manages the file's campaigns: not from the web app", False
    ctx = click.Context(root, info_name="campaign-ledger")
    command: click.Command = root
    for word in args:
        problem = _names_file(command, args)
        if problem:
            return problem, False
        if not isinstance(command, click.Group) or word.startswith("-"):
            break
        found = command.get_command(ctx, word)
        if found is None:
            break  # no such command: click says so in its own words
        command = found
    problem = _names_file(command, args)
    if problem:
        return problem, False
    return None, any(param.name == "as_json" for param in command.params)


def _names_file(command: click.Command, args: list[str]) -> str | None:
    for param in command.params:
        if not isinstance(param.type, click.Path | click.File):
            continue
        if isinstance(param, click.Argument):
            return f"`{command.name}` reads or writes a file: not from the web app"
        for opt in param.opts:
            if any(arg == opt or arg.startswith(opt + "=") for arg in args):
                return f"{opt} names a file: not from the web app"
    return None


def _with_json(args: list[str]) -> list[str]:
    if "--" in args:
        at = args.index("--")
        return [*args[:at], "--json", *args[at:]]
    return [*args, "--json"]
