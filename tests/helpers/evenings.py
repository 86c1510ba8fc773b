"""A campaign of many evenings (``evenings``): each a play session with one step, City,
Journey and Scenario (begun and ended) in turn, so its timeline is long and cheap to make."""

from pathlib import Path

from ledger.campaign import Ledger, end_session, start_session
from ledger_base_game.actions import (
    end_scenario,
    start_city_step,
    start_journey_step,
    start_scenario_step,
)
from tests.helpers.party import make_party


def evenings(path: Path, count: int) -> Path:
    """The party of ``make_party`` and ``count`` evenings after it: 2 * count points."""
    make_party(path)
    with Ledger.open(path) as ledger:
        campaign = ledger.campaign("Test")
        for n in range(count):
            campaign.do(start_session)
            if n % 3 == 0:
                campaign.do(start_city_step)
            elif n % 3 == 1:
                campaign.do(start_journey_step)
            else:
                campaign.do(start_scenario_step, scenario=1)
                campaign.do(end_scenario, outcome="S1")
            campaign.do(end_session)
    return path
