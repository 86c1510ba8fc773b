"""The party the action tests play with, opened as a Python user opens a campaign."""

from collections.abc import Iterator
from pathlib import Path

import pluggy
import pytest

from ledger import Campaign, Ledger
from ledger.hosting import Registry
from ledger_base_game import actions
from tests.helpers.actions import TORRAX, VENIA


@pytest.fixture
def campaign(db_path: Path, pm: pluggy.PluginManager) -> Iterator[Campaign]:
    """Torrax and Venia in the campaign "Moonsilver" at ``db_path``, made and opened the way
    a Python user does (``MOONSILVER`` types the same at the CLI)."""
    with Ledger.open(db_path, Registry(pm)) as opened:
        created = opened.create_campaign("Moonsilver")
        created.do(actions.add_hero, name="Torrax", **TORRAX)
        created.do(actions.add_hero, name="Venia", **VENIA)
        yield created
