"""The file's schema proved to be the one the migrations create: each trigger the schema
defines present with its full SQL (a same-named trigger guarded by ``WHEN 0`` would let an
UPDATE through), and no object the schema does not create (a trigger writing snapshots, a
table or view beside the ledger's).

What the schema creates is found by applying the same migrations, those the file has had,
and the loaded plugins' own, to an empty database in memory."""

import re
from typing import TYPE_CHECKING

import pluggy

from ledger.hosting import apply_plugin_migrations, report
from ledger.storage import (
    APPEND_ONLY_TRIGGERS,
    MARK_TRIGGERS,
    SNAPSHOT_TRIGGERS,
    STEP_INDEX_TRIGGERS,
    STEPS,
    Connection,
    pending,
    sqlite3,
)
from ledger.verification._problem import Problem

_SPACE = re.compile(r"\s+")
_GUARDS = dict.fromkeys(
    (*APPEND_ONLY_TRIGGERS, *SNAPSHOT_TRIGGERS, *MARK_TRIGGERS), "append-only "
) | dict.fromkeys(STEP_INDEX_TRIGGERS, "step index ")


if TYPE_CHECKING:
    from sqlite_utils import Database


def _objects(db: "Connection | Database") -> dict[tuple[str, str], str]:
    """(type, name): normalised SQL of every schema object but SQLite's own (sqlite_*:
    automatic indexes, ANALYZE's statistics)."""
    cursor = db.execute(
        "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
    )
    return {(kind, name): _SPACE.sub(" ", sql or "").strip() for kind, name, sql in cursor}


def _expected(db: "Connection | Database", pm: pluggy.PluginManager) -> dict[tuple[str, str], str]:
    """The objects the migrations the file has had create in an empty database, with
    sqlite-utils' own record of them (its table and that table's indexes, as the file has
    them: their SQL is sqlite-utils', not the ledger's). sqlite-utils itself is imported only
    for a loaded plugin's migrations."""
    first_pending = next(iter(pending(db)), None)
    empty = Connection(sqlite3.connect(":memory:"))
    try:
        for step in STEPS:
            if step.__name__ == first_pending:
                break
            step(empty)  # type: ignore[arg-type]  # a step uses only Database.execute
        apply_plugin_migrations(empty, pm, strict=False)  # a failing one: left out as it was
        expected = _objects(empty)
    finally:
        empty.conn.close()
    return expected | _bookkeeping(db)


def _bookkeeping(db: "Connection | Database") -> dict[tuple[str, str], str]:
    cursor = db.execute(
        "SELECT type, name, sql FROM sqlite_master WHERE tbl_name = '_sqlite_migrations' "
        "AND type IN ('table', 'index') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
    )
    return {(kind, name): _SPACE.sub(" ", sql or "").strip() for kind, name, sql in cursor}


def schema_problems(db: "Connection | Database", pm: pluggy.PluginManager) -> list[Problem]:
    """Each trigger of the schema missing or changed, and each object it does not create."""
    expected, found = _expected(db, pm), _objects(db)
    problems = []
    for (kind, name), sql in sorted(expected.items()):
        if kind != "trigger":
            continue
        trigger = f"the {_GUARDS.get(name, '')}trigger {name}"
        if (kind, name) not in found:
            problems.append(Problem(None, None, f"{trigger} is missing"))
        elif found[kind, name] != sql:
            problems.append(Problem(None, None, f"{trigger} was changed (its SQL differs)"))
    for kind, name in sorted(found.keys() - expected.keys()):
        owner = _plugin_table(pm, kind, name, found)
        if owner is not None:  # a plugin's own table: not the ledger's to judge, but said
            report(
                pm,
                owner,
                f"plugin {owner!r}: the {kind} {name} was made outside its migrations (by a "
                "reaction?), so verify cannot tell it from one added by hand; create it in a "
                "Migration (register_migrations, docs/plugins.md); it is not verified",
            )
            continue
        problems.append(
            Problem(
                None,
                None,
                f"the {kind} {name} is not part of the ledger's schema "
                "(added to the file by hand or by another program)",
            )
        )
    return problems


def _plugin_table(
    pm: pluggy.PluginManager, kind: str, name: str, found: dict[tuple[str, str], str]
) -> str | None:
    """The loaded plugin whose prefix names this table (or an index on such a table): its
    own inline projection, made outside its migrations. Triggers are never a plugin's."""
    if kind == "index":
        match = re.search(r" ON \"?(\w+)", found[kind, name])
        name = match.group(1) if match else name
    elif kind != "table":
        return None
    for plugin, _ in pm.list_name_plugin():
        if name.startswith(f"{plugin}_"):
            return plugin
    return None
