"""Each plugin's own schema changes, applied through sqlite-utils Migrations like the ledger's."""

import pluggy
from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from ledger.errors import PluginError
from ledger.hosting._extensions import Migration
from ledger.hosting._hooks import call_each, failure
from ledger.storage import migrations


def apply_plugin_migrations(db: Database, pm: pluggy.PluginManager) -> None:
    """Each plugin's own migrations, recorded as the set ``campaign_ledger.PLUGIN`` so that
    two plugins may use the same migration names."""
    for answer, plugin in call_each(pm, "register_migrations"):
        plugin_set = Migrations(f"{migrations.name}.{plugin}")
        for migration in answer or ():
            if not isinstance(migration, Migration):
                raise PluginError(f"plugin {plugin!r} registered {migration!r}, not a Migration")
            try:
                plugin_set(name=migration.name)(migration.apply)
            except ValueError as error:  # a name used twice
                raise PluginError(f"plugin {plugin!r}: {error}") from None
        try:
            plugin_set.apply(db)
        except Exception as error:
            raise failure(plugin, "register_migrations (a migration)", error) from error
