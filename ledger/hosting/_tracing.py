"""``--trace-hooks`` / ``LEDGER_TRACE_HOOKS=1``: every hook call with its plugin, arguments
and answer, written to standard error through pluggy's tracer (``pm.trace``), for debugging
an expansion. The host calls each implementation on its own (``_hooks.call_impl``), so each
line is one plugin's answer."""

import os
import reprlib
import sys
from typing import Any

import pluggy

TRACE_ENV = "LEDGER_TRACE_HOOKS"
_short = reprlib.Repr()
_short.maxstring, _short.maxother, _short.maxlist, _short.maxdict = 80, 80, 6, 6
_tracer: Any = None  # pluggy's TagTracerSub while tracing


def wanted() -> bool:
    """Whether ``LEDGER_TRACE_HOOKS`` asks for tracing."""
    return os.environ.get(TRACE_ENV, "") not in ("", "0")


def enable_tracing(pm: pluggy.PluginManager, write: Any = None) -> None:
    """Trace every hook call from now on (``write``: default standard error)."""
    global _tracer
    pm.trace.root.setwriter(write or _stderr)
    pm.enable_tracing()  # calls through pm.hook (a plugin calling one itself)
    _tracer = pm.trace.root.get("hook")


def _stderr(text: str) -> None:
    sys.stderr.write(text)
    sys.stderr.flush()


def traced(plugin: str, hook: str, args: dict[str, Any], answer: Any, failed: bool = False) -> None:
    if _tracer is None:
        return
    given = ", ".join(f"{name}={_short.repr(value)}" for name, value in args.items())
    said = "raised" if failed else "->"
    _tracer(f"{hook}({given}) plugin {plugin!r} {said} {_short.repr(answer)}")


def tracing() -> bool:
    """Whether hook calls are being traced (``enable_tracing`` ran)."""
    return _tracer is not None
