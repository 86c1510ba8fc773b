"""The test suite, grouped by area; what the areas share is in tests.helpers."""

import pytest

# The helpers assert too: pytest explains their failures as it does a test's (registered
# here, before conftest imports any of them).
pytest.register_assert_rewrite("tests.helpers")
