"""docs/plugins.md documents every hook with its exact signature, as
ledger/hosting/_hookspecs.py has it."""

import inspect

from ledger.hosting import _hookspecs as hookspecs
from ledger.hosting._hookdoc import DOC, documented, hook_names, hook_table, signature


def test_the_hook_table_matches_the_hookspecs() -> None:
    assert documented(DOC.read_text()) == hook_table(), (
        "docs/plugins.md is out of date: run `python -m ledger.hosting._hookdoc`"
    )


def test_the_table_names_every_hook_with_its_parameters() -> None:
    text = DOC.read_text()
    specs = {n for n in dir(hookspecs) if hasattr(getattr(hookspecs, n), "campaign_ledger_spec")}
    assert set(hook_names()) == specs
    for name in specs:
        assert "`" + signature(name).replace("|", "\\|") + "`" in text, name
        for parameter in inspect.signature(getattr(hookspecs, name)).parameters:
            assert f"{parameter}: " in signature(name)


def test_signatures_drop_module_paths_only() -> None:
    assert signature("validate_event") == (
        "validate_event(state: CampaignState, event: Event, registry: Registry) -> str | None"
    )
