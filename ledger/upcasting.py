"""Reading events stored under an older schema: each plugin's upcasters, chained from the
stored schema up to the installed one, applied to the payload as it is read. The stored row is
never rewritten, so its hash still verifies and old campaigns replay to the same state."""

from collections.abc import Iterable
from typing import Any

import msgspec

from ledger.errors import PluginError
from ledger.event import Event
from ledger.extensions import Upcaster
from ledger.hooks import failure
from ledger.rows import Row

_payload = msgspec.json.Decoder(dict[str, Any])


class Upcasters:
    def __init__(
        self,
        event_types: dict[str, tuple[type[Event], str]],
        entries: Iterable[tuple[Any, str]],
    ) -> None:
        self._steps: dict[tuple[str, int], tuple[Upcaster, str]] = {}
        for upcaster, plugin in entries:
            self._add(event_types, upcaster, plugin)

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

    def upgrade(self, row: Row, current: int) -> bytes:
        """The row's payload as the installed schema ``current`` reads it."""
        if row.schema > current:
            raise PluginError(
                f"{row.type} was recorded with schema {row.schema} by plugin {row.plugin!r} "
                f"{row.plugin_version}; the installed version reads up to schema {current}: "
                "install that version or a later one"
            )
        try:
            payload = _payload.decode(row.payload)
        except (msgspec.DecodeError, RecursionError):
            return row.payload.encode()  # unreadable: the decoder reports it
        for schema in range(row.schema, current):
            found = self._steps.get((row.type, schema))
            if found is None:
                raise PluginError(
                    f"{row.type} was recorded with schema {row.schema}; plugin {row.plugin!r} as "
                    f"installed reads schema {current} and has no upcaster from schema {schema}"
                )
            upcaster, plugin = found
            try:
                payload = upcaster.upcast(dict(payload))
            except Exception as error:
                raise failure(plugin, "register_upcasters (an upcaster)", error) from error
            if not isinstance(payload, dict):
                raise PluginError(
                    f"plugin {plugin!r}: the upcaster for {row.type} from schema {schema} "
                    "must return a dict"
                )
        payload["type"] = row.type  # tags never change
        return msgspec.json.encode(payload)
