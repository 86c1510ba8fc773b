"""The Check page's odds for reactive and group checks over HTTP: the kind of check chosen asks
the base game's query of that kind (the same the CLI's `odds --damage`, `--reactive` and
`--group` ask), so the page's figures are the CLI's; a refusal is shown in words and nothing
is recorded."""

import html
import json
import re
from pathlib import Path
from typing import Any

import pluggy
import pytest

from tests.helpers.cli import Invoke
from tests.helpers.files import event_count
from tests.helpers.web import client


def cli_odds(run: Invoke, *args: str) -> dict[str, Any]:
    return dict(json.loads(run("odds", *args, "--json").output))


def odds_section(page: str) -> str:
    found = re.search(r'<section class="odds" id="odds" data-kind="(\w+)".*?</section>', page, re.S)
    assert found, page
    return html.unescape(re.sub(r"<[^>]+>", " ", found.group(0)))


def percent(probability: float) -> str:
    return f"{probability * 100:.1f} %"


def ask(db_path: Path, pm: pluggy.PluginManager, **query: str) -> str:
    with client(db_path, pm) as web:
        page = web.get("/check", params=query)
    assert page.status_code == 200
    return page.text


def test_a_reaction_to_damage_shows_each_outcome_and_the_damage_expected(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    party("step", "scenario", "4")
    cli = cli_odds(party, "Torrax", "might", "--damage", "3")
    page = ask(db_path, pm, kind="reaction", hero="Torrax", ability="might", amount="3")
    shown = " ".join(odds_section(page).split())
    assert f"{percent(cli['taken'][0])} chance of taking no damage of 3" in shown
    assert "Torrax rolls 3 Reaction dice (might); each success prevents 1" in shown
    assert f"About {cli['expected_taken']:.2f} damage taken on average, after the reduction" in (
        shown
    )
    rows = re.findall(r"<tr><td>(\d+)</td><td>([\d.]+ %)</td></tr>", page)
    assert rows == [(str(k), percent(p)) for k, p in enumerate(cli["taken"])]
    assert len(rows) == 4  # none, 1, 2 or all 3 taken
    assert 'data-kind="reaction"' in page
    assert '<option value="reaction" selected>' in page  # the form keeps the kind asked
    first = re.search(r'<details class="roll" data-action="(\w+)" open>', page)
    assert first
    assert first.group(1) == "react"  # then the reaction's roll, open


def test_a_reaction_to_stamina_loss_with_a_gem(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    party("gem", "gain", "Zuva'Sai", "achievement", "1")
    cli = cli_odds(party, "Zuva'Sai", "will", "--stamina-loss", "2", "--gem", "achievement")
    page = ask(
        db_path, pm, kind="reaction", hero="Zuva'Sai", ability="will", amount="2",
        against="stamina_loss", achievement="true",
    )  # fmt: skip
    shown = " ".join(odds_section(page).split())
    assert f"{percent(cli['taken'][0])} chance of taking no stamina loss of 2" in shown
    assert "(+1 Achievement gem)" in shown
    assert f"About {cli['expected_taken']:.2f} stamina loss taken" in shown


def test_a_reaction_to_an_effect_shows_the_chance_of_avoiding_it(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    cli = cli_odds(party, "Torrax", "agility", "2", "--reactive")
    page = ask(db_path, pm, kind="effect", hero="Torrax", ability="agility", target="2")
    shown = " ".join(odds_section(page).split())
    assert f"{percent(cli['probability'])} chance of avoiding the effect (2 or more" in shown
    assert f"About {cli['expected_successes']:.2f} successes on average" in shown
    assert "Torrax rolls 2 Reaction dice (agility)" in shown
    assert re.search(r'<details class="roll" data-action="react_to_effect" open>', page)


def test_a_group_check_shows_who_rolls_and_the_chance_of_reaching_the_threshold(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    party("gem", "gain", "Torrax", "achievement", "1")
    cli = cli_odds(party, "--group", "agility", "8/13/17", "--gem-hero", "Torrax")
    page = ask(
        db_path, pm, kind="group", ability="agility", target="8/13/17", gem_heroes="Torrax",
        hero="Torrax", achievement="true",  # the single check's fields: not the group's
    )  # fmt: skip
    shown = " ".join(odds_section(page).split())
    read = f"(8/13/17 read for {cli['count']} Heroes)"
    assert f"{percent(cli['probability'])} chance the group reaches {cli['target']} {read}" in (
        shown
    )
    for roller in cli["heroes"]:
        gem = ", +1 Achievement gem" if roller["achievement"] else ""
        assert f"{roller['hero']} rolls {roller['dice']} Action dice{gem}" in shown
    assert f"About {cli['expected_total']:.1f} in total on average" in shown
    order = ask(db_path, pm, kind="group", ability="agility", target="4", order="Zuva'Sai")
    assert "Torrax rolls" not in odds_section(order)
    assert "chance the group reaches 4 " in odds_section(order)


@pytest.mark.parametrize(
    ("query", "says"),
    [
        (
            {"kind": "reaction", "hero": "Torrax", "ability": "might", "amount": "2",
             "modifiers": "+1:hero=Torrax"},
            "a reactive check has no modifiers or discards",
        ),
        (
            {"kind": "reaction", "hero": "Torrax", "ability": "might", "amount": "0"},
            "give either damage N or stamina loss N, a positive number",
        ),
        (
            {"kind": "group", "ability": "agility", "target": "8", "order": "Torrax,Torrax"},
            "Torrax named twice: each Hero rolls once",
        ),
        (
            {"kind": "group", "ability": "agility", "target": "8", "gem_heroes": "Nobody"},
            "Nobody",
        ),
        (
            {"kind": "effect", "hero": "Torrax", "ability": "luck", "target": "2"},
            "the abilities are might, agility and will",
        ),
    ],
)  # fmt: skip
def test_a_refused_query_is_shown_in_words_and_records_nothing(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager, query: dict[str, str], says: str
) -> None:
    before = event_count(db_path)
    page = ask(db_path, pm, **query)
    refusal = re.search(r'<p class="refusal" role="alert">(.*?)</p>', page, re.S)
    assert refusal, page
    assert says in html.unescape(refusal.group(1))
    assert 'id="odds"' not in page
    assert event_count(db_path) == before


def test_group_odds_in_a_scenario_are_refused_as_the_cli_refuses_them(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager, invoke: Invoke
) -> None:
    party("step", "scenario", "4")
    said = invoke("odds", "--group", "agility", "8").output
    page = ask(db_path, pm, kind="group", ability="agility", target="8")
    assert "group checks are made outside scenarios" in said
    assert "group checks are made outside scenarios" in html.unescape(page)


def test_an_unknown_kind_is_an_active_check(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    page = ask(db_path, pm, kind="bogus", hero="Torrax", ability="might", target="2")
    assert "chance of 2 or more" in odds_section(page)
    assert '<option value="check" selected>' in page


def test_an_ally_is_offered_on_the_check_page_and_its_odds_are_the_clis(
    party: Invoke, db_path: Path, pm: pluggy.PluginManager
) -> None:
    party("ally", "add", "Grimble", "--might", "2", "--agility", "1", "--will", "1", "--taunt", "5")
    cli = cli_odds(party, "Grimble", "might", "2")
    page = ask(db_path, pm, kind="check", hero="Grimble", ability="might", target="2")
    assert re.search(r'<optgroup label="Allies"><option selected>Grimble</option>', page)
    shown = " ".join(odds_section(page).split())
    assert f"{percent(cli['probability'])} chance of 2 or more" in shown
    roll = page[page.index('data-action="make_check"') :]
    assert "<option selected>Grimble</option>" in roll[: roll.index("</select>")]
