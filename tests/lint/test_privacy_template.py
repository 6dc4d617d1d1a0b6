"""The stack's privacy settings (docs/privacy.md): the controller's identity is a required
parameter (a deploy with an empty one is refused), the client key is rotated, the daily
privacy job is scheduled, and the access log has no address."""

from __future__ import annotations

import re

import pytest

from tests.lint.template_model import template

pytestmark = pytest.mark.lint


@pytest.mark.parametrize("name", ["ControllerName", "ControllerContact"])
def test_the_controller_is_required_and_never_blank(name: str) -> None:
    parameter = template()["Parameters"][name]
    assert "Default" not in parameter  # CloudFormation refuses a deploy without a value
    assert int(parameter["MinLength"]) >= 1
    pattern = re.compile(f"^{parameter['AllowedPattern']}$")
    for blank in ("", " ", "   "):
        assert not pattern.match(blank)
    assert pattern.match("Association Dames du Jour")
    variables = template()["Resources"]["CommunityFunction"]["Properties"]["Environment"][
        "Variables"
    ]
    assert name in str(variables)


def test_the_client_key_rotates_with_its_own_function() -> None:
    resources = template()["Resources"]
    schedule = resources["ClientKeyRotation"]["Properties"]
    assert "ClientKeySecret" in str(schedule["SecretId"])
    assert "KeyRotationFunction" in str(schedule["RotationLambdaARN"])
    assert schedule["RotationRules"]["ScheduleExpression"] == "rate(30 days)"
    permission = resources["KeyRotationPermission"]["Properties"]
    assert permission["Principal"] == "secretsmanager.amazonaws.com"


def test_every_function_that_keys_counters_may_read_the_ring() -> None:
    """The ring is read at run time: a function without the right would fail its first
    request that counts anything."""
    resources = template()["Resources"]
    for name in ("GamesFunction", "CommunityFunction", "PlayerRetentionFunction"):
        policies = str(resources[name]["Properties"]["Policies"])
        assert "ClientKeySecret" in policies, name


def test_the_privacy_job_runs_daily() -> None:
    events = template()["Resources"]["PlayerRetentionFunction"]["Properties"]["Events"]
    (event,) = events.values()
    assert event["Type"] == "Schedule"
    assert re.fullmatch(r"cron\(\d+ \d+ \* \* \? \*\)", event["Properties"]["Schedule"])
