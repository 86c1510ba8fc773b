"""The file's campaigns through the application service, as a Python caller or the web app
manages them: the rules tying them to the chosen campaign are the service's, not a face's."""

from pathlib import Path

import pytest

from ledger.errors import RuleViolation
from ledger.service import Service


def test_an_archived_campaign_cannot_be_chosen_and_archiving_the_chosen_forgets_it(
    db_path: Path,
) -> None:
    with Service(db_path) as service:
        service.create("Moonsilver")
        service.create("Guild")
        assert service.use("Guild").name == "Guild"
        assert service.chosen() == "Guild"
        service.archive("Guild")
        assert service.chosen_stored() is None  # forgotten, not left pointing at it
        with pytest.raises(RuleViolation) as refused:
            service.use("Guild")
        assert str(refused.value) == "campaign 'Guild' is archived; unarchive it first"
        service.archive("Guild", archived=False)
        assert service.use("Guild").stored == "Guild"


def test_a_rename_is_seen_by_the_choice_and_the_description(db_path: Path) -> None:
    with Service(db_path) as service:
        service.create("Moonsilver")
        service.use("Moonsilver")
        assert service.chosen() == "Moonsilver"
        service.rename("Moonsilver", "Tuesdays")
        assert service.chosen() == "Tuesdays"
        used = service.used()
        assert used is not None
        assert (used.stored, used.name) == ("Moonsilver", "Tuesdays")
        assert service.about() == {
            "campaign": "Tuesdays",
            "created_as": "Moonsilver",
            "events": 1,
            "archived": False,
            "forked_from": None,
        }
        forked = service.fork("What if", "Tuesdays", "1")
        assert forked.origin is not None
        assert service.about("What if")["forked_from"] == {"campaign": "Tuesdays", "event": 1}
