"""The bench suite: the ledger's speed against raw SQLite, raw msgspec and the eventsourcing
library, in one run (``python -m bench``). Never part of the test suite's timing."""
