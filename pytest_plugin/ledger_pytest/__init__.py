"""A pytest plugin for expansion authors: fixtures (``plugin`` module), contract tests
(``contract`` module) and golden files (``golden`` module: an old export held against the
states it must still produce) to run against your own plugin. Loaded by pytest through the
``pytest11`` entry point of campaign-ledger."""
