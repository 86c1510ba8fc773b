"""The base game's rules helpers that its layers share: the abilities (``abilities``), what
checks share (``checks``, ``group_checks``), the requirement types of modifiers, the
properties of an item described by a player, a Scenario card's symbols, what learning costs,
the ranges every event and action checks, and the validator of names in progress events.
None imports click, the CLI or the base game's actions."""
