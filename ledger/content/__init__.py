"""The table's own cards: content packs (TOML files in the shape of the base game's data)
recorded in the campaign as events, laid over the plugins' content for every action and
face (``Registry.for_state``), and listed with where each value came from."""

from ledger.content._adding import add_content
from ledger.content._files import PackFile, read_pack
from ledger.content._listing import kind_named, known_content

__all__ = ["PackFile", "add_content", "kind_named", "known_content", "read_pack"]
