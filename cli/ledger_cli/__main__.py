"""``python -m ledger_cli``: as the console script, with no module from the current directory
(``-m`` puts it first on the import path; a ``ledger_base_game.py`` there would be run)."""

import os
import sys

if sys.path and sys.path[0] in ("", os.getcwd()):
    del sys.path[0]

from ledger_cli.start import main  # after the import path is made safe

main()
