"""The party most tests start from: a campaign "Test" with Zuva'Sai (8 chips, wounded side 4)
and Torrax (10 chips, wounded side 5), typed at the CLI (``PARTY``, which conftest's ``party``
fixture runs) or recorded through the API (``make_party``, with plainer stats)."""

import shlex
from pathlib import Path

from ledger.campaign import Ledger
from ledger_base_game.events import HeroJoined

ZUVA = "Zuva'Sai"

# As typed after ``campaign-ledger`` (and split as a shell would).
ADD_ZUVA = shlex.split(
    'hero add "Zuva\'Sai" --might 2 --agility 3 --will 4 --taunt 3 --wounded-chips 4'
)
ADD_TORRAX = shlex.split("hero add Torrax --agility 2 --will 2 --taunt 6 --wounded-chips 5")
PARTY = [["campaign", "new", "Test"], ADD_ZUVA, ADD_TORRAX]


def make_party(
    path: Path, *heroes: str, snapshot_interval: int = 100, campaign: str = "Test"
) -> None:
    """A campaign "Test" with Zuva'Sai (8 chips) and Torrax (10), plus any ``heroes`` (10)."""
    with Ledger.open(path, snapshot_interval=snapshot_interval) as ledger:
        party = ledger.create_campaign(campaign)
        stats = {"might": 2, "agility": 2, "will": 2, "taunt": 3}
        party.record([HeroJoined(hero=ZUVA, chips=8, wounded_chips=4, **stats)])
        for name in ("Torrax", *heroes):
            party.record([HeroJoined(hero=name, chips=10, wounded_chips=5, **stats)])
