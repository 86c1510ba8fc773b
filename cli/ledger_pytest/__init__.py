"""A pytest plugin for expansion authors: fixtures (``plugin`` module) and contract tests
(``contract`` module) to run against your own plugin. Loaded by pytest through the ``pytest11``
entry point of campaign-ledger."""
