"""The campaign-ledger command line: one module per noun group, assembled by ``build_cli``."""
