"""template.yaml's alarms and dashboard watch what the stack really has.

cfn-lint checks each alarm's shape, not that it watches a route that exists, a function of
this stack, or that someone is told: a typo in a route's path is an alarm that never fires.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.lint.template_model import (
    http_routes,
    normalise_path,
    resources_of_type,
    template,
)

pytestmark = pytest.mark.lint

SUB_REFERENCE = re.compile(r"\$\{([A-Za-z0-9:]+)(?:\.([A-Za-z]+))?\}")
TOPIC_ACTIONS = {"Fn::If": ["HasAlarmTopic", [{"Ref": "AlarmTopicArn"}], []]}


def alarms() -> dict[str, dict[str, Any]]:
    return resources_of_type("AWS::CloudWatch::Alarm")


def metric_dimensions(alarm: dict[str, Any]) -> list[list[dict[str, Any]]]:
    """The dimensions of every metric an alarm reads (plain or metric math)."""
    properties = alarm["Properties"]
    if "Metrics" not in properties:
        return [properties.get("Dimensions", [])]
    return [
        query["MetricStat"]["Metric"].get("Dimensions", [])
        for query in properties["Metrics"]
        if "MetricStat" in query
    ]


def dashboard() -> tuple[dict[str, Any], set[str]]:
    """The dashboard's body (references replaced) and the logical ids it references."""
    (board,) = resources_of_type("AWS::CloudWatch::Dashboard").values()
    body = board["Properties"]["DashboardBody"]["Fn::Sub"]
    names = {match.group(1) for match in SUB_REFERENCE.finditer(body)}
    return json.loads(SUB_REFERENCE.sub("x", body)), names


def test_every_alarm_notifies_the_topic_when_one_is_given() -> None:
    assert template()["Parameters"]["AlarmTopicArn"]["Default"] == ""
    assert alarms()
    for name, alarm in alarms().items():
        properties = alarm["Properties"]
        assert properties["AlarmActions"] == TOPIC_ACTIONS, name
        assert properties["OKActions"] == TOPIC_ACTIONS, name
        assert properties.get("TreatMissingData"), name


def test_alarms_watch_this_stacks_resources() -> None:
    resources = template()["Resources"]
    for name, alarm in alarms().items():
        for dimensions in metric_dimensions(alarm):
            assert dimensions, f"{name} watches a metric of the whole account"
            for dimension in dimensions:
                value = dimension["Value"]
                if isinstance(value, dict):
                    # A Ref, or a GetAtt (a queue's name): either names a resource of the stack.
                    target = value.get("Ref") or value.get("Fn::GetAtt", [None])[0]
                    assert target in resources, (name, value)


def test_route_alarms_watch_routes_that_exist() -> None:
    routes = http_routes("GamesFunction") | http_routes("CommunityFunction")
    watched = 0
    for name, alarm in alarms().items():
        for dimensions in metric_dimensions(alarm):
            by_name = {d["Name"]: d["Value"] for d in dimensions}
            if "Resource" in by_name:
                watched += 1
                route = (by_name["Method"], normalise_path(by_name["Resource"]))
                assert route in routes, f"{name} watches {route}, which no function serves"
    assert watched >= 4


def test_route_metrics_are_enabled_on_the_api() -> None:
    (api,) = resources_of_type("AWS::Serverless::HttpApi").values()
    assert api["Properties"]["DefaultRouteSettings"]["DetailedMetricsEnabled"] is True


def test_every_function_has_an_errors_alarm() -> None:
    watched = {
        dimension["Value"]["Ref"]
        for alarm in alarms().values()
        if alarm["Properties"].get("MetricName") == "Errors"
        for dimensions in metric_dimensions(alarm)
        for dimension in dimensions
        if dimension["Name"] == "FunctionName"
    }
    assert watched == set(resources_of_type("AWS::Serverless::Function"))


def test_the_dashboard_shows_every_alarm_and_parses() -> None:
    body, names = dashboard()
    (alarm_widget,) = [w for w in body["widgets"] if w["type"] == "alarm"]
    assert len(alarm_widget["properties"]["alarms"]) == len(alarms())
    assert set(alarms()) <= names
    assert names - set(alarms()) <= set(template()["Resources"]) | {"AWS::Region"}


def test_every_function_logs_to_a_group_of_the_stack_with_a_retention() -> None:
    """A group Lambda creates by itself keeps every line for ever, and bills it for ever; the
    API's access log, which shows throttled and failed requests no function sees, too."""
    groups = resources_of_type("AWS::Logs::LogGroup")
    functions = resources_of_type("AWS::Serverless::Function")
    assert functions
    used = []
    for name, function in functions.items():
        group = function["Properties"]["LoggingConfig"]["LogGroup"]["Ref"]
        assert group in groups, f"{name} logs to {group}, not a log group of this stack"
        assert groups[group]["Properties"]["RetentionInDays"] == {"Ref": "LogRetentionDays"}
        used.append(group)
    assert len(set(used)) == len(used), "two functions share a log group"
    (api,) = resources_of_type("AWS::Serverless::HttpApi").values()
    access = api["Properties"]["AccessLogSettings"]["DestinationArn"]["Fn::GetAtt"][0]
    assert access in groups and access not in used, "the API's access log has a group of its own"
    assert groups[access]["Properties"]["RetentionInDays"] == {"Ref": "LogRetentionDays"}
    assert sorted([*used, access]) == sorted(groups), "a log group nobody writes to"
    retention = template()["Parameters"]["LogRetentionDays"]
    assert retention["Default"] in retention["AllowedValues"]


def test_the_api_access_log_is_one_json_object_per_request() -> None:
    """CloudWatch Logs Insights reads the fields of a JSON line; a stray quote would make every
    line unreadable, and these are the fields an abuse or outage investigation needs."""
    (api,) = resources_of_type("AWS::Serverless::HttpApi").values()
    line = api["Properties"]["AccessLogSettings"]["Format"]
    fields = json.loads(line)
    assert {"requestId", "route", "status", "integrationError"} <= set(fields)
    # No address: with the request id it would join a player to a network (docs/privacy.md,
    # "Logs"); floods show in the per-client counters instead.
    assert not any("sourceIp" in value for value in fields.values())
    assert all(value.startswith("$context.") for value in fields.values())
