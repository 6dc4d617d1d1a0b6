"""Secrets Manager's rotation of the client-key keyring (``keyring``), step by step.

Secrets Manager calls the rotation function four times per rotation, each with a ``Step``:
``createSecret`` stores the next ring as the ``AWSPENDING`` version (the current ring plus a
fresh key starting at a coming UTC midnight, less the keys nothing needs: ``Keyring.rotated``),
``setSecret`` and ``testSecret`` have no outside system to tell (the ring only lives in the
secret) beyond checking the pending ring reads, and ``finishSecret`` makes it ``AWSCURRENT``.
Every step is idempotent, as Secrets Manager may call one twice.
"""

from __future__ import annotations

from typing import Any

from dames_backend import clock
from dames_backend.limits import keyring

PENDING = "AWSPENDING"
CURRENT = "AWSCURRENT"


def _stages(client: Any, arn: str) -> dict[str, list[str]]:
    described = client.describe_secret(SecretId=arn)
    return {
        version: list(stages)
        for version, stages in described.get("VersionIdsToStages", {}).items()
    }


def create_secret(client: Any, arn: str, token: str) -> None:
    """The pending ring, unless this rotation already wrote it."""
    if PENDING in _stages(client, arn).get(token, []):
        return
    current = client.get_secret_value(SecretId=arn, VersionStage=CURRENT)["SecretString"]
    ring = keyring.parse(current).rotated(clock.now_ms() // 1000, keyring.new_secret())
    client.put_secret_value(
        SecretId=arn, ClientRequestToken=token, SecretString=ring.to_text(),
        VersionStages=[PENDING],
    )


def test_secret(client: Any, arn: str, token: str) -> None:
    """The pending ring must read, and keep the key in force now."""
    pending = keyring.parse(
        client.get_secret_value(SecretId=arn, VersionId=token, VersionStage=PENDING)[
            "SecretString"
        ]
    )
    current = keyring.parse(
        client.get_secret_value(SecretId=arn, VersionStage=CURRENT)["SecretString"]
    )
    now_s = clock.now_ms() // 1000
    if pending.at(now_s) != current.at(now_s):
        raise ValueError("the pending keyring changes the key in force now")


def finish_secret(client: Any, arn: str, token: str) -> None:
    """Make the pending ring current (nothing to do when it already is)."""
    stages = _stages(client, arn)
    if CURRENT in stages.get(token, []):
        return
    previous = next(version for version, names in stages.items() if CURRENT in names)
    client.update_secret_version_stage(
        SecretId=arn, VersionStage=CURRENT, MoveToVersionId=token,
        RemoveFromVersionId=previous,
    )


STEPS = {
    "createSecret": create_secret,
    "setSecret": lambda client, arn, token: None,  # no outside system holds the ring
    "testSecret": test_secret,
    "finishSecret": finish_secret,
}


def rotate_step(client: Any, event: dict[str, Any]) -> str:
    """Run the step Secrets Manager asks for; returns its name."""
    step = str(event["Step"])
    STEPS[step](client, str(event["SecretId"]), str(event["ClientRequestToken"]))
    return step
