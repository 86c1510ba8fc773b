"""The application service: the one object every face calls. It chooses the campaign as the
CLI always did, answers the JSON the CLI's --json prints, checks an idempotency key before
deciding, and undoes what its caller saw."""

import json
from pathlib import Path
from typing import Any

import pluggy
import pytest

from ledger import BadInput, ConflictError, NotFound, RuleViolation
from ledger.hosting import Registry
from ledger.model import CampaignState, Event
from ledger.service import CAMPAIGN_ENV, Service
from ledger_base_game import actions
from ledger_base_game.events import StarsGained
from tests.helpers.actions import TORRAX, VENIA
from tests.helpers.cli import Invoke


@pytest.fixture
def table(db_path: Path, pm: pluggy.PluginManager) -> Any:
    """Torrax and Venia in "Moonsilver", through the service."""
    with Service(db_path, Registry(pm)) as service:
        service.start_campaign("Moonsilver")
        service.do(actions.add_hero, name="Torrax", **TORRAX)
        service.do(actions.add_hero, name="Venia", **VENIA)
        yield service


def test_the_campaign_is_chosen_as_the_cli_chooses_it(
    db_path: Path, registry: Registry, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Service(db_path, registry) as service:
        service.start_campaign("One")
    with Service(db_path, registry) as service:
        assert service.campaign().name == "One"  # the only one
        service.ledger().create_campaign("Two")
        with pytest.raises(BadInput, match="holds 2 campaigns"):  # none chosen: say which
            service.campaign()
        service.choose("Two")  # `campaign use Two`
        assert service.campaign().name == "Two"
        monkeypatch.setenv(CAMPAIGN_ENV, "One")
        assert service.campaign().name == "One"  # $LEDGER_CAMPAIGN before the choice
        service.campaign_name = "Two"
        assert service.campaign().name == "Two"  # the caller's name before both
    with Service(db_path, registry) as again:  # the choice is kept for the file
        monkeypatch.delenv(CAMPAIGN_ENV)
        assert again.campaign().name == "Two"


def test_the_only_campaign_is_worked_on_without_reading_the_choice(
    db_path: Path, registry: Registry, user_dirs: Path
) -> None:
    """One campaign shown: whatever was chosen, the answer is that one, so the user's config
    folder is not read (nor platformdirs imported); with two, a broken choice is named."""
    chosen = user_dirs / "config" / "campaign-ledger" / "campaigns.json"
    chosen.parent.mkdir(parents=True)
    chosen.write_text("not what `campaign use` writes", encoding="utf-8")
    with Service(db_path, registry) as service:
        service.start_campaign("One")
    with Service(db_path, registry) as service:
        assert service.campaign().name == "One"
    with Service(db_path, registry) as service:
        service.ledger().create_campaign("Two")
        with pytest.raises(BadInput, match=r"campaigns\.json is not what `campaign use` writes"):
            service.campaign()


def test_views_are_the_json_the_cli_prints(table: Service, invoke: Invoke) -> None:
    table.do(actions.damage, hero="Torrax", amount=3)
    table.close()  # the CLI opens the file itself
    for args, view in (
        (("party", "show", "--json"), table.party()),
        (("party", "show", "--json", "--at", "3"), table.party(at=3)),
        (("hero", "show", "Torrax", "--json"), table.hero("Torrax")),
        (("log", "--json"), table.log()),
    ):
        shown = invoke(*args)
        assert shown.exit_code == 0, shown.output
        assert json.loads(shown.output) == view, args


def test_what_a_recording_changed_is_the_cli_json(table: Service, invoke: Invoke) -> None:
    recorded = table.do(actions.gain_stars, hero="Venia", amount=2)
    answer = table.recorded(recorded)
    assert answer["events"] == [{"seq": 4, "type": "base:stars-gained", "hero": "Venia"}]
    assert [hero["name"] for hero in answer["heroes"]] == ["Venia"]
    table.close()
    shown = invoke("stars", "gain", "Venia", "1", "--json")
    assert json.loads(shown.output).keys() == answer.keys()


def test_a_key_already_used_is_answered_without_deciding_again(table: Service) -> None:
    decided: list[str] = []

    def gain(game: Any, hero: str) -> list[Event]:
        decided.append(hero)
        return [StarsGained(hero=hero, amount=1)]

    first = table.do(gain, hero="Venia", idempotency_key="tap-1")
    again = table.do(gain, hero="Venia", idempotency_key="tap-1")
    assert decided == ["Venia"]  # the resend was not decided (nor refused) again
    assert again.replayed
    assert again.rows == first.rows
    assert table.hero("Venia")["stars"] == 1


def test_an_expected_head_that_moved_names_what_was_recorded_since(table: Service) -> None:
    seen, _ = table.state()
    table.do(actions.gain_stars, hero="Venia", amount=2)
    with pytest.raises(ConflictError, match=r"since #3: #4 Venia gains 2 Stars"):
        table.do(actions.damage, hero="Torrax", amount=1, expected_seq=seen)
    assert table.state()[0] == 4  # nothing written


def test_undo_of_the_last_command_takes_the_head_its_caller_saw(table: Service) -> None:
    table.do(actions.damage, hero="Torrax", amount=2)
    seen, _ = table.state()
    table.do(actions.gain_stars, hero="Venia", amount=2)  # another player, meanwhile
    with pytest.raises(ConflictError, match=r"since #4: #5 Venia gains 2 Stars"):
        table.undo(seen=seen)
    assert table.hero("Venia")["stars"] == 2  # nothing undone
    undone = table.undo(seen=table.state()[0])
    assert undone.events[0].describe() == "Undo of #5"


def test_an_undo_of_a_named_command_reverts_it_once(table: Service) -> None:
    damage = table.do(actions.damage, hero="Torrax", amount=2)
    table.do(actions.gain_stars, hero="Venia", amount=2)
    command = damage.rows[0].command
    table.undo(commands=[command])  # not the last: still the one named
    state: CampaignState = table.state()[1]
    assert state.hero("Torrax").stamina.wound == 0
    assert state.hero("Venia").stars == 2
    with pytest.raises(RuleViolation, match=rf"#{command} is not a command in effect"):
        table.undo(commands=[command])  # a second tap of the same Undo
    redone = table.redo(commands=[command])
    assert redone.after.hero("Torrax").stamina.wound == 2


def test_reads_at_any_point_name_the_point(table: Service) -> None:
    table.do(actions.start_city_step)
    table.do(actions.gain_stars, hero="Venia", amount=3)
    seq, state = table.state("city-1")
    assert (seq, state.hero("Venia").stars) == (4, 0)
    assert table.hero("Venia", at="city-1:end")["stars"] == 3
    with pytest.raises(NotFound):
        table.state(99)
