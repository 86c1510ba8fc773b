"""Golden files: an export recorded by an earlier version of your plugin, held against the
states it must still produce.

An upcaster is trusted by the fold: one that turns ``amount`` into ``amount + 1`` still
verifies (the stored rows are unchanged) while every state after it is wrong. A golden file
catches it. Record it once, with the version whose events it holds::

    from ledger_pytest.golden import write_golden
    write_golden(campaign, Path("tests/golden/v1"), at=["4", "7", None])

This writes ``v1.ndjson`` (the export) and ``v1.states.json`` (the campaign's state at each
point, ``None`` for the last). Keep both in your tests; from then on, with every later
version::

    def test_v1_campaigns_still_read_the_same(ledger_golden):
        ledger_golden(Path(__file__).parent / "golden" / "v1")

``ledger_golden`` (a fixture) and :func:`check_golden` import the export into a new ledger
with the plugins under test (every old row read through today's upcasters), verify it, and
compare the state at each point with the one recorded. What the recorded state holds must be
there with the same value; what later versions added (a new field with its default, a plugin's
own state) is not compared, so additive changes never need a new golden file."""

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import msgspec

from ledger.campaign import Campaign, Ledger
from ledger.exchange import export_campaign, import_campaign
from ledger.hosting import Registry
from ledger.verification import verify

FORMAT = "campaign-ledger-golden/1"
LAST = "last"  # the key of the state after the export's last event


class GoldenMismatch(AssertionError):
    """A golden file's export no longer produces the states recorded with it."""


def paths(golden: Path) -> tuple[Path, Path]:
    """The export and the states of the golden file ``golden`` (a path without suffix)."""
    return golden.with_name(golden.name + ".ndjson"), golden.with_name(golden.name + ".states.json")


def state_json(campaign: Campaign, at: str | None) -> Any:
    """The campaign's state at ``at`` (what ``--at`` takes; None: now) as plain JSON data."""
    return json.loads(msgspec.json.encode(campaign.state(at=at)))


def write_golden(campaign: Campaign, golden: Path, at: Iterable[str | None] = (None,)) -> None:
    """Record a golden file of ``campaign``: its export and its state at each point of ``at``
    (anything ``--at`` takes; None: after the last event). Run it with the version whose
    events the file must hold, and keep both files."""
    export, states = paths(golden)
    golden.parent.mkdir(parents=True, exist_ok=True)
    with export.open("w", encoding="utf-8") as out:
        export_campaign(campaign, out)
    points = {LAST if point is None else str(point): state_json(campaign, point) for point in at}
    text = json.dumps({"format": FORMAT, "states": points}, indent=1, ensure_ascii=False)
    states.write_text(text + "\n", encoding="utf-8")


def check_golden(registry: Registry, golden: Path, workdir: Path) -> None:
    """Import the golden file's export into a new ledger in ``workdir`` with ``registry``'s
    plugins, verify it and compare the state at each recorded point with the recorded one.

    Raises GoldenMismatch naming the point and the first value that differs (or what verify
    found); an export the plugins cannot read at all raises the LedgerError import gives."""
    export, states = paths(golden)
    recorded = json.loads(states.read_text(encoding="utf-8"))
    if recorded.get("format") != FORMAT:
        raise GoldenMismatch(f"{states} is not a golden file of format {FORMAT}")
    workdir.mkdir(parents=True, exist_ok=True)
    with Ledger.open(workdir / f"{golden.name}.db", registry) as ledger:
        with export.open(encoding="utf-8") as lines:
            campaign = import_campaign(ledger, lines)
        problems = verify(ledger)
        if problems:
            found = "; ".join(f"#{p.seq}: {p.message}" for p in problems)
            raise GoldenMismatch(f"{export.name} no longer verifies: {found}")
        for point, expected in recorded["states"].items():
            actual = state_json(campaign, None if point == LAST else point)
            difference = first_difference(expected, actual)
            if difference is not None:
                where = "after the last event" if point == LAST else f"at {point}"
                raise GoldenMismatch(
                    f"{export.name} {where}: {difference} (an upcaster or a rule changed "
                    "what this campaign was)"
                )


def first_difference(expected: Any, actual: Any, path: str = "state") -> str | None:
    """Where ``actual`` differs from ``expected``, or None. Every key of an expected object
    must be in the actual one with an equal value (keys only in ``actual`` are new and not
    compared); lists must match item by item."""
    if isinstance(expected, Mapping) and isinstance(actual, Mapping):
        for key, value in expected.items():
            if key not in actual:
                return f"{path}.{key} is gone (recorded: {value!r})"
            found = first_difference(value, actual[key], f"{path}.{key}")
            if found is not None:
                return found
        return None
    if isinstance(expected, list) and isinstance(actual, list):
        if len(expected) != len(actual):
            return f"{path} has {len(actual)} entries, recorded {len(expected)}"
        for index, (value, now) in enumerate(zip(expected, actual, strict=True)):
            found = first_difference(value, now, f"{path}[{index}]")
            if found is not None:
                return found
        return None
    if expected != actual or type(expected) is not type(actual):
        return f"{path} is {actual!r}, recorded {expected!r}"
    return None
