"""The three abilities a check rolls with (§4), by name: what the commands offer for an
ABILITY argument without importing what checks share (``checks`` imports the dice, the Injury
rules and the base game's data, which `hero show` never runs)."""

from typing import Literal

Ability = Literal["might", "agility", "will"]
ABILITIES: tuple[Ability, ...] = ("might", "agility", "will")
