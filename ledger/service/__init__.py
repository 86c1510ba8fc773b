"""The application service, the one object every face calls: the CLI's commands, the web
app's routes and Python callers alike.

    from ledger.service import Service
    from ledger_base_game.actions import damage

    with Service("moonsilver.db") as table:   # the only campaign, or $LEDGER_CAMPAIGN
        recorded = table.do(damage, hero="Torrax", amount=3, idempotency_key="tap-17")
        table.recorded(recorded)               # the JSON every face answers with
        table.hero("Torrax", at="scenario-4")  # the JSON of `hero show --json --at`
        table.undo(commands=[recorded.rows[0].command])

Recording returns once the command is committed: an error raised by ``do``, ``record``,
``undo`` or ``redo`` means nothing was written; whatever fails after (a closed pipe) is the
face's to word as "recorded as #N"."""

from ledger.service._service import CAMPAIGN_ENV, Service

__all__ = ["CAMPAIGN_ENV", "Service"]
