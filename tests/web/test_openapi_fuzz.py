"""The OpenAPI document is the contract: schemathesis, with all its checks, generates
requests from /api/openapi.json (valid ones and invalid ones) and sends them to the app in
process; every answer must be one the document lists, of the type and shape it says, every
request it calls valid must be accepted and every invalid one refused, and a method it does
not list answers 405 with Allow. Bounded (few examples an operation, deterministic) to stay
well under a minute on two cores; no network."""

from pathlib import Path
from typing import Any

import hypothesis
import pytest
import schemathesis
from schemathesis import GenerationMode
from schemathesis import checks as schemathesis_checks
from schemathesis.config._checks import PositiveDataAcceptanceConfig
from starlette.applications import Starlette

from ledger.hosting import Registry, get_plugin_manager
from ledger.service import Service
from ledger_base_game import actions
from ledger_web import create_app
from ledger_web.security import Security
from tests.helpers.actions import TORRAX, VENIA

schemathesis_checks.load_all_checks()
ALL_CHECKS = schemathesis_checks.CHECKS.get_all()
EXAMPLES = 5  # an operation and mode; ~75 operations


@pytest.fixture
def app(tmp_path: Path) -> Starlette:
    path = tmp_path / "fuzz.db"
    with Service(path, Registry(get_plugin_manager())) as service:
        service.start_campaign("Fuzz")
        service.do(actions.add_hero, name="Torrax", **TORRAX)
        service.do(actions.add_hero, name="Venia", **VENIA)
    # The test client's host is `testserver`: not a loopback name, so not loopback-only.
    return create_app(path, security=Security(loopback_only=False))


@pytest.fixture
def api_schema(app: Starlette) -> Any:
    schema = schemathesis.openapi.from_asgi("/api/openapi.json", app)
    schema.config.generation.update(
        modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE],
        max_examples=EXAMPLES,
        deterministic=True,
        database="none",
        # A query's unknown parameter is refused (400: a typo named), which OpenAPI 3.0
        # cannot declare for a query string; the document lists every one there is.
        allow_extra_parameters=False,
    )
    # A request the document calls valid may still be refused by the rules of the game
    # (422: "Torrax has only 1 unspent stamina"): the rules depend on the campaign's state,
    # which no schema can say. Everything else the server checks, the document says.
    schema.config.checks.positive_data_acceptance = PositiveDataAcceptanceConfig(
        expected_statuses=["2xx", "401", "403", "404", "409", "422"]
    )
    return schema


SETTINGS = hypothesis.settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(hypothesis.HealthCheck),
    phases=[hypothesis.Phase.explicit, hypothesis.Phase.generate],  # no shrinking: a report
)


def test_the_api_answers_as_its_document_says(api_schema: Any, app: Starlette) -> None:
    token = app.state.web.security.csrf_token
    failures = []
    for result in api_schema.get_all_operations():
        operation = result.ok()
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):

            @SETTINGS
            @hypothesis.given(operation.as_strategy(generation_mode=mode))
            def run(case: Any) -> None:
                case.call_and_validate(headers={"X-CSRF-Token": token}, checks=ALL_CHECKS)

            try:
                run()
            except hypothesis.errors.Unsatisfiable:
                continue  # no parameter to make invalid (GET /api)
            except (
                Exception,
                BaseExceptionGroup,
            ) as failure:  # every operation's, reported together
                first = [line for line in str(failure).strip().splitlines() if line.strip()]
                failures.append(f"{operation.label} ({mode.value}): {' / '.join(first[:14])}")
    assert not failures, "\n".join(failures)


def test_a_method_the_document_does_not_list_answers_405_with_allow(app: Starlette) -> None:
    from starlette.testclient import TestClient

    token = {"X-CSRF-Token": app.state.web.security.csrf_token}
    with TestClient(app) as web:
        paths = web.get("/api/openapi.json").json()["paths"]
        for template, operations in paths.items():
            path = template.replace("{name}", "Torrax")
            listed = {method.upper() for method in operations}
            for method in {"GET", "POST", "PUT", "PATCH", "DELETE"} - listed:
                answer = web.request(method, path, headers=token)
                assert answer.status_code == 405, (method, path, answer.text)
                allowed = {m.strip() for m in answer.headers["allow"].split(",")}
                assert allowed - {"HEAD"} == listed, (method, path, allowed)
