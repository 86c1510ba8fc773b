"""Refusing a plugin whose hooks would be silently ignored: a hook name no hookspec declares
(``register_talent``) and a function named like a hook without ``@hookimpl``."""

import pluggy

from ledger.errors import PluginError
from ledger.hosting._hookspecs import PROJECT

MARK = f"{PROJECT}_impl"  # the attribute @hookimpl sets on a function


def hook_names(pm: pluggy.PluginManager) -> list[str]:
    """Every hook the manager's hookspecs declare (the core's, whoever added them)."""
    return sorted(
        name
        for name, caller in vars(pm.hook).items()
        if isinstance(caller, pluggy.HookCaller) and caller.spec is not None
    )


def closest(name: str, names: list[str]) -> str:
    """ " (did you mean register_talents?)" for a near miss, else nothing."""
    import difflib  # only for a near miss: not in every command's start-up

    found = difflib.get_close_matches(name, names, n=1, cutoff=0.75)
    return f" (did you mean {found[0]}?)" if found else ""


def check_hooks(pm: pluggy.PluginManager, plugin: object) -> None:
    """Raise PluginError naming every hook of the registered ``plugin`` that would never be
    called: pluggy accepts them silently (``check_pending`` would only find the first)."""
    names = hook_names(pm)
    problems = []
    for caller in pm.get_hookcallers(plugin) or ():
        if caller.spec is None and any(
            impl.plugin is plugin and not impl.optionalhook for impl in caller.get_hookimpls()
        ):
            problems.append(f"{caller.name} is not a hook{closest(caller.name, names)}")
    for attribute in dir(plugin):  # a module's names, or a class's and its instance's
        function = getattr(plugin, attribute, None)
        if not callable(function) or isinstance(function, type) or hasattr(function, MARK):
            continue
        if attribute in names:
            problems.append(f"{attribute} has no @hookimpl, so it is never called")
        elif attribute.startswith(("register_", "interpret_", "validate_")) and (
            hint := closest(attribute, names)
        ):
            problems.append(f"{attribute} has no @hookimpl and is not a hook{hint}")
    if problems:
        raise PluginError("; ".join(problems))
