"""The timeline's points (ledger.campaign.timeline, what the web's timeline page lists) are
REFs the core resolves, each to its own point: a second play of a scenario, a step start
undone and recorded again, an undo and a redo of a step start, sessions."""

from pathlib import Path

from ledger.campaign import Ledger, resolve, timeline
from tests.helpers.campaigns import play_two_cycles


def test_every_point_of_the_timeline_is_a_ref_that_resolves_to_it(tmp_path: Path) -> None:
    with Ledger.open(tmp_path / "ledger.db") as ledger:
        campaign = ledger.create_campaign("Steps")
        play_two_cycles(campaign)
        points = timeline(campaign)
        assert [p.ref for p in points] == [
            "4",
            "city-1",
            "journey-1",
            "scenario-4",
            "53",
            "city-2",
            "journey-2",
            "scenario-4.2",
            "city-3",
            "journey-3",
        ]
        assert [p.label for p in points if p.kind == "session"] == ["session 1", "session 2"]
        assert points[7].label == "scenario 4, play 2"
        for point in points:
            assert resolve(campaign, point.ref) == point.seq, point
