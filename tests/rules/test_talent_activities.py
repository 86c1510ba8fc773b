"""Talents that act (§9.3, §10.17): a Talent activity needs its Talent; its cost, its
once-per-City-step limit and its payout are the data's (Pickpocket, Pet Circus, Haggle,
Refined Bonesmoke); a passive Talent (Burglary's keywords) is no activity; a Talent the data
does not describe is recorded as given, and the output says so."""

import re
from pathlib import Path

import pytest

from tests.helpers.cli import Invoke, hero, refuse, resolved_city
from tests.helpers.console import script
from tests.helpers.terminal import on_terminal


@pytest.fixture
def talented(party: Invoke) -> Invoke:
    """Level 2, the City Event resolved; Zuva'Sai is Streetwise with Pickpocket, Haggle and
    Burglary; Torrax is a Toxicologist (Refined Bonesmoke)."""
    party("xp", "gain", "2")
    resolved_city(party)
    party("stars", "gain", "Zuva'Sai", "20")
    party("stars", "gain", "Torrax", "20")
    party("profession", "learn", "Zuva'Sai", "Streetwise", "--points", "0")
    for name in ("Pickpocket", "Haggle", "Burglary"):
        party("talent", "learn", "Zuva'Sai", name, "--points", "0")
    party("profession", "learn", "Torrax", "Toxicology", "--points", "0")
    return party


def stars(run: Invoke, name: str) -> int:
    return int(hero(run, name)["stars"])


@pytest.mark.parametrize(
    ("faces", "paid"),
    [("2 1+ 1", 4), ("S 2", 4), ("S 1+ 2", 0)],  # §10.17: below 5 pays, 5 or more pays 0
)
def test_pickpocket_pays_what_its_roll_says(talented: Invoke, faces: str, paid: int) -> None:
    before = stars(talented, "Zuva'Sai")
    told = talented("city", "activity", "Zuva'Sai", "Pickpocket", "--roll", faces)
    assert f"+{paid} Stars" in told.output
    assert stars(talented, "Zuva'Sai") == before + paid
    assert hero(talented, "Zuva'Sai")["city_points"] == 1  # 1 CAP


def test_a_talent_activity_needs_its_talent(
    talented: Invoke, invoke: Invoke, db_path: Path
) -> None:
    said = refuse(
        invoke, db_path, "city", "activity", "Torrax", "Pickpocket", "--roll", "1 1",
        says="Torrax has not learned the Talent 'Pickpocket'",
    )  # fmt: skip
    assert "Refined Bonesmoke" in said  # the Talents he has


def test_a_known_payout_cannot_be_given(talented: Invoke, invoke: Invoke, db_path: Path) -> None:
    refuse(
        invoke, db_path, "city", "activity", "Zuva'Sai", "Pickpocket", "--gain-stars", "40",
        says="costs and payout are known; --gain-stars cannot be given",
    )  # fmt: skip
    refuse(
        invoke, db_path, "city", "activity", "Zuva'Sai", "Pickpocket", "--roll", "1 1 1",
        says="2 Action (red) dice",
    )  # fmt: skip


def test_burglary_is_keywords_not_an_activity(
    talented: Invoke, invoke: Invoke, db_path: Path
) -> None:
    said = refuse(
        invoke, db_path, "city", "activity", "Zuva'Sai", "Burglary", "--gain-stars", "40",
        says="Burglary works on its own",
    )  # fmt: skip
    assert "Lock picking, Disarm traps" in said
    made = talented("check", "Zuva'Sai", "agility", "3", "--roll", "1 1 1",
                    "--modifier", "+2:phrase=Lock picking")  # fmt: skip
    assert "total 5" in made.output  # the keyword still counts on checks


def test_haggle_once_per_city_step(talented: Invoke, invoke: Invoke, db_path: Path) -> None:
    told = talented("city", "activity", "Zuva'Sai", "Haggle")
    assert "not applied by the ledger: -1 Star per item bought from one service" in told.output
    refuse(invoke, db_path, "city", "activity", "Zuva'Sai", "Haggle", says="once per City step")
    talented("city", "sleep", "Zuva'Sai", "The Pit")
    talented("step", "journey")
    talented("step", "scenario", "7")
    talented("scenario", "end", "--outcome", "S1", "--no-xp")
    resolved_city(talented)
    talented("city", "activity", "Zuva'Sai", "Haggle")  # a new City step


def test_refined_bonesmoke_one_stamina_for_a_gem(
    talented: Invoke, invoke: Invoke, db_path: Path
) -> None:
    told = talented("city", "activity", "Torrax", "Refined Bonesmoke")
    assert "for 1 stamina — +1 Achievement gem" in told.output
    torrax = hero(talented, "Torrax")
    assert torrax["gems"]["achievement"] == 1
    assert torrax["stamina"]["spent"] == 1
    refuse(
        invoke, db_path, "city", "activity", "Torrax", "Refined Bonesmoke",
        says="once per City step",
    )  # fmt: skip


def test_an_undescribed_talent_is_recorded_as_given(
    talented: Invoke, invoke: Invoke, db_path: Path
) -> None:
    talented("talent", "learn", "Torrax", "Gather Toxins", "--points", "0")
    told = talented(
        "city", "activity", "Torrax", "Gather Toxins", "--points", "1", "--gain-stars", "2"
    )
    assert "does not know what Gather Toxins costs or gives: recorded as given" in told.output
    refuse(
        invoke, db_path, "city", "activity", "Zuva'Sai", "Gather Toxins", "--points", "1",
        says="Zuva'Sai has not learned the Talent 'Gather Toxins'",
    )  # fmt: skip


def test_outside_the_city_step(talented: Invoke, invoke: Invoke, db_path: Path) -> None:
    talented("city", "sleep", "Zuva'Sai", "The Pit")
    talented("step", "journey")
    refuse(
        invoke, db_path, "city", "activity", "Zuva'Sai", "Pickpocket", "--roll", "1 1",
        says="only happens in the City step",
    )  # fmt: skip


def test_a_ledger_rolled_pickpocket_replays(talented: Invoke, db_path: Path) -> None:
    told = talented("city", "activity", "Zuva'Sai", "Pickpocket", "--seed", "7")
    assert "ledger-rolled, seed 7" in told.output
    assert '"ok": true' in talented("verify", "--json").output


def test_talent_activities_on_a_terminal_and_piped(talented: Invoke, db_path: Path) -> None:
    status, drawn = on_terminal(db_path, "city", "activity", "--help")
    plain = re.sub(r"\x1b\[[0-9;]*m", "", drawn)
    assert status == 0
    assert "--roll FACES" in plain
    done = script(db_path, "city", "activity", "Zuva'Sai", "Pickpocket", "--roll", "2 1+ 1")
    assert done.returncode == 0
    assert "Zuva'Sai uses Pickpocket for 1 CAP — rolled 2 1+ 1, total 4: +4 Stars" in done.stdout
    assert "\x1b[" not in done.stdout
    status, drawn = on_terminal(db_path, "city", "activity", "Zuva'Sai", "Burglary")
    assert status == 1
    assert "works on its own" in drawn
