"""campaign-ledger: an event-sourced campaign ledger for Agemonia."""

__version__ = "0.1.0"
