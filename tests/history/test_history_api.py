"""The history API every face calls (ledger.campaign): redo of any undone command, the
commands an undo would revert, log filters, ranges of events and the diff of two states."""

from pathlib import Path

import msgspec
import pytest

from ledger.campaign import (
    Campaign,
    Ledger,
    LogQuery,
    diff_states,
    range_moments,
    span,
    step_moments,
    step_span,
)
from ledger.errors import BadInput, NotFound, RuleViolation
from ledger.verification import verify
from ledger_base_game.actions import (
    damage,
    gain_item,
    give_item,
    spend_stamina,
    start_city_step,
    start_journey_step,
)
from tests.helpers.party import ZUVA, make_party


@pytest.fixture
def campaign(tmp_path: Path) -> Campaign:
    path = tmp_path / "ledger.db"
    make_party(path)
    ledger = Ledger.open(path)
    return ledger.campaign("Test")


def unspent(campaign: Campaign, hero: str) -> int:
    return campaign.state().heroes[hero].stamina.unspent


def test_an_undone_command_comes_back_after_later_commands(campaign: Campaign) -> None:
    first = campaign.do(damage, hero="Torrax", amount=2).rows[0].seq
    second = campaign.do(damage, hero="Torrax", amount=3).rows[0].seq
    undo = campaign.undo(2).rows[0].seq
    campaign.do(damage, hero=ZUVA, amount=1)
    with pytest.raises(RuleViolation, match="`log --undone` lists them"):
        campaign.redo()
    assert [e.row.seq for e in campaign.log(LogQuery(undone=True))] == [first, second]
    assert {e.undone_by for e in campaign.log(LogQuery(undone=True))} == {undo}
    campaign.redo(commands=[second])
    assert unspent(campaign, "Torrax") == 7
    campaign.redo(commands=[undo])  # the undo's set: what it reverted and is still undone
    assert unspent(campaign, "Torrax") == 5
    assert campaign.log(LogQuery(undone=True)) == []
    assert verify(campaign.ledger) == []


def test_redo_of_what_is_not_undone_is_refused_with_the_reason(campaign: Campaign) -> None:
    done = campaign.do(damage, hero="Torrax", amount=2).rows[0].seq
    undo = campaign.undo().rows[0].seq
    redo = campaign.redo().rows[0].seq
    with pytest.raises(RuleViolation, match=f"#{done} is not an undone command"):
        campaign.redo(commands=[done])
    with pytest.raises(RuleViolation, match=f"the undo #{undo} has nothing left undone"):
        campaign.redo(commands=[undo])
    with pytest.raises(RuleViolation, match=f"#{redo} is a redo"):
        campaign.redo(commands=[redo])
    with pytest.raises(RuleViolation, match=f"`redo --command {undo}`"):
        campaign.undo(commands=[undo])


def test_a_redo_the_campaign_no_longer_admits_is_refused(campaign: Campaign) -> None:
    spent = campaign.do(spend_stamina, hero="Torrax", amount=8).rows[0].seq
    campaign.undo()
    campaign.do(spend_stamina, hero="Torrax", amount=10)  # with the 8 back, only 2 to spend
    head = campaign.head().seq
    with pytest.raises(RuleViolation, match="redo refused: a later event would no longer stand"):
        campaign.redo(commands=[spent])
    assert campaign.head().seq == head


def test_undo_preview_names_what_undo_would_revert_and_writes_nothing(
    campaign: Campaign,
) -> None:
    seqs = [campaign.do(damage, hero="Torrax", amount=1).rows[0].seq for _ in range(3)]
    head = campaign.head().seq
    assert [e.row.command for e in campaign.undo_preview(2)] == seqs[1:]
    (entry,) = campaign.undo_preview(commands=[seqs[0]])
    assert (entry.row.seq, entry.description) == (seqs[0], "Torrax takes 1 damage")
    with pytest.raises(RuleViolation, match="can be undone"):
        campaign.undo_preview(10)
    assert campaign.head().seq == head


def test_redo_preview_names_what_redo_would_bring_back_and_writes_nothing(
    campaign: Campaign,
) -> None:
    seqs = [campaign.do(damage, hero="Torrax", amount=n).rows[0].seq for n in (1, 2)]
    with pytest.raises(RuleViolation, match="0 can be redone"):
        campaign.redo_preview()
    campaign.undo(2)
    head = campaign.head().seq
    (entry,) = campaign.redo_preview()  # the last one undone comes back first, as redo does
    assert (entry.row.seq, entry.description) == (seqs[0], "Torrax takes 1 damage")
    assert [e.row.command for e in campaign.redo_preview(2)] == seqs
    assert [e.row.command for e in campaign.redo_preview(commands=[seqs[1]])] == [seqs[1]]
    assert campaign.head().seq == head
    campaign.redo()
    assert campaign.state().hero("Torrax").stamina == campaign.state(seqs[0]).hero("Torrax").stamina
    (entry,) = campaign.redo_preview()
    assert entry.row.seq == seqs[1]
    campaign.do(damage, hero="Torrax", amount=1)  # a command after the undo: nothing to redo
    with pytest.raises(RuleViolation, match="redo --command"):
        campaign.redo_preview()


def test_log_filters(campaign: Campaign) -> None:
    campaign.do(start_city_step)
    city = campaign.head().seq
    campaign.do(damage, hero="Torrax", amount=2)
    campaign.do(gain_item, hero=ZUVA, item="Rope")
    campaign.do(give_item, giver=ZUVA, item="Rope", receiver="Torrax")
    campaign.do(start_journey_step)
    seqs = lambda **query: [e.row.seq for e in campaign.log(LogQuery(**query))]  # noqa: E731
    assert seqs(hero="torrax") == [3, city + 1, city + 3]  # joined, damage, the Rope given
    assert seqs(types=("damage-taken",)) == [city + 1]
    assert seqs(types=("base:item-gained", "damage-taken")) == [city + 1, city + 2]
    assert seqs(step="city-1") == list(range(city, city + 4))
    assert seqs(since="city-1", until=str(city + 2)) == [city + 1, city + 2]
    assert seqs(tail=2) == [city + 3, city + 4]
    assert seqs(hero=ZUVA, tail=1) == [city + 3]
    with pytest.raises(BadInput, match="did you mean damage-taken"):
        campaign.log(LogQuery(types=("damage-tken",)))
    with pytest.raises(NotFound, match="no Hero named 'Nobody'"):
        campaign.log(LogQuery(hero="Nobody"))
    with pytest.raises(BadInput, match="is a point, not a step"):
        campaign.log(LogQuery(step="city-1:end"))
    with pytest.raises(BadInput, match="tail must be 1 or more"):
        campaign.log(LogQuery(tail=0))
    with pytest.raises(BadInput, match="no event lies between them"):
        span(campaign, "5", "5")


def test_ranges_of_moments(campaign: Campaign) -> None:
    campaign.do(start_city_step)
    campaign.do(damage, hero="Torrax", amount=2)
    first, last = step_span(campaign, "city-1")
    told = list(step_moments(campaign, "city-1"))
    assert [m.row.seq for m in told] == list(range(first, last + 1))
    (moment,) = range_moments(campaign, str(last - 1), str(last))
    assert moment.before.heroes["Torrax"].stamina.unspent == 10
    assert moment.after.heroes["Torrax"].stamina.unspent == 8


def test_diff_of_two_states(campaign: Campaign) -> None:
    before = campaign.state()
    campaign.do(start_city_step)
    campaign.do(damage, hero="Torrax", amount=2)
    campaign.do(gain_item, hero=ZUVA, item="Rope")
    diff = diff_states(before, campaign.state())
    assert [h.name for h in diff.heroes] == [ZUVA, "Torrax"]
    (items,) = diff.heroes[0].changes
    assert (items.field, items.added, items.removed) == ("items", ("Rope",), ())
    assert "Torrax: stamina 10 unspent, 0 spent, 0 wound → 8 unspent, 0 spent, 2 wound" in (
        diff.lines()
    )
    assert "party: step before the first step → City step 1" in diff.lines()
    assert msgspec.json.decode(msgspec.json.encode(diff))["heroes"][1]["name"] == "Torrax"
    assert diff_states(before, before).empty
    assert diff_states(before, before).lines() == ["no change"]
    reverse = diff_states(campaign.state(), before)
    assert reverse.heroes[0].changes[0].removed == ("Rope",)
