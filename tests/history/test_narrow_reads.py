"""The log's reads, the landing line after a tap, the log page and the timeline are as narrow
as their answers: the work SQLite does for them (its virtual machine's steps, counted with a
progress handler: the same on every run, unlike a clock) is about the same on a campaign ten
times as long, and nothing folds the campaign. Timings are the bench's (bench/pages.py)."""

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bench.workload import build
from ledger.campaign import LogQuery, Projector, command_log, timeline
from ledger.service import Service
from ledger_web import reading
from ledger_web.pages import charts, views

SMALL, LARGE = 400, 4_000
STEP = 10  # the progress handler is called every STEP virtual-machine steps


@pytest.fixture(scope="module")
def campaigns(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Path]:
    folder = tmp_path_factory.mktemp("narrow")
    found = {}
    for size in (SMALL, LARGE):
        path = folder / f"c{size}.db"
        build(path, size)
        with Service(path) as service:  # a few undone commands, as a table makes them
            campaign = service.campaign()
            for _ in range(2):
                campaign.undo()
        found[size] = path
    return found


def steps(path: Path, work: Callable[[Service], Any]) -> int:
    """The virtual-machine steps (in STEP) SQLite takes for ``work`` on a warm service."""
    with Service(path) as service:
        work(service)  # opened, the head state and the undo history read once
        counted = [0]

        def count() -> int:
            counted[0] += 1
            return 0

        conn = service.ledger().db.conn
        conn.set_progress_handler(count, STEP)
        try:
            work(service)
        finally:
            conn.set_progress_handler(None, STEP)
        return counted[0]


READS: dict[str, Callable[[Service], Any]] = {
    "log -n 20": lambda s: s.entries(LogQuery(tail=20)),
    "log --hero Torrax -n 5": lambda s: s.entries(LogQuery(hero="Torrax", tail=5)),
    "log --type damage-taken -n 5": lambda s: s.entries(LogQuery(types=("damage-taken",), tail=5)),
    "log --type undone": lambda s: s.entries(LogQuery(types=("undone",))),
    "log --undone": lambda s: s.entries(LogQuery(undone=True)),
    "log --since 300 --until 310": lambda s: s.entries(LogQuery(since="300", until="310")),
    "log -n 100 --before 350": lambda s: s.entries(LogQuery(tail=100, before=350)),
    "a command's events": lambda s: command_log(s.campaign(), 301),
    "the landing line": lambda s: views.recorded(s, 301),
    "the log page": lambda s: views.log(s, {}),
    "the log page, by Hero": lambda s: views.log(s, {"hero": "Venia"}),
    "the log API": lambda s: reading.log(s, LogQuery(types=("damage-taken",)), limit=20),
    "the timeline": lambda s: timeline(s.campaign()),
    "the timeline page": lambda s: views.timeline(s),
    "the undo history (read after every tap)": lambda s: s.campaign().history(),
}


@pytest.mark.parametrize("name", list(READS))
def test_each_read_costs_the_same_on_a_campaign_ten_times_as_long(
    name: str, campaigns: dict[int, Path]
) -> None:
    small = steps(campaigns[SMALL], READS[name])
    large = steps(campaigns[LARGE], READS[name])
    # A read of the whole campaign takes ten times the steps; an index seek a few more.
    assert large <= 1.5 * small + 50, (name, small, large)


@pytest.fixture
def no_fold(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every fold of the campaign (a state read) is recorded: its seq."""
    folded: list[int] = []
    state_at = Projector.state_at

    def spy(self: Projector, at: int, *args: Any, **kwargs: Any) -> Any:
        folded.append(at)
        return state_at(self, at, *args, **kwargs)

    monkeypatch.setattr(Projector, "state_at", spy)
    return folded


def test_the_reads_fold_nothing_but_the_state_now(
    campaigns: dict[int, Path], no_fold: list[int]
) -> None:
    with Service(campaigns[LARGE]) as service:
        head = service.campaign().head().seq
        for read in READS.values():
            read(service)
    assert set(no_fold) <= {head}  # the head state, for a Hero's name: a point read


def test_the_plots_after_a_tap_read_one_or_two_states(
    campaigns: dict[int, Path], no_fold: list[int], tmp_path: Path
) -> None:
    path = tmp_path / "plots.db"
    path.write_bytes(campaigns[LARGE].read_bytes())
    with Service(path) as service:
        first = [plot.rows() for plot in charts.all_plots(service)]
        cold = len(no_fold)
        assert cold > 100  # the plots over time: about SAMPLES states, read once
        service.do(service.registry.actions.get("gain_stars"), hero="Torrax", amount=1)
        again = [plot.rows() for plot in charts.all_plots(service)]
    assert len(no_fold) - cold <= 4 + len(again[-1]) - len(first[-1])
    assert again != first


def test_the_log_page_reads_a_page_and_points_to_the_next(campaigns: dict[int, Path]) -> None:
    with Service(campaigns[SMALL]) as service:
        page = views.log(service, {})
        seqs = [entry["seq"] for entry in page["entries"]]
        assert len(seqs) == views.LOG_PAGE
        assert seqs == sorted(seqs, reverse=True)
        assert page["next_before"] == seqs[-1]
        older = views.log(service, {}, str(page["next_before"]))
        assert older["entries"][0]["seq"] == seqs[-1] - 1
        whole = service.entries(LogQuery())
        assert [e["seq"] for e in older["entries"]] == [
            e.row.seq for e in whole[-2 * views.LOG_PAGE : -views.LOG_PAGE]
        ][::-1]
        last = views.log(service, {}, "5")
        assert [e["seq"] for e in last["entries"]] == [4, 3, 2, 1]
        assert last["next_before"] is None


def test_a_kept_timeline_continued_is_the_timeline_read_again(tmp_path: Path) -> None:
    """After commands (a step, a session, a scenario played again) and after an undo, the
    timeline continued from the one kept equals the one read from scratch."""
    from ledger.campaign import end_session, start_session, timeline_since
    from tests.helpers.old_campaigns import copy_of

    path = copy_of("before_narrow_reads.db", tmp_path)
    with Service(path) as service:
        actions = service.registry.actions
        kept = timeline_since(service.campaign(), None)
        for action, intent in (
            (end_session, {}),
            (start_session, {}),
            (actions.get("damage"), {"hero": "Torrax", "amount": 1}),
            (actions.get("end_scenario"), {"outcome": "S1"}),
            (actions.get("start_city_step"), {}),
            (actions.get("start_journey_step"), {}),
            (actions.get("start_scenario_step"), {"scenario": 1}),
        ):
            service.do(action, **intent)
            continued = timeline_since(service.campaign(), kept)
            assert continued.points == timeline(service.campaign())
            assert continued.points[: len(kept.points)] == kept.points
            kept = continued
        assert kept.points[-1].ref == "scenario-1.3"
        service.undo(2)  # the scenario and the journey: the kept points are read again
        continued = timeline_since(service.campaign(), kept)
        assert continued.points == timeline(service.campaign())
        assert continued.points[-1].ref == "city-3"
