"""The evening's summary: a known evening's numbers, checked by hand from its events; an
empty session; an unknown session; and the summary read from the session's rows alone."""

from pathlib import Path
from typing import Any

import pluggy
import pytest

from ledger import NotFound
from ledger.campaign import end_session, start_session
from ledger.hosting import Registry
from ledger.service import Service
from ledger_base_game import actions
from ledger_base_game.actions.luck import die_mean
from tests.helpers.actions import TORRAX, VENIA

ACTION = {"0": 0, "1": 1, "2": 2, "1+": 1, "S": 2}


def _evening(service: Service) -> None:
    """Session 1 of Torrax and Venia, with a Star gain before it and an undone one in it."""
    service.start_campaign("Moonsilver")
    service.do(actions.add_hero, name="Torrax", **TORRAX)
    service.do(actions.add_hero, name="Venia", **VENIA)
    service.do(actions.gain_stars, hero="Torrax", amount=9)  # before the session
    service.do(start_session)
    service.do(actions.damage, hero="Torrax", amount=3)
    service.do(actions.heal, hero="Torrax", amount=1)
    service.do(actions.spend_stamina, hero="Venia", amount=2)
    service.do(actions.lose_stamina, hero="Venia", amount=1)
    service.do(actions.make_check, hero="Torrax", ability="might", target=3, roll=("2", "S", "1"))
    service.do(actions.make_check, hero="Venia", ability="will", target=5, roll=("1",) * 4)
    service.do(actions.gain_stars, hero="Torrax", amount=4)
    service.do(actions.spend_stars, hero="Torrax", amount=2)
    service.do(actions.gain_item, hero="Venia", item="Rope")
    service.do(actions.gain_condition, hero="Torrax", condition="Blessed")
    service.do(actions.gain_stars, hero="Venia", amount=5)
    service.undo()  # a correction: neither the gain nor its undo counts
    service.do(actions.add_ally, name="Pip", might=1, agility=1, will=1, taunt=1, health=4)
    service.do(actions.damage_ally, ally="Pip", amount=2)
    service.do(end_session)


@pytest.fixture
def table(db_path: Path, pm: pluggy.PluginManager) -> Any:
    with Service(db_path, Registry(pm)) as service:
        _evening(service)
        yield service


def test_a_known_evening_adds_up_as_its_events_say(table: Service) -> None:
    summary = table.summary(1)
    assert (summary["session"], summary["ended"], summary["events"]) == (1, True, 16)
    torrax, venia = summary["heroes"]
    assert torrax["counts"] == {
        "damage taken": 3,
        "damage healed": 1,
        "stamina spent": 0,
        "stamina lost": 0,
        "checks rolled": 1,
        "checks succeeded": 1,  # 2 + S(2) + 1 = 5 against 3
    }
    assert (torrax["stars_gained"], torrax["stars_lost"]) == (4, 2)  # not the 9 before
    assert torrax["conditions_gained"] == ["Blessed"]
    assert venia["counts"]["stamina spent"] == 2
    assert venia["counts"]["stamina lost"] == 1
    assert venia["counts"]["checks succeeded"] == 0  # 4 against 5
    assert venia["items_gained"] == ["Rope"]
    assert venia["stars_gained"] == 0  # the undone gain
    [pip] = summary["allies"]
    assert pip["name"] == "Pip"
    assert pip["counts"]["damage taken"] == 2
    assert "stamina spent" not in pip["counts"]
    # Luck: the dice shown against the exact mean of the same dice (the luck query's).
    mean = die_mean(table.registry.default_dice().action, ACTION)  # 1 1 2 2 1+ S: 1.8
    assert mean == pytest.approx(1.8)
    assert torrax["luck"]["rolls"] == 1
    assert torrax["luck"]["rolled"] == 5
    assert torrax["luck"]["expected"] == pytest.approx(3 * mean, abs=1e-4)
    assert venia["luck"]["rolled"] == 4
    assert venia["luck"]["expected"] == pytest.approx(4 * mean, abs=1e-4)
    assert venia["luck"]["above_expectation"] == pytest.approx(4 - 4 * mean, abs=1e-4)


def test_an_empty_session_counts_nothing(table: Service) -> None:
    table.do(start_session)
    summary = table.summary()  # the current one
    assert (summary["session"], summary["events"], summary["ended"]) == (2, 1, False)
    for hero in summary["heroes"]:
        assert set(hero["counts"].values()) == {0}
        assert hero["luck"]["rolls"] == 0
        assert hero["stars_gained"] == hero["stars_lost"] == 0
        assert hero["items_gained"] == hero["conditions_gained"] == []


def test_an_unknown_session_is_named(table: Service) -> None:
    with pytest.raises(NotFound, match="has 1 session\\(s\\); there is no session 7"):
        table.summary(7)
    with pytest.raises(NotFound, match="no session 0"):
        table.summary(0)


def test_no_session_yet_says_so(db_path: Path, pm: pluggy.PluginManager) -> None:
    with Service(db_path, Registry(pm)) as service:
        service.start_campaign("Fresh")
        with pytest.raises(NotFound, match="has no session yet"):
            service.summary()


def test_the_summary_reads_the_sessions_rows_alone(
    table: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign = table.campaign()
    store = type(campaign.store)
    read: list[tuple[int, int | None]] = []
    rows = store.rows

    def counted(self: Any, name: str, *, after: int = 0, upto: int | None = None) -> Any:
        read.append((after, upto))
        return rows(self, name, after=after, upto=upto)

    monkeypatch.setattr(store, "rows", counted)
    table.summary(1)
    assert read
    assert all(after >= 4 for after, _ in read)  # never from the campaign start
