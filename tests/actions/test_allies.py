"""Non-Hero Allies through the Python API: what the actions decide, and the events' own rules
refusing a history the actions would never write (a blow to 0 health without the exhaustion,
a stamina face scored for an Ally, a Hero's name taken)."""

from pathlib import Path

import pytest

from ledger.campaign import Campaign
from ledger.errors import LedgerError, RuleViolation
from ledger_base_game import actions
from ledger_base_game.events import AllyCheckMade, AllyDamaged, AllyExhausted, AllyJoined
from tests.helpers.actions import refused

RED = ("1", "1", "2", "2", "1+", "S")  # the base game's assumed Action die


@pytest.fixture
def campaign(campaign: Campaign) -> Campaign:
    """Torrax and Venia, and Grimble, a Non-Hero Ally with 3 health."""
    campaign.do(actions.add_ally, name="Grimble", might=2, agility=1, will=1, taunt=5, health=3)
    return campaign


def test_the_blow_to_0_health_records_the_exhaustion(campaign: Campaign) -> None:
    recorded = campaign.do(actions.damage_ally, ally="grimble", amount=5)
    assert recorded.events == [AllyDamaged(ally="Grimble", amount=5), AllyExhausted(ally="Grimble")]
    grimble = campaign.state().ally("Grimble")
    assert (grimble.health, grimble.exhausted) == (0, True)
    assert "Grimble" not in campaign.state().heroes


def test_0_health_without_the_exhaustion_is_refused(campaign: Campaign, db_path: Path) -> None:
    with refused(db_path, LedgerError, "Grimble: ally exhausted"):
        campaign.record([AllyDamaged(ally="Grimble", amount=3)])
    with refused(db_path, RuleViolation, "Grimble has 3 health; a Non-Hero Ally is exhausted at 0"):
        campaign.record([AllyExhausted(ally="Grimble")])


def test_an_ally_check_that_scores_its_stamina_face_is_refused(
    campaign: Campaign, db_path: Path
) -> None:
    made = AllyCheckMade(
        ally="Grimble", ability="might", target=3, dice=2, die=RED, faces=("1", "S"), total=3,
        success=True,
    )  # fmt: skip
    with refused(db_path, RuleViolation, "the roll and modifiers total 1, not 3"):
        campaign.record([made])
    campaign.record([AllyCheckMade(**{**_fields(made), "total": 1, "success": False})])


def test_a_heros_name_is_refused_in_the_event_too(campaign: Campaign, db_path: Path) -> None:
    joined = AllyJoined(ally="VENIA", might=1, agility=1, will=1, taunt=1, health=2)
    with refused(db_path, RuleViolation, "Venia is already a Hero"):
        campaign.record([joined])


def _fields(event: AllyCheckMade) -> dict[str, object]:
    return {name: getattr(event, name) for name in event.__struct_fields__}
