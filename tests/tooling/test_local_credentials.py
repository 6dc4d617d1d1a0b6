"""``DYNAMODB_ENDPOINT=http://… make run`` without AWS keys: an emulator accepts any keys, but
boto3 refuses to sign without some, so ``make run`` gives it dummy ones (never for AWS's own
endpoints, where the user's real credentials must stay the ones used)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import boto3
import pytest
from moto.server import ThreadedMotoServer

from local import run, running
from local.dynamodb_local import free_port

KEY_VARIABLES = ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE")


@pytest.fixture
def no_aws_keys(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """An environment with no credentials anywhere boto3 looks (variables, files, metadata)."""
    for name in KEY_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(tmp_path / "credentials"))
    monkeypatch.setenv("AWS_CONFIG_FILE", str(tmp_path / "config"))
    monkeypatch.setenv("AWS_EC2_METADATA_DISABLED", "true")
    monkeypatch.setenv("DYNAMODB_ENDPOINT", "")  # restored after prepare_table sets it
    monkeypatch.setenv("AWS_DEFAULT_REGION", "eu-west-3")


@pytest.fixture
def emulator() -> Iterator[str]:
    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.stop()


@pytest.mark.usefixtures("no_aws_keys")
def test_a_given_emulator_works_without_aws_keys(emulator: str) -> None:
    assert boto3.Session().get_credentials() is None  # what made boto3 raise NoCredentialsError
    settings = run.LaunchSettings.from_env({"DYNAMODB_ENDPOINT": emulator})
    database = run.start_database(settings)
    table = run.prepare_table(database.endpoint)
    client = boto3.client("dynamodb", endpoint_url=emulator, region_name="eu-west-3")
    assert table in client.list_tables()["TableNames"]


@pytest.mark.usefixtures("no_aws_keys")
def test_aws_own_endpoint_gets_no_dummy_keys() -> None:
    endpoint = "https://dynamodb.eu-west-3.amazonaws.com"
    run.start_database(run.LaunchSettings.from_env({"DYNAMODB_ENDPOINT": endpoint}))
    assert boto3.Session().get_credentials() is None


@pytest.mark.parametrize(
    ("endpoint", "emulated"),
    [
        ("http://localhost:8000", True),
        ("http://127.0.0.1:4566", True),
        ("http://dynamodb-local.internal:8000", True),
        ("https://dynamodb.eu-west-3.amazonaws.com", False),
        ("https://dynamodb.cn-north-1.amazonaws.com.cn", False),
        ("https://DynamoDB.us-east-1.AmazonAWS.com.", False),
    ],
)
def test_which_endpoints_are_emulators(endpoint: str, emulated: bool) -> None:
    assert running.is_emulator(endpoint) is emulated
