"""The campaigns and their marks are remembered between commands (a batch asks on every
line) and never answered stale: another connection's campaign, this one's new campaign, a
rename or an archiving, and a write outside the store are all seen by the next question."""

from pathlib import Path

from ledger.campaign import Ledger
from ledger_base_game.events import DamageTaken, HeroJoined


def _names(ledger: Ledger) -> list[tuple[str, bool]]:
    return [(info.name, info.archived) for info in ledger.catalogue()]


def test_every_change_to_the_campaigns_is_seen_by_the_next_question(tmp_path: Path) -> None:
    path = tmp_path / "party.db"
    with Ledger.open(path, create=True) as ours, Ledger.open(path) as theirs:
        first = ours.create_campaign("Moonsilver")
        first.record(
            [HeroJoined(hero="Kell", might=2, agility=3, will=4, taunt=3, chips=8, wounded_chips=4)]
        )
        assert _names(ours) == [("Moonsilver", False)]
        first.record([DamageTaken(hero="Kell", amount=1)])  # no new campaign: still remembered
        assert _names(ours) == [("Moonsilver", False)]
        theirs.create_campaign("Ashfall")  # another connection
        assert _names(ours) == [("Ashfall", False), ("Moonsilver", False)]
        ours.create_campaign("Brine")  # this connection
        assert [name for name, _ in _names(ours)] == ["Ashfall", "Brine", "Moonsilver"]
        ours.rename_campaign("Brine", "Brinehold")
        assert [name for name, _ in _names(ours)] == ["Ashfall", "Brinehold", "Moonsilver"]
        theirs.archive_campaign("Ashfall")
        assert ("Ashfall", True) in _names(ours)
        ours.db.execute(
            "INSERT INTO campaign_marks (campaign, kind, value, recorded_at) "
            "VALUES ('Moonsilver', 'renamed', 'Moonfall', '2026-12-02T00:00:00+00:00')"
        )  # written past the store, on its own connection
        assert "Moonfall" in [name for name, _ in _names(ours)]


def test_an_answer_handed_out_cannot_change_the_remembered_one(tmp_path: Path) -> None:
    with Ledger.open(tmp_path / "party.db", create=True) as ledger:
        ledger.create_campaign("Moonsilver")
        ledger.catalogue().clear()
        ledger.store.campaigns().append("Forged")
        assert _names(ledger) == [("Moonsilver", False)]
        assert ledger.store.campaigns() == ["Moonsilver"]
