"""One headless chromium per test module of this folder (``browser``)."""

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from tests.helpers.browser import chromium


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as opened:
        yield opened
