"""The file's campaigns as every face manages them: start, rename, choose, archive, fork, and
describe one. The rules that tie them to the chosen campaign live here, not in a face: an
archived campaign cannot be chosen, archiving the chosen one forgets the choice, and a rename
or an archive makes the choice be read again."""

from typing import Any, Protocol

from ledger.campaign import Campaign, CampaignInfo, Ledger
from ledger.errors import RuleViolation


class _Service(Protocol):
    """What the campaign management needs of ``Service``."""

    def ledger(self, *, create: bool = False) -> Ledger: ...
    def campaign(self) -> Campaign: ...
    def choose(self, stored: str | None) -> None: ...
    def chosen_stored(self) -> str | None: ...
    def forget_chosen(self) -> None: ...


class Campaigns:
    """The campaign management half of ``Service``."""

    def create(self: _Service, name: str) -> Campaign:
        """Start campaign ``name`` (the file is made if it does not exist)."""
        return self.ledger(create=True).create_campaign(name)

    def rename(self: _Service, old: str, new: str) -> CampaignInfo:
        """Campaign ``old`` goes by ``new`` from now on (its events keep their name)."""
        info = self.ledger().rename_campaign(old, new)
        self.forget_chosen()
        return info

    def use(self: _Service, name: str) -> CampaignInfo:
        """Choose campaign ``name`` for this file (an archived one is refused)."""
        info = self.ledger().info(name)
        if info.archived:
            raise RuleViolation(
                f"campaign {info.name!r} is archived; {{unarchive}} it first",
                fields=["unarchive"],
            )
        self.choose(info.stored)
        return info

    def used(self: _Service) -> CampaignInfo | None:
        """The campaign chosen for this file, archived or not; None if none is."""
        chosen = self.chosen_stored()
        return next((i for i in self.ledger().catalogue() if i.stored == chosen), None)

    def archive(self: _Service, name: str, *, archived: bool = True) -> CampaignInfo:
        """Hide campaign ``name`` (``archived``) or list it again; archiving the chosen
        campaign forgets the choice. Nothing of it is deleted."""
        info = self.ledger().archive_campaign(name, archived=archived)
        if archived and self.chosen_stored() == info.stored:
            self.choose(None)
        self.forget_chosen()
        return info

    def fork(self: _Service, new: str, origin: str, at: str) -> CampaignInfo:
        """Campaign ``new``: the history of ``origin`` up to the point ``at``, replayed."""
        from ledger.exchange import fork_campaign  # 10 ms of imports, for this command only

        forked = fork_campaign(self.ledger(), new, origin, at)
        return self.ledger().info(forked.name)

    def about(self: _Service, name: str | None = None) -> dict[str, Any]:
        """A campaign's names, events, archiving and origin as JSON (`campaign show
        --json`); default: the service's campaign."""
        ledger = self.ledger()
        info = ledger.info(name if name is not None else self.campaign().title)
        names = {other.stored: other.name for other in ledger.catalogue()}
        origin = None
        if info.origin is not None:
            origin = {
                "campaign": names.get(info.origin.campaign, info.origin.campaign),
                "event": info.origin.seq,
            }
        return {
            "campaign": info.name,
            "created_as": info.stored,
            "events": ledger.campaign(info.name).head().seq,
            "archived": info.archived,
            "forked_from": origin,
        }
