"""What the tests share, so that no test module imports another (tests/test_layout.py checks):

- ``cli``: ``Invoke``, the JSON views (``hero``, ``party_json``, ``shown``), ``refuse`` and
  ``run_cli``; ``cli_lines``: sample lines of every command (``sample_lines``);
- ``party``: the party most tests start from, typed (``PARTY``) or recorded (``make_party``);
- ``hero_setup``: a test-only plugin that sets what a Hero has (``set_hero``);
- ``campaigns``: longer campaigns recorded through the API, fixed or random;
- ``history_model``: random histories checked against an independent reference;
- ``files``: what a ledger file holds, read straight from it (``rows_of``, ``recorded``), and
  ``assert_sound``;
- ``tampering``: changing a file or an export as whoever has it could (also while a ledger
  has it open: ``other_connection``);
- ``console``: the installed console script, run as a user runs it; ``terminal``: the same on
  a pseudo-terminal (colours, progress, a pager, a prompt and its answer);
- ``processes`` and ``child.py``: real ``campaign-ledger`` processes for the reliability tests;
- ``expansion``: the example expansion, pip-installed into a folder of its own;
- ``plugin_sites``: a plugin a test writes, installed by hand (``fake_distribution``);
- ``figures``: the reliability tests' figures (``--report-figures``).
- ``web``: the web app under test, in process (``client``) or a real server (``serving``).
- ``browser``: Debian's chromium driven by Playwright (``chromium``), phone and laptop
  viewports, and where screenshots go (``SCREENSHOTS``, a gitignored folder).

The repository's root is ``ROOT``, for tests that read its files (README, examples, bench).
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
