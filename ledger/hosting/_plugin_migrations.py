"""Each plugin's own schema changes, applied through sqlite-utils Migrations like the ledger's."""

from typing import TYPE_CHECKING

import pluggy

from ledger.errors import LedgerError, PluginError
from ledger.hosting._extensions import Migration
from ledger.hosting._hooks import answer_of, failure
from ledger.hosting._manager import report
from ledger.storage import MIGRATION_SET, Connection

if TYPE_CHECKING:
    from sqlite_utils import Database

HOOK = "register_migrations"


def apply_plugin_migrations(
    db: "Connection | Database", pm: pluggy.PluginManager, *, strict: bool = True
) -> None:
    """Each plugin's own migrations, recorded as the set ``campaign_ledger.PLUGIN`` so that
    two plugins may use the same migration names. A plugin failing raises PluginError; not
    ``strict``, its migrations are left out (each runs in its own transaction), reported to
    the manager, and the others run. No plugin with migrations: sqlite-utils is not imported."""
    for impl in pm.hook.register_migrations.get_hookimpls():
        try:
            _apply(
                db.utils() if isinstance(db, Connection) else db,
                impl.plugin_name,
                answer_of(impl, HOOK),
            )
        except LedgerError as error:
            if strict:
                raise
            report(pm, impl.plugin_name, f"{error}; its tables are not migrated")


def _apply(db: "Database", plugin: str, answer: list[object]) -> None:
    from sqlite_utils.migrations import Migrations

    plugin_set = Migrations(f"{MIGRATION_SET}.{plugin}")
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
