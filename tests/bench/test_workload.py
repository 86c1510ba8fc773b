"""The bench's campaign is what the CLI records: each line of its cycle, run as a command,
stores exactly the events the bench's builder writes for it (discards to the Stock, gains
from it), so its big files are the files players make."""

import shlex
from pathlib import Path

import pytest

from bench.workload import CAMPAIGN, CYCLE, HEROES, build, commands
from ledger.campaign import Ledger
from tests.helpers.cli import Invoke


@pytest.fixture
def ledger_db_path(tmp_path: Path) -> Path:
    path = tmp_path / "bench.db"
    build(path, 0, heroes_only=True)
    return path


def test_each_line_records_the_events_the_bench_writes(
    invoke: Invoke, ledger_db_path: Path
) -> None:
    count = 2 * len(CYCLE)  # two Heroes' cycles: the Stock holds a copy for the second
    for hero, command in commands(count):
        result = invoke("--campaign", CAMPAIGN, *shlex.split(command.line(hero)))
        assert result.exit_code == 0, f"{command.line(hero)}:\n{result.output}"
    with Ledger.open(ledger_db_path) as ledger:
        campaign = ledger.campaign(CAMPAIGN)
        recorded = [campaign.projector.decode(row) for row in ledger.store.rows(CAMPAIGN)]
        expected = [e for hero, c in commands(count) for e in c.events(ledger.registry, hero)]
        set_up = len(recorded) - len(expected)  # the campaign's creation and the Heroes
        assert [type(e).__name__ for e in recorded[set_up - len(HEROES) : set_up]] == [
            "HeroJoined"
        ] * len(HEROES)
        assert recorded[set_up:] == expected
        assert len(campaign.state().stock) == 1  # the last discard; each other was gained back
