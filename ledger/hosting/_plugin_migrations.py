"""Each plugin's own schema changes, applied through sqlite-utils Migrations like the ledger's."""

import pluggy
from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from ledger.errors import LedgerError, PluginError
from ledger.hosting._extensions import Migration
from ledger.hosting._hooks import answer_of, failure
from ledger.hosting._manager import report
from ledger.storage import migrations

HOOK = "register_migrations"


def apply_plugin_migrations(db: Database, pm: pluggy.PluginManager, *, strict: bool = True) -> None:
    """Each plugin's own migrations, recorded as the set ``campaign_ledger.PLUGIN`` so that
    two plugins may use the same migration names. A plugin failing raises PluginError; not
    ``strict``, its migrations are left out (each runs in its own transaction), reported to
    the manager, and the others run."""
    for impl in pm.hook.register_migrations.get_hookimpls():
        try:
            _apply(db, impl.plugin_name, answer_of(impl, HOOK))
        except LedgerError as error:
            if strict:
                raise
            report(pm, impl.plugin_name, f"{error}; its tables are not migrated")


def _apply(db: Database, plugin: str, answer: list[object]) -> None:
    plugin_set = Migrations(f"{migrations.name}.{plugin}")
    for migration in answer:
        if not isinstance(migration, Migration):
            raise PluginError(f"plugin {plugin!r} registered {migration!r}, not a Migration")
        try:
            plugin_set(name=migration.name)(migration.apply)
        except ValueError as error:  # a name used twice
            raise PluginError(f"plugin {plugin!r}: {error}") from None
    try:
        plugin_set.apply(db)
    except Exception as error:
        raise failure(plugin, f"{HOOK} (a migration)", error) from error
