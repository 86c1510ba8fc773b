"""What the tests share, so that no test module imports another (tests/test_layout.py checks).

The repository's root is ``ROOT``, for tests that read its files (README, examples, bench).
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
