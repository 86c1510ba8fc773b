"""Reading events stored under an older schema: each plugin's upcasters, chained from the
stored schema up to the installed one, applied to the payload as it is read. The stored row is
never rewritten, so its hash still verifies and old campaigns replay to the same state."""

from collections.abc import Iterable
from typing import Any

import msgspec

from ledger.errors import PluginError
from ledger.hosting._extensions import Upcaster
from ledger.hosting._hooks import failure
from ledger.model import Event

_payload = msgspec.json.Decoder(dict[str, Any])


class Upcasters:
    def __init__(
        self,
        event_types: dict[str, tuple[type[Event], str]],
        entries: Iterable[tuple[Any, str]] = (),
    ) -> None:
        self._event_types = event_types
        self._steps: dict[tuple[str, int], tuple[Upcaster, str]] = {}
        for upcaster, plugin in entries:
            self._add(event_types, upcaster, plugin)

    def add_all(self, upcasters: Iterable[Any], plugin: str) -> None:
        """All of ``plugin``'s upcasters, or none (PluginError)."""
        before = dict(self._steps)
        try:
            for upcaster in upcasters:
                self._add(self._event_types, upcaster, plugin)
        except PluginError:
            self._steps = before
            raise

    def _add(
        self, event_types: dict[str, tuple[type[Event], str]], upcaster: Any, plugin: str
    ) -> None:
        if not isinstance(upcaster, Upcaster):
            raise PluginError(f"plugin {plugin!r} registered {upcaster!r}, not an Upcaster")
        if upcaster.tag not in event_types:
            raise PluginError(
                f"plugin {plugin!r} registers an upcaster for {upcaster.tag!r}, which no "
                "loaded plugin defines"
            )
        event_type, owner = event_types[upcaster.tag]
        if owner != plugin:
            raise PluginError(
                f"plugin {plugin!r} registers an upcaster for {upcaster.tag!r}, which plugin "
                f"{owner!r} defines; only the defining plugin may upcast its events"
            )
        if not 1 <= upcaster.from_schema < event_type.schema:
            raise PluginError(
                f"plugin {plugin!r}: an upcaster for {upcaster.tag!r} from schema "
                f"{upcaster.from_schema} is useless, the type is at schema {event_type.schema}"
            )
        key = (upcaster.tag, upcaster.from_schema)
        if key in self._steps:
            raise PluginError(
                f"plugin {plugin!r} registers a second upcaster for {upcaster.tag!r} from "
                f"schema {upcaster.from_schema}"
            )
        self._steps[key] = (upcaster, plugin)

    def upgrade(
        self, tag: str, stored: int, payload: str, *, current: int, plugin: str, version: str
    ) -> bytes:
        """A payload of type ``tag`` stored under schema ``stored`` by ``plugin`` (at
        ``version``), as the installed schema ``current`` reads it."""
        if stored > current:
            raise PluginError(
                f"{tag} was recorded with schema {stored} by plugin {plugin!r} "
                f"{version}; the installed version reads up to schema {current}: "
                "install that version or a later one"
            )
        try:
            fields = _payload.decode(payload)
        except (msgspec.DecodeError, RecursionError):
            return payload.encode()  # unreadable: the decoder reports it
        for schema in range(stored, current):
            found = self._steps.get((tag, schema))
            if found is None:
                raise PluginError(
                    f"{tag} was recorded with schema {stored}; plugin {plugin!r} as "
                    f"installed reads schema {current} and has no upcaster from schema {schema}"
                )
            upcaster, upcasting = found
            try:
                fields = upcaster.upcast(dict(fields))
            except Exception as error:
                raise failure(upcasting, "register_upcasters (an upcaster)", error) from error
            if not isinstance(fields, dict):
                raise PluginError(
                    f"plugin {upcasting!r}: the upcaster for {tag} from schema {schema} "
                    "must return a dict"
                )
        fields["type"] = tag  # tags never change
        return msgspec.json.encode(fields)
