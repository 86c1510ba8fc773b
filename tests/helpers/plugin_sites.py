"""Plugins a test writes as code: an installed distribution made by hand (an entry point in a
folder the test puts on the path), as a user's broken expansion would be."""

from pathlib import Path


def fake_distribution(site: Path, name: str, module: str, code: str) -> None:
    """An installed distribution with one campaign_ledger entry point, made by hand."""
    info = site / f"{name}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[campaign_ledger]\n{module} = {module}\n")
    (site / f"{module}.py").write_text(code)
