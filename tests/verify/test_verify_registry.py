"""verify folds stored events, which carry their content: it needs no catalogue of Heroes,
items or scenarios, and does not collect one; and what its fold reads of each event."""

import pluggy

from ledger.campaign import Ledger
from ledger.campaign._projection import _hero_field
from ledger.hosting import Registry, hookimpl
from ledger.verification import verify
from ledger_base_game.events import DamageTaken, HeroJoined, StarsGained, StepStarted
from tests.helpers.cli import Invoke


class Catalogues:
    """A plugin whose content hooks fail: any command that collects content warns."""

    @hookimpl
    def register_heroes(self) -> list[object]:
        raise AssertionError("content collected")

    @hookimpl
    def register_dice(self) -> list[object]:
        raise AssertionError("dice collected")


def test_a_registry_without_content_folds_as_the_full_one(
    pm: pluggy.PluginManager, ledger: Ledger
) -> None:
    full, bare = Registry(pm), Registry(pm, content=False)
    assert 0 not in (len(full.heroes), len(full.items), len(full.scenarios), len(full.dice))
    assert (len(bare.heroes), len(bare.items), len(bare.scenarios), len(bare.dice)) == (0,) * 4
    assert bare.event_types == full.event_types
    assert bare.fingerprint == full.fingerprint  # its snapshots are the same snapshots
    campaign = ledger.create_campaign("Test")
    stats = {"might": 2, "agility": 2, "will": 2, "taunt": 3, "chips": 9, "wounded_chips": 5}
    campaign.record([HeroJoined(hero="Venia", **stats)])
    for _ in range(6):  # past a snapshot (every 5 here)
        campaign.record([StarsGained(hero="Venia", amount=1)])
    assert verify(Ledger(ledger.db, bare)) == verify(ledger) == []


def test_verify_collects_no_content(pm: pluggy.PluginManager, ok: Invoke, invoke: Invoke) -> None:
    ok("campaign", "new", "Test")
    pm.register(Catalogues(), name="catalogues")
    verified = ok("verify")
    assert "every chain" in verified.output
    assert "collected" not in verified.stderr
    collecting = invoke("campaign", "list")  # a command that collects content warns of it
    assert (collecting.exit_code, "content collected" in collecting.stderr) == (0, True)


class Carried(DamageTaken, tag="test:carried", frozen=True, kw_only=True):
    """An event about another Hero than its ``hero`` field: its own ``hero_name``."""

    carrier: str

    @property
    def hero_name(self) -> str | None:
        return self.carrier


def test_the_fold_reads_the_hero_field_only_where_it_is_the_hero_name() -> None:
    assert _hero_field(DamageTaken)
    assert not _hero_field(StepStarted)  # no Hero: hero_name is None
    assert not _hero_field(Carried)
