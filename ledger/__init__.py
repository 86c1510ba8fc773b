"""campaign-ledger: an event-sourced campaign ledger for Agemonia.

The public API, for Python callers (a script, a notebook, a web page) and for plugins::

    from ledger import Ledger, export_campaign, verify

    with Ledger.open("party.db") as book:
        campaign = book.create_campaign("Moonsilver")  # later: book.campaign("Moonsilver")
        campaign.do(action, hero="Torrax", amount=3)  # an action decides the events...
        campaign.record(events)  # ...or record events built by hand, as one command
        campaign.state()  # the state now, or at any point --at names:
        campaign.state(at="city-2")  # 42, city-2, scenario-5.2, journey-3:end
        campaign.undo()
        campaign.redo()
        problems = verify(book)  # [] when nothing stored was altered
        with open("moonsilver.ndjson", "w") as out:
            export_campaign(campaign, out)  # import_campaign(book, lines) reads it back

Plugins define events on ``Event``/``HeroEvent``, state of their own on
``HeroPart``/``CampaignPart`` and hooks with ``hookimpl``; an action is a
function of a ``Game`` (``ledger.actions``); every refusal is a ``LedgerError``. The rest is
organised by question, each subpackage a facade over private modules: ``ledger.model``
(state, events, content), ``ledger.rules``, ``ledger.dice``, ``ledger.storage``,
``ledger.hosting`` (plugins), ``ledger.campaign``, ``ledger.verification``; ``ledger.text``
checks names typed by players.

The names below are imported when first used (PEP 562): importing a subpackage, as every
command does, does not load the whole API.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_HOMES = {
    # a ledger file, its campaigns, what a command recorded
    "Ledger": "ledger.campaign",
    "Campaign": "ledger.campaign",
    "Recorded": "ledger.campaign",
    "Service": "ledger.service",
    "CampaignState": "ledger.model",
    # deciding and recording
    "Action": "ledger.actions",
    "Game": "ledger.actions",
    "Event": "ledger.model",
    "HeroEvent": "ledger.model",
    "HeroPart": "ledger.model",
    "CampaignPart": "ledger.model",
    "hookimpl": "ledger.hosting",
    # proof and moving campaigns between files
    "Problem": "ledger.verification",
    "verify": "ledger.verification",
    "export_campaign": "ledger.exchange",
    "import_campaign": "ledger.exchange",
    # what can go wrong, in words a player reads
    "BadInput": "ledger.errors",
    "ConflictError": "ledger.errors",
    "IntegrityError": "ledger.errors",
    "LedgerError": "ledger.errors",
    "NotFound": "ledger.errors",
    "PluginError": "ledger.errors",
    "RuleViolation": "ledger.errors",
}

__all__ = [
    "Action",
    "BadInput",
    "Campaign",
    "CampaignPart",
    "CampaignState",
    "ConflictError",
    "Event",
    "Game",
    "HeroEvent",
    "HeroPart",
    "IntegrityError",
    "Ledger",
    "LedgerError",
    "NotFound",
    "PluginError",
    "Problem",
    "Recorded",
    "RuleViolation",
    "Service",
    "export_campaign",
    "hookimpl",
    "import_campaign",
    "verify",
]

if TYPE_CHECKING:
    from ledger.actions import Action, Game
    from ledger.campaign import Campaign, Ledger, Recorded
    from ledger.errors import (
        BadInput,
        ConflictError,
        IntegrityError,
        LedgerError,
        NotFound,
        PluginError,
        RuleViolation,
    )
    from ledger.exchange import export_campaign, import_campaign
    from ledger.hosting import hookimpl
    from ledger.model import CampaignPart, CampaignState, Event, HeroEvent, HeroPart
    from ledger.service import Service
    from ledger.verification import Problem, verify


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:  # a submodule (``from ledger import text``) is then imported as usual
        raise AttributeError(f"module 'ledger' has no attribute {name!r}")
    value = getattr(import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
