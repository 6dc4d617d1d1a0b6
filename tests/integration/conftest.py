"""Fixtures for the integration group: Amazon DynamoDB Local from the npm package, and the
local run (``python -m local.run``) as a child process.

Everything here is skipped, with the reason, only when no Java 17+ is installed (a failure
under ``CI=true``, see conftest.py at the root); a missing ``node_modules`` (``npm ci`` not run) is
a failure, since ``make test`` installs it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import boto3
import pytest

from local.dynamodb_local import DynamoDBLocal, find_jar, find_java
from tests.integration.local_run import REGION


@pytest.fixture(scope="session")
def java() -> str:
    found = find_java()
    if found is None:
        pytest.skip(
            "Java 17 or newer is not installed: DynamoDB Local cannot run here "
            "(apt-get install openjdk-17-jre-headless)"
        )
    return found


@pytest.fixture(scope="session")
def dynamodb_local(java: str) -> Iterator[str]:
    """One in-memory DynamoDB Local for the session; yields its endpoint."""
    with DynamoDBLocal(None, java=java, jar=find_jar()) as local:
        yield local.endpoint


@pytest.fixture
def dynamodb_client(dynamodb_local: str) -> object:
    return boto3.client(
        "dynamodb",
        endpoint_url=dynamodb_local,
        region_name=REGION,
        aws_access_key_id="local",
        aws_secret_access_key="local",
    )


@pytest.fixture
def run_log(tmp_path: Path) -> Path:
    return tmp_path / "local-run.log"
