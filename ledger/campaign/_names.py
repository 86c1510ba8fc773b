"""What each campaign of a ledger file is called now, whether it is archived and where it was
forked from: its stored name (the one its events carry, covered by their hashes) read
through the campaign marks appended since (renames, archivings, fork origins)."""

import msgspec

from ledger.storage import EventStore


class Origin(msgspec.Struct, frozen=True, kw_only=True):
    """A fork's origin: the campaign (its stored name) and the last event it copied."""

    campaign: str
    seq: int


class CampaignInfo(msgspec.Struct, frozen=True, kw_only=True):
    """A campaign as `campaign list` shows it: the name its events carry and the name it
    goes by since a rename, whether it is archived, and where a fork came from."""

    stored: str  # the name its events carry
    name: str  # the name it goes by
    archived: bool = False
    origin: Origin | None = None
    renamed_at: str | None = None
    archived_at: str | None = None


_origin = msgspec.json.Decoder(Origin)


def catalogue(store: EventStore) -> list[CampaignInfo]:
    """Every campaign, in the order of the names they go by."""
    found = {stored: CampaignInfo(stored=stored, name=stored) for stored in store.campaigns()}
    replace = msgspec.structs.replace
    for stored, kind, value, at in store.marks():
        info = found.get(stored)
        if info is None:  # a mark of a campaign whose events are gone: verify names that
            continue
        if kind == "renamed":
            found[stored] = replace(info, name=value, renamed_at=at)
        elif kind in ("archived", "unarchived"):
            found[stored] = replace(info, archived=kind == "archived", archived_at=at)
        elif kind == "forked":
            found[stored] = replace(info, origin=_origin.decode(value))
    return sorted(found.values(), key=lambda info: info.name)  # code point order, as SQLite


def encode_origin(origin: Origin) -> str:
    """A fork's origin as its mark stores it (JSON)."""
    return msgspec.json.encode(origin).decode()
