"""The base game's data files (``data/*.toml``), read as bytes."""

import pkgutil


def data_file(name: str) -> bytes:
    """``data/NAME`` as bytes, through the package's own loader (a zipped install too).
    Not ``importlib.resources.files``: its readers import zipfile, lzma and bz2 first, about
    2 ms of every command's start-up (docs/performance.md, target 6)."""
    data = pkgutil.get_data("ledger_base_game", f"data/{name}")
    if data is None:  # a loader that cannot read data: not one this package is installed by
        raise FileNotFoundError(f"ledger_base_game: data/{name} cannot be read")
    return data
