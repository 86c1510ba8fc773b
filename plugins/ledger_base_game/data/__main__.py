"""python -m ledger_base_game.data: ``tables.json`` written again from the TOML files
beside it as they are now (after editing one: tests/plugins/test_base_game_tables.py
says when)."""

import sys
from pathlib import Path

from ledger_base_game.data import PARSED, parsed_now

if __name__ == "__main__":
    folder = Path(__file__).resolve().parent
    (folder / PARSED).write_bytes(parsed_now(folder))
    print(f"wrote {folder / PARSED}", file=sys.stderr)
