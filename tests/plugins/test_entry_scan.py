"""The cheap check that lets start-up skip importlib.metadata when no expansion is installed."""

import sys
from pathlib import Path

import pytest

from ledger.hosting import PROJECT, get_plugin_manager
from ledger.hosting._entry_scan import may_declare


def dist(site: Path, name: str, entry_points: str) -> None:
    info = site / f"{name}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(entry_points)


def test_only_a_declared_group_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "path", [str(tmp_path / "missing"), str(tmp_path)])
    dist(tmp_path, "other", "[console_scripts]\nother = other:main\n")
    assert not may_declare(PROJECT)
    assert may_declare("console_scripts")
    dist(tmp_path / "egg", "expansion", f"[{PROJECT}]\nexp = exp\n")
    monkeypatch.setattr(sys, "path", [str(tmp_path), str(tmp_path / "egg")])
    assert may_declare(PROJECT)


def test_a_path_entry_it_cannot_read_defers_to_importlib(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    archive = tmp_path / "plugins.zip"
    archive.write_bytes(b"PK\x05\x06" + bytes(18))  # an empty zip file
    monkeypatch.setattr(sys, "path", [str(archive)])
    assert may_declare(PROJECT)


def test_a_declared_plugin_is_still_loaded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    site = tmp_path / "site"
    dist(site, "tiny-expansion", f"[{PROJECT}]\ntiny = tiny\n")
    (site / "tiny.py").write_text("")
    monkeypatch.syspath_prepend(str(site))
    assert get_plugin_manager().get_plugin("tiny") is not None


def test_each_file_is_read_whole_without_a_file_object(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A site's every distribution is looked at by every command: with os calls, not a file
    object (and its buffer) each; a declaration far down a long file is still found."""
    monkeypatch.setattr(sys, "path", [str(tmp_path)])
    dist(tmp_path, "long", "[console_scripts]\n" + "x = x:main\n" * 20_000 + f"[{PROJECT}]\n")

    def no_file_object(*args: object, **kwargs: object) -> None:
        raise AssertionError("a file object was opened")

    monkeypatch.setattr("builtins.open", no_file_object)
    assert may_declare(PROJECT)
