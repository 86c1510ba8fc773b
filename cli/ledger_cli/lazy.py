"""A click group that imports a command's module only when that command is used.

Start-up is most of a short command's cost (docs/performance.md, target 6): ``hero show``
should not import the code of forty other commands. The group knows each command's name and
the modules whose ``register(cli)`` define it; help and listings import them all, so they
still show every command with its help.
"""

import importlib
from collections.abc import Callable, Iterable
from typing import Any

import click

from ledger_cli.parsing import Group


def from_views(module: str, names: frozenset[str]) -> Callable[[str], Any]:
    """A module's ``__getattr__`` giving ``names`` from ``ledger.views``, which is imported
    when one is first used: a command imports the views it prints."""

    def __getattr__(name: str) -> Any:
        if name not in names:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        from ledger import views

        return getattr(views, name)

    return __getattr__


class LazyGroup(Group):
    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        # command name: the modules whose register(cli), in this order, define it; a module
        # may define several commands, or add subcommands to a group an earlier one defined
        self.lazy: dict[str, tuple[str, ...]] = {}

    def add_lazy(self, names: Iterable[str], modules: Iterable[str]) -> None:
        for name in names:
            self.lazy[name] = tuple(modules)

    def known(self) -> list[str]:
        """Every command name, loaded or not."""
        return [*self.commands, *self.lazy]

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(self.known())

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.lazy:
            self.load(cmd_name)
        return super().get_command(ctx, cmd_name)

    def load(self, name: str) -> None:
        """Import the modules behind ``name`` and add every command they stand for here."""
        modules = self.lazy[name]
        names = [other for other, behind in self.lazy.items() if behind == modules]
        scratch = Group(name=self.name)
        for module in modules:
            importlib.import_module(module).register(scratch)
        for other in names:
            del self.lazy[other]
            command = scratch.commands.get(other)
            if command is None:  # a stale table: a bug in the code that filled it
                raise RuntimeError(f"{', '.join(modules)} define no command {other!r}")
            self.add_command(command, other)


def add_lazy(cli: object, names: Iterable[str], modules: Iterable[str]) -> bool:
    """Offer ``names`` on ``cli``, importing ``modules`` (each with a ``register(cli)``) only
    when one is used. False, and nothing added, when ``cli`` cannot load lazily: then call
    each module's ``register(cli)`` yourself."""
    if not isinstance(cli, LazyGroup):
        return False
    cli.add_lazy(names, modules)
    return True
