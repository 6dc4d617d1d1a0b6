"""The privacy notice's controller (``GET /api/privacy/controller``): the stack's parameters on
AWS, "a local run" without them, never placeholder text."""

from __future__ import annotations

import pytest
from community_app import CONTROLLER_CONTACT_ENV, CONTROLLER_NAME_ENV, LOG_RETENTION_ENV
from fastapi.testclient import TestClient


def test_a_deployed_stack_names_its_controller(
    community_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CONTROLLER_NAME_ENV, "Association Dames du Jour")
    monkeypatch.setenv(CONTROLLER_CONTACT_ENV, "privacy@example.org")
    monkeypatch.setenv(LOG_RETENTION_ENV, "90")
    answer = community_client.get("/api/privacy/controller")
    assert answer.status_code == 200
    assert answer.json() == {"name": "Association Dames du Jour",
                             "contact": "privacy@example.org", "local": False,
                             "region": "eu-west-3", "logRetentionDays": 90}


@pytest.mark.parametrize(("name", "contact"), [(None, None), ("Someone", "  "), ("", "x@y.z")])
def test_without_both_parameters_the_page_says_it_is_a_local_run(
    community_client: TestClient, monkeypatch: pytest.MonkeyPatch,
    name: str | None, contact: str | None,
) -> None:
    for env, value in ((CONTROLLER_NAME_ENV, name), (CONTROLLER_CONTACT_ENV, contact)):
        if value is None:
            monkeypatch.delenv(env, raising=False)
        else:
            monkeypatch.setenv(env, value)
    answer = community_client.get("/api/privacy/controller").json()
    assert (answer["name"], answer["contact"], answer["local"]) == (None, None, True)
