"""The base game reads its TOML files' tables from data/tables.json when a file's bytes are
those they were parsed from, else from the TOML (ledger_base_game._data)."""

from importlib.util import source_hash
from pathlib import Path

import msgspec
import pytest

import ledger_base_game
from ledger_base_game import data as _data
from ledger_base_game.data import PARSED, Tables, data_file, parsed_now, tables

DATA = Path(ledger_base_game.__file__).resolve().parent / "data"


def test_the_kept_tables_are_every_toml_file_as_it_is_now() -> None:
    stale = "data/tables.json is stale: run python -m ledger_base_game.data"
    assert (DATA / PARSED).read_bytes() == parsed_now(DATA), stale
    kept = msgspec.json.decode((DATA / PARSED).read_bytes())
    assert sorted(kept) == sorted(path.name for path in DATA.glob("*.toml"))


def test_each_file_is_known_by_the_hash_a_pyc_checks_its_source_with() -> None:
    """Every command hashes them: with the cheap hash a .pyc is checked with, not SHA-256."""
    kept = msgspec.json.decode((DATA / PARSED).read_bytes())
    for name, entry in kept.items():
        assert entry["source_hash"] == source_hash((DATA / name).read_bytes()).hex(), name


@pytest.mark.parametrize("name", sorted(path.name for path in DATA.glob("*.toml")))
def test_tables_read_as_the_toml_parses(name: str) -> None:
    assert tables(name) == msgspec.toml.decode(data_file(name), type=Tables)


def test_a_file_edited_since_is_parsed_from_its_toml(monkeypatch: pytest.MonkeyPatch) -> None:
    read = data_file
    real = read("heroes.toml")
    edited = real.replace(b'name = "Drenosh"', b'name = "Drenash"')
    assert edited != real
    monkeypatch.setattr(
        _data, "data_file", lambda name: edited if name == "heroes.toml" else read(name)
    )
    names = [hero["name"] for hero in tables("heroes.toml")["hero"]]
    assert "Drenash" in names
    assert "Drenosh" not in names


def test_no_kept_tables_reads_every_file_from_its_toml(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_data, "_parsed", dict)
    assert tables("items.toml") == msgspec.toml.decode(data_file("items.toml"), type=Tables)
    assert ledger_base_game.register_injuries()  # the Injury cards read their file as they did


def test_tables_become_specs_as_each_entry_converts_alone() -> None:
    """The tables are converted in one call; a refusal still names the entry and the field,
    as converting each entry on its own does."""
    from ledger.errors import BadInput
    from ledger.model import HeroSpec, specs_from_tables

    heroes = tables("heroes.toml")
    assert specs_from_tables(heroes, "hero", HeroSpec) == [
        msgspec.convert(entry, HeroSpec) for entry in heroes["hero"]
    ]
    good = {"name": "Venia", "might": 2}
    with pytest.raises(
        BadInput,
        match=r"^\[\[hero\]\] #2 \(Odd\): Expected `int \| null`, got `str` - at `\$.might`$",
    ):
        specs_from_tables({"hero": [good, {"name": "Odd", "might": "two"}]}, "hero", HeroSpec)
    with pytest.raises(BadInput, match=r"^\[\[hero\]\] #1 \(Venia\): HeroSpec has no field x, y$"):
        specs_from_tables({"hero": [{**good, "y": 1, "x": 2}]}, "hero", HeroSpec)
