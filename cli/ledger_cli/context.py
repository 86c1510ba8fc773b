"""What every command needs: the plugin set, the ledger file, the campaign, and recording."""

import functools
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

import click
import msgspec
import pluggy

from ledger.campaign import Campaign, Ledger, Recorded
from ledger.errors import BadInput, NotFound
from ledger.hosting import Registry, plugin_problems
from ledger.model import CampaignState, Event, Hero
from ledger.service import Service
from ledger.text import printable
from ledger_cli import output, terminal
from ledger_cli.parsing import Command

if TYPE_CHECKING:
    from ledger.actions import Action, Game

DATABASE_ENV = "LEDGER_DATABASE"
P = ParamSpec("P")
R = TypeVar("R")


def default_database() -> Path:
    import platformdirs  # only without --database or LEDGER_DATABASE (3 ms of start-up)

    return platformdirs.user_data_path("campaign-ledger") / "ledger.db"


class App(msgspec.Struct):
    """What a command works with: the plugins, and the core's application service (``service``)
    for the ledger file and campaign the options chose. ``do(action, **intent)`` decides,
    records and shows; ``perform`` records without showing; ``state(at)`` and ``game(at)``
    read. Commands receive it with ``pass_app``; the deciding, the recording and its retry
    policy are the service's.

    The App also keeps the command's commit boundary (``ledger_cli.boundary``): ``do``,
    ``perform``, ``record``, ``undo`` and ``redo`` note what they committed, so that an error
    after it (a full disk while showing it) says "recorded as #N", never "nothing was
    written". A command that writes another way says so with ``wrote_events(recorded)`` or
    ``wrote("campaign 'Moon' renamed")`` once it has."""

    pm: pluggy.PluginManager
    database: Path | None = None
    campaign_name: str | None = None
    idempotency_key: str | None = None
    expect_seq: int | None = None
    asks: bool = True  # a command may ask on a terminal; a batch's lines never do
    debug: bool = False  # --debug: a crash shows its traceback
    # The commit boundary (ledger_cli.boundary): what this command (or batch line) committed,
    # in the words of an error after it ("recorded as #12"); None until it commits.
    committed: str | None = None
    last_recorded: Recorded | None = None  # what the service last recorded for it
    commits_later: bool = False  # a batch's one transaction (--dry-run, --atomic) holds them
    _registry: Registry | None = None
    _services: dict[Path, Service] = msgspec.field(default_factory=dict)
    _warned: set[str] = msgspec.field(default_factory=set)
    # `plugins` lists every failure itself: warning of them too would say each twice.
    listing_plugins: bool = False

    @property
    def registry(self) -> Registry:
        """What the plugins registered; a plugin's failing answer is left out, with a
        warning, and everything else works."""
        if self._registry is None:
            self._registry = Registry(self.pm, strict=False)
            self.warn_plugins()
        return self._registry

    def warn_plugins(self, problems: Iterable[str] = ()) -> None:
        """Warn on standard error of every plugin problem (the manager's, and ``problems``)
        not warned of yet: once each per process (a batch's lines share the App)."""
        for problem in [*plugin_problems(self.pm), *problems]:
            if problem not in self._warned and not self.listing_plugins:
                self._warned.add(problem)
                click.echo(f"Warning: {printable(problem)}", err=True)

    def begin(self) -> None:
        """A command (or a batch's line) starts: it has committed nothing yet."""
        self.committed, self.last_recorded = None, None

    def wrote_events(self, recorded: Recorded) -> Recorded:
        """Note that ``recorded`` is committed: an error from here on says so."""
        self.last_recorded = recorded
        self.wrote(f"recorded as #{recorded.rows[0].command}")
        return recorded

    def wrote(self, what: str) -> None:
        """Note a write that is not an event (``what``: "campaign 'Moon' renamed")."""
        if not self.commits_later:
            self.committed = printable(what)

    @property
    def path(self) -> Path:
        return self.database or default_database()

    @property
    def service(self) -> Service:
        """The application service for the ledger file and campaign the options chose (one
        per file and process: a batch's lines share it)."""
        path = self.path
        service = self._services.get(path)
        if service is None:
            service = self._services[path] = Service(
                path, self.registry, command_fingerprint=command_line
            )
        service.campaign_name = self.campaign_name
        return service

    def ledger(self, *, create: bool = False) -> Ledger:
        """The ledger file, opened once per process (batch reuses it for every line)."""
        service = self.service
        opening = service.opened is None
        ledger = service.ledger(create=create)
        if opening:
            self.warn_plugins()  # a plugin's migrations that failed
        return ledger

    def content(self) -> Registry:
        """The cards the chosen campaign knows (the plugins' and its content packs), or the
        plugins' alone when no campaign is chosen or the file does not exist yet: for
        listings, which work before any campaign does."""
        if not self.path.exists():
            return self.registry
        try:
            return self.game().registry
        except (NotFound, BadInput):  # no campaign in the file, or several and none chosen
            if self.campaign_name is not None:
                raise
            return self.registry

    def replay_registry(self) -> Registry:
        """Enough to fold stored events, which carry their content: the registry if this App
        has built it, else one without the content catalogues (10 ms less to start)."""
        if self._registry is not None:
            return self._registry
        registry = Registry(self.pm, content=False, strict=False)
        self.warn_plugins()
        return registry

    def opened_ledger(self, path: Path) -> Ledger | None:
        """The ledger file at ``path`` if this App has opened it, else None."""
        service = self._services.get(path)
        return service.opened if service is not None else None

    def campaign(self) -> Campaign:
        """The campaign named by --campaign or LEDGER_CAMPAIGN, else the one `campaign use`
        chose for this file (unless archived since), else the only one."""
        self.ledger()
        return self.service.campaign()

    def state(self, at: str | None = None) -> tuple[int, CampaignState]:
        """The state at a point a player named (default: now), and that point's seq."""
        self.ledger()
        return self.service.state(at)

    def game(self, at: str | None = None) -> "Game":
        """The campaign as an action (or a query, at a point a player named) reads it."""
        self.ledger()
        return self.service.game(at)

    def do(self, action: "Action", /, *, as_json: bool = False, **intent: object) -> Recorded:
        """Decide ``action`` for ``intent``, record its events and show them: the whole of a
        command that records, after its face has parsed the input into ``intent``."""
        recorded = self.perform(action, **intent)
        show_recorded(recorded, as_json)
        return recorded

    def perform(self, action: "Action", /, **intent: Any) -> Recorded:
        """Decide ``action`` for ``intent`` and record its events, showing nothing: for a
        command that renders what it recorded in its own way (a check's total, as JSON)."""
        self.ledger()
        recorded = self.service.do(
            action,
            idempotency_key=self.idempotency_key,
            expected_seq=self.expect_seq,
            **intent,
        )
        return self.wrote_events(recorded)

    def record(self, *events: Event, as_json: bool = False) -> Recorded:
        self.ledger()
        recorded = self.service.record(
            events, expected_seq=self.expect_seq, idempotency_key=self.idempotency_key
        )
        show_recorded(self.wrote_events(recorded), as_json)
        return recorded

    def undo(
        self, count: int = 1, commands: Sequence[int] = (), seen: int | None = None
    ) -> Recorded:
        """Undo the last ``count`` commands in effect (or ``commands``), showing nothing;
        ``seen``: the head the player saw (a preview), refused if the campaign moved on."""
        self.ledger()
        recorded = self.service.undo(
            count,
            list(commands) or None,
            seen=seen,
            expected_seq=self.expect_seq,
            idempotency_key=self.idempotency_key,
        )
        return self.wrote_events(recorded)

    def redo(self, count: int = 1, commands: Sequence[int] = ()) -> Recorded:
        """Bring back the last ``count`` undone commands (or ``commands``), showing nothing."""
        self.ledger()
        recorded = self.service.redo(
            count,
            list(commands) or None,
            expected_seq=self.expect_seq,
            idempotency_key=self.idempotency_key,
        )
        return self.wrote_events(recorded)

    def close_ledger(self, path: Path) -> None:
        """Close the ledger file at ``path`` if this App opened it."""
        service = self._services.pop(path, None)
        if service is not None:
            service.close()

    def close(self) -> None:
        self.warn_plugins()  # what the command found failing on its way (verify's migrations)
        for service in self._services.values():
            service.close()
        self._services.clear()


def command_line() -> str | None:
    """The command being run as the CLI read it (its words and parameters, --json aside): a
    retry under an idempotency key reads the same, even if it rolls other dice."""
    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return None
    params = {name: value for name, value in ctx.params.items() if name != "as_json"}
    text = msgspec.json.encode(
        [ctx.command_path.split()[1:], params], order="sorted", enc_hook=_as_text
    )
    import hashlib  # only under an idempotency key: OpenSSL is 10 M instructions to load

    return "cli:" + hashlib.sha256(text).hexdigest()


def _as_text(value: object) -> str:
    return str(getattr(value, "name", value))


def show_recorded(recorded: Recorded, as_json: bool) -> None:
    """Print what a command recorded (each event, the changes, the rules' notes), or its JSON."""
    if as_json:
        click.echo(output.to_json(output.recorded_json(recorded)))
        return
    lines = []  # one echo for them all: each echo checks its stream (a batch writes many)
    if recorded.replayed:
        lines.append(f"Already recorded as command #{recorded.rows[0].command}; nothing written.")
    for row, event in zip(recorded.rows, recorded.events, strict=True):
        lines.append(f"#{row.seq} {event.describe()}")
    lines += (f"   {line}" for line in output.changes(recorded.before, recorded.after))
    for event in recorded.events:
        lines += (f"   rule: {note}" for note in event.notes(recorded.before, recorded.after))
    # Each line escaped on its own: a name holding a line break cannot start a forged line.
    terminal.echo_lines([printable(line) for line in lines])


def pass_app(function: Callable[Concatenate[App, P], R]) -> Callable[P, R]:
    """Call a command's function with the App first, as ``click.make_pass_decorator(App)``
    does, but directly: the command's invoke already entered its context, and click's
    decorator invokes the function through it a second time (a batch pays that per line)."""

    @functools.wraps(function)
    def with_app(*args: P.args, **kwargs: P.kwargs) -> R:
        app = click.get_current_context().find_object(App)
        if app is None:
            raise RuntimeError("a ledger command ran without the App on its context")
        return function(app, *args, **kwargs)

    return with_app


json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON.")
"""``--json``, passed as ``as_json``: give it to every command that shows something."""
at_option = click.option(
    "--at",
    "at",
    metavar="REF",
    help="A point of the campaign: N (after event N), city-2, journey-3, scenario-5, "
    "scenario-5.2 (second play), each optionally with :end.",
)
"""``--at REF``, passed as ``at``: give it to every view, and read with ``app.state(at)``."""
# Lets "-3" reach a numeric argument (and be refused as a rule) instead of parsing as an option.
NUMBERS = {"ignore_unknown_options": True}


def amount_command(name: str, action: "Action", help: str) -> click.Command:
    """A command ``NAME HERO N`` doing ``action(game, hero=HERO, amount=N)``."""

    from ledger_cli.completion import complete_hero  # it imports this module

    @click.command(name, cls=Command, context_settings=NUMBERS, help=help)
    @click.argument("hero", shell_complete=complete_hero)
    @click.argument("amount", type=int)
    @json_option
    @pass_app
    def command(app: App, hero: str, amount: int, as_json: bool) -> None:
        app.do(action, hero=hero, amount=amount, as_json=as_json)

    return command


def listing_group(parent: click.Group, name: str, help: str, default: str) -> click.Group:
    """A noun group that runs its ``default`` subcommand (a listing) when given none."""

    @parent.group(name, invoke_without_command=True, help=help)
    @click.pass_context
    def group(ctx: click.Context) -> None:
        if ctx.invoked_subcommand is None:
            ctx.invoke(group.commands[default])

    return group


def state_view(
    name: str,
    help: str,
    as_data: Callable[[CampaignState], object],
    as_lines: Callable[[CampaignState], list[str]],
) -> click.Command:
    """A command showing part of the state, now or at --at, as text or as JSON."""

    @click.command(name, cls=Command, help=help)
    @at_option
    @json_option
    @pass_app
    def command(app: App, at: str | None = None, as_json: bool = False) -> None:
        _, state = app.state(at)
        if as_json:
            click.echo(output.to_json(as_data(state)))
        else:
            terminal.echo_lines([printable(line) for line in as_lines(state)])

    return command


def hero_listing(
    help: str, line: Callable[[Hero], str], data: Callable[[Hero], object]
) -> click.Command:
    """A ``list`` command: one line (or JSON value) per Hero, now or at --at."""

    @click.command("list", cls=Command, help=help)
    @at_option
    @json_option
    @pass_app
    def command(app: App, at: str | None = None, as_json: bool = False) -> None:
        _, state = app.state(at)
        if as_json:
            click.echo(output.to_json({hero.name: data(hero) for hero in state.heroes.values()}))
        for hero in [] if as_json else state.heroes.values():
            click.echo(printable(f"{hero.name:<12} {line(hero)}"))

    return command
