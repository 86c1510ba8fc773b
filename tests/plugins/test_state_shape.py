"""The fingerprint hashes the state's shape, kept in ledger/hosting/state_shape.json while the
modules it is made from are unchanged (ledger.hosting._shape): it is the fingerprint the
schema built from the types gives, and it changes exactly when that one does."""

import hashlib
import importlib
import sys
from importlib.util import source_hash
from pathlib import Path

import msgspec
import pytest

from ledger.hosting import Registry, get_plugin_manager, hookimpl
from ledger.hosting import _shape as shape
from ledger.model import CampaignPart, CampaignState, HeroPart

KEPT = Path(shape.__file__).with_name(shape.KEPT)


def built(registry: Registry) -> str:
    """The fingerprint as it was computed before the shape was kept: from the schema."""
    text = ";".join(f"{name}={version}" for name, version in sorted(registry.versions.items()))
    parts = [*registry.hero_parts.values(), *registry.campaign_parts.values()]
    schema = msgspec.json.encode(msgspec.json.schema(CampaignState))
    if parts:
        schema += msgspec.json.encode(msgspec.json.schema_components(parts)[1])
    return hashlib.sha256(text.encode() + schema).hexdigest()[:16]


def test_the_kept_shape_is_the_code_as_it_is_now() -> None:
    stale = "ledger/hosting/state_shape.json is stale: run python -m ledger.hosting._shape"
    assert KEPT.read_bytes() == shape.kept_now(), stale
    kept = msgspec.json.decode(KEPT.read_bytes())
    assert kept["shape"].encode() == shape.schema_shape()
    assert "ledger.model._state" in kept["modules"]


def test_the_key_is_the_hash_a_pyc_checks_its_source_with() -> None:
    """Of the versions and each module's source, named and sized. Every command hashes them:
    with the cheap hash a .pyc is checked with, not SHA-256."""
    kept = msgspec.json.decode(KEPT.read_bytes())
    versions = f"python {sys.version_info[0]}.{sys.version_info[1]}; msgspec {msgspec.__version__}"
    made_of = [f"{versions}\n".encode()]
    for name in kept["modules"]:
        source = Path(str(importlib.import_module(name).__file__)).read_bytes()
        made_of += (f"{name} {len(source)}\n".encode(), source)
    assert kept["key"] == source_hash(b"".join(made_of)).hex()


def test_the_fingerprint_is_the_one_the_schema_gives() -> None:
    registry = Registry(get_plugin_manager())
    assert shape.state_shape() == shape.schema_shape()
    assert registry.fingerprint == built(registry)


def test_a_module_of_the_shape_edited_builds_the_schema(monkeypatch: pytest.MonkeyPatch) -> None:
    """An edited module no longer hashes as kept: the kept shape is not used, whatever it
    says (here: a shape that is not the schema's)."""
    kept = msgspec.json.decode(KEPT.read_bytes())
    wrong = shape._Kept(key=kept["key"], modules=kept["modules"], shape='{"not":"it"}')
    monkeypatch.setattr(shape, "_kept", lambda: wrong)
    assert shape.state_shape() == b'{"not":"it"}'  # the key still matches: the kept bytes
    read = shape._source
    monkeypatch.setattr(
        shape,
        "_source",
        lambda name: (
            (read(name) or b"") + b"\n# edited\n" if name.endswith("_state") else read(name)
        ),
    )
    assert shape.state_shape() == shape.schema_shape()
    registry = Registry(get_plugin_manager())
    assert registry.fingerprint == built(registry)


def test_no_kept_file_builds_the_schema(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shape, "_kept", lambda: None)
    registry = Registry(get_plugin_manager())
    assert registry.fingerprint == built(registry)


class Frozen(HeroPart, frozen=True, kw_only=True):
    namespace = "frost"
    frostbites: int = 0


class Winter(CampaignPart, frozen=True, kw_only=True):
    namespace = "frost"
    long: bool = False


def test_a_plugins_state_changes_the_fingerprint_as_before() -> None:
    class Frost:
        @staticmethod
        @hookimpl
        def register_state() -> list[type]:
            return [Frozen, Winter]

    plain = Registry(get_plugin_manager())
    pm = get_plugin_manager()
    pm.register(Frost, name="frost")
    frost = Registry(pm)
    assert frost.hero_parts == {"frost": Frozen}
    assert frost.fingerprint == built(frost)
    assert frost.fingerprint != plain.fingerprint
