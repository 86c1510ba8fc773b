"""The campaign-ledger command line: the application shell and the ledger's own commands
(``ledger_cli.commands``), assembled with every plugin's commands by ``build_cli``;
``ledger_cli.helpers`` is the one module a plugin's commands import."""
