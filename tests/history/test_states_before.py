"""The states before many events at once (``Campaign.states_before``, which the odds before
every check read): each is the state ``state(at=seq - 1)`` gives, undone commands left out,
and they are folded forward once, not from a snapshot each."""

from pathlib import Path
from typing import Any

import pytest

from bench.workload import build
from ledger.campaign import Campaign, Projector
from ledger.errors import NotFound
from ledger.model import CampaignState
from ledger.service import Service


@pytest.fixture(scope="module")
def path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("states") / "c.db"
    build(path, 700)
    with Service(path) as service:  # undone and redone commands, snapshots before them stale
        campaign = service.campaign()
        for _ in range(3):
            campaign.undo()
        campaign.redo()
    return path


def state_before(campaign: Campaign, seq: int) -> CampaignState:
    return campaign.state(at=seq - 1) if seq > 1 else CampaignState()


@pytest.mark.parametrize(
    "pick",
    [
        pytest.param(lambda head: range(1, head + 2), id="every event"),
        pytest.param(lambda head: [1, 2, 2, 101, 350, 351, head - 2, head + 1], id="far apart"),
    ],
)
def test_each_is_the_state_at_the_event_before(path: Path, pick: Any) -> None:
    with Service(path) as service:
        campaign = service.campaign()
        seqs = list(pick(campaign.head().seq))
        found = list(campaign.states_before(seqs))
        assert [seq for seq, _ in found] == seqs
        for seq, state in found:
            assert state == state_before(campaign, seq), seq


def test_they_are_folded_forward_once(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    starts, folded = [], [0]
    start, rows = Projector.start, Projector.rows

    def counted_start(self: Projector, upto: int, *args: Any) -> Any:
        starts.append(upto)
        return start(self, upto, *args)

    def counted_rows(self: Projector, after: int, upto: int, **kwargs: Any) -> Any:
        for page in rows(self, after, upto, **kwargs):
            folded[0] += len(page)
            yield page

    with Service(path) as service:
        campaign = service.campaign()
        head = campaign.head().seq
        monkeypatch.setattr(Projector, "start", counted_start)
        monkeypatch.setattr(Projector, "rows", counted_rows)
        list(campaign.states_before(range(5, head + 1, 7)))  # closer than a snapshot apart
    assert starts == [4]  # one snapshot read, the first point's
    assert folded[0] <= head - 4  # each row once, from that snapshot on


def test_a_seq_outside_the_campaign_is_named(path: Path) -> None:
    with Service(path) as service:
        campaign = service.campaign()
        head = campaign.head().seq
        with pytest.raises(NotFound, match=f"no state before event {head + 2}"):
            list(campaign.states_before([3, head + 2]))
        with pytest.raises(NotFound, match="no state before event 0"):
            list(campaign.states_before([0]))


def test_the_seqs_must_ascend(path: Path) -> None:
    with Service(path) as service, pytest.raises(ValueError, match="must ascend"):
        list(service.campaign().states_before([9, 3]))
