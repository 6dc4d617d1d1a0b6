"""template.yaml agrees with the code it deploys: table, routes, handlers, schedule, site.

Each check guards a drift that neither cfn-lint nor ``sam validate`` would notice: a route
added to a FastAPI app but not to API Gateway is a 404 only in AWS; a GSI changed in
``tables.py`` but not in the template works locally and fails in production.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

import pytest
from fastapi.routing import APIRoute

from tests.lint.dynamodb_usage import actions_needed
from tests.lint.template_model import (
    REPO_ROOT,
    function_property,
    http_routes,
    normalise_path,
    resources_of_type,
    template,
)

pytestmark = pytest.mark.lint

# Function logical id → the module Lambda imports (``<module>.handler``).
API_FUNCTIONS = {"GamesFunction": "games_app", "CommunityFunction": "community_app"}
ALL_FUNCTIONS = {
    **API_FUNCTIONS,
    "DailyRotationFunction": "daily_rotation",
    "AnalysisFunction": "analysis_handler",
    "PlayerRetentionFunction": "player_retention",
    "KeyRotationFunction": "key_rotation",
}
# Functions that never touch the table (their policies name other resources only).
TABLELESS_FUNCTIONS = {"KeyRotationFunction"}
# EventBridge cron: minutes hours day-of-month month day-of-week year.
EVENTBRIDGE_CRON = re.compile(r"^cron\((\S+ ){5}\S+\)$")
# CloudFront managed policy ids (documented, the same in every account).
CACHING_DISABLED = "4135ea2d-6df8-44a3-9df3-4b5a84be39ad"
ALL_VIEWER_EXCEPT_HOST = "b689b0a8-53d0-40ab-baf2-68738e2966ac"
TABLE_WRITE_ACTIONS_NEVER_NEEDED = {"dynamodb:*", "dynamodb:DeleteTable", "dynamodb:Scan"}


def app_routes(module_name: str) -> set[tuple[str, str]]:
    """(METHOD, normalised path) of every ``/api`` route of a FastAPI app, its OpenAPI
    document included (served under ``/api`` as the contract)."""
    app = importlib.import_module(module_name).app
    routes = {
        (method, normalise_path(route.path))
        for route in app.routes
        if isinstance(route, APIRoute) and route.path.startswith("/api")
        for method in route.methods
        if method != "HEAD"
    }
    assert app.openapi_url and app.openapi_url.startswith("/api/")
    return routes | {("GET", app.openapi_url)}


def table_properties() -> dict[str, Any]:
    (table,) = resources_of_type("AWS::DynamoDB::Table").values()
    return table["Properties"]


def by_name(items: list[dict[str, Any]], key: str) -> dict[str, dict[str, Any]]:
    return {item[key]: item for item in items}


def test_table_matches_the_backend_definition() -> None:
    from dames_backend.tables import TABLE_DEFINITION

    properties = table_properties()
    for key, expected in TABLE_DEFINITION.items():
        assert key in properties, f"template.yaml's table has no {key}"
        actual = properties[key]
        if key == "AttributeDefinitions":
            assert by_name(actual, "AttributeName") == by_name(expected, "AttributeName")
        elif key == "GlobalSecondaryIndexes":
            assert by_name(actual, "IndexName") == by_name(expected, "IndexName")
        else:
            assert actual == expected, key
    # Every key-related setting of the template comes from TABLE_DEFINITION.
    structural = {
        "AttributeDefinitions",
        "KeySchema",
        "GlobalSecondaryIndexes",
        "LocalSecondaryIndexes",
        "BillingMode",
        "ProvisionedThroughput",
    }
    assert structural & properties.keys() <= TABLE_DEFINITION.keys()


def test_table_has_ttl_and_point_in_time_recovery() -> None:
    from dames_backend.tables import TTL_ATTRIBUTE

    properties = table_properties()
    assert properties["TimeToLiveSpecification"] == {
        "AttributeName": TTL_ATTRIBUTE,
        "Enabled": True,
    }
    assert properties["PointInTimeRecoverySpecification"] == {"PointInTimeRecoveryEnabled": True}
    assert properties["BillingMode"] == "PAY_PER_REQUEST"


@pytest.mark.parametrize(("function_name", "module_name"), API_FUNCTIONS.items())
def test_template_routes_equal_the_app_routes(function_name: str, module_name: str) -> None:
    in_template = http_routes(function_name)
    in_app = app_routes(module_name)
    assert in_template, f"{function_name} has no HttpApi event"
    assert in_template - in_app == set(), "routed by API Gateway but unknown to the app"
    assert in_app - in_template == set(), "served by the app but not routed by API Gateway"


def test_games_function_owns_exactly_the_games_paths() -> None:
    """The local server splits on ``/api/games`` like API Gateway must."""
    for function_name in API_FUNCTIONS:
        for _method, path in http_routes(function_name):
            is_games = path == "/api/games" or path.startswith("/api/games/")
            assert is_games == (function_name == "GamesFunction"), (function_name, path)


def test_every_api_route_is_on_the_one_http_api() -> None:
    (api_name,) = resources_of_type("AWS::Serverless::HttpApi")
    for function_name in API_FUNCTIONS:
        events = template()["Resources"][function_name]["Properties"]["Events"]
        for event in events.values():
            assert event["Properties"]["ApiId"] == {"Ref": api_name}


@pytest.mark.parametrize(("function_name", "module_name"), ALL_FUNCTIONS.items())
def test_handlers_exist_where_the_template_points(function_name: str, module_name: str) -> None:
    code_uri = function_property(function_name, "CodeUri")
    handler = function_property(function_name, "Handler")
    assert handler == f"{module_name}.handler"
    assert (REPO_ROOT / code_uri / f"{module_name}.py").is_file()
    assert callable(importlib.import_module(module_name).handler)


@pytest.mark.parametrize("function_name", ALL_FUNCTIONS)
def test_functions_run_python_313_on_arm64_with_both_layers(function_name: str) -> None:
    assert function_property(function_name, "Runtime") == "python3.13"
    assert function_property(function_name, "Architectures") == ["arm64"]
    layers = function_property(function_name, "Layers")
    assert {"Ref": "EngineLayer"} in layers and {"Ref": "BackendLayer"} in layers
    variables = function_property(function_name, "Environment")["Variables"]
    assert variables["TABLE_NAME"] == {"Ref": "GameTable"}


def test_layers_hold_the_two_packages_with_their_requirements() -> None:
    layers = resources_of_type("AWS::Serverless::LayerVersion")
    assert set(layers) == {"EngineLayer", "BackendLayer"}
    for name, folder in (("EngineLayer", "engine_layer"), ("BackendLayer", "backend_layer")):
        assert layers[name]["Properties"]["ContentUri"].rstrip("/") == folder
        assert layers[name]["Properties"]["CompatibleRuntimes"] == ["python3.13"]
        assert (REPO_ROOT / folder / "requirements.txt").is_file()


def test_backend_layer_pins_the_versions_the_tests_use() -> None:
    """Lambda must run the library versions the local run and the tests run."""

    def pins(path: str) -> dict[str, str]:
        found: dict[str, str] = {}
        for line in (REPO_ROOT / path).read_text().splitlines():
            line = line.split("#", 1)[0].strip()
            if "==" in line:
                name, version = line.split("==", 1)
                found[re.sub(r"\[.*\]", "", name).strip().lower()] = version.strip()
        return found

    layer, dev = pins("backend_layer/requirements.txt"), pins("requirements-dev.txt")
    assert layer, "backend_layer/requirements.txt pins nothing"
    assert {name: dev.get(name) for name in layer} == layer


def test_the_midnight_schedule_is_the_six_field_eventbridge_cron() -> None:
    events = template()["Resources"]["DailyRotationFunction"]["Properties"]["Events"]
    schedules = [event for event in events.values() if event["Type"] in {"Schedule", "ScheduleV2"}]
    assert len(schedules) == 1
    expression = schedules[0]["Properties"].get("Schedule") or schedules[0]["Properties"].get(
        "ScheduleExpression"
    )
    assert EVENTBRIDGE_CRON.match(expression), expression
    assert expression == "cron(0 0 * * ? *)"


def test_dynamodb_permissions_are_scoped_to_the_table() -> None:
    for function_name in ALL_FUNCTIONS:
        if function_name in TABLELESS_FUNCTIONS:
            continue
        policies = template()["Resources"][function_name]["Properties"]["Policies"]
        statements = [s for policy in policies for s in policy.get("Statement", [])]
        assert statements, f"{function_name} has no inline policy"
        for statement in statements:
            actions = set(statement["Action"])
            assert not actions & TABLE_WRITE_ACTIONS_NEVER_NEEDED, (function_name, actions)
            resources = statement["Resource"]
            resources = resources if isinstance(resources, list) else [resources]
            assert "*" not in resources
            for resource in resources:
                assert "GameTable" in str(resource), (function_name, resource)
    rotation = template()["Resources"]["DailyRotationFunction"]["Properties"]["Policies"]
    (statement,) = rotation[0]["Statement"]
    assert set(statement["Action"]) == {"dynamodb:GetItem", "dynamodb:PutItem"}


def allowed_dynamodb_actions(function_name: str) -> set[str]:
    policies = template()["Resources"][function_name]["Properties"]["Policies"]
    return {
        action
        for policy in policies
        for statement in policy.get("Statement", [])
        if statement["Effect"] == "Allow"
        for action in statement["Action"]
        if action.startswith("dynamodb:")
    }


@pytest.mark.parametrize(("function_name", "module_name"), ALL_FUNCTIONS.items())
def test_each_function_may_do_exactly_what_its_code_does(
    function_name: str, module_name: str
) -> None:
    """Missing a permission is a 5xx only in AWS; an extra one is more than least privilege."""
    entry = REPO_ROOT / function_property(function_name, "CodeUri") / f"{module_name}.py"
    needed = actions_needed(entry)
    allowed = allowed_dynamodb_actions(function_name)
    assert needed - allowed == set(), f"{function_name} calls DynamoDB actions it may not"
    assert allowed - needed == set(), f"{function_name} may do DynamoDB actions it never does"


def test_http_api_is_throttled_and_has_no_cors() -> None:
    (api,) = resources_of_type("AWS::Serverless::HttpApi").values()
    settings = api["Properties"]["DefaultRouteSettings"]
    assert "ThrottlingRateLimit" in settings and "ThrottlingBurstLimit" in settings
    assert "CorsConfiguration" not in api["Properties"]


def test_site_bucket_is_private_and_read_through_origin_access_control() -> None:
    ((bucket_name, bucket),) = resources_of_type("AWS::S3::Bucket").items()
    block = bucket["Properties"]["PublicAccessBlockConfiguration"]
    assert all(
        block[key] is True
        for key in (
            "BlockPublicAcls",
            "BlockPublicPolicy",
            "IgnorePublicAcls",
            "RestrictPublicBuckets",
        )
    )
    (distribution,) = resources_of_type("AWS::CloudFront::Distribution").values()
    config = distribution["Properties"]["DistributionConfig"]
    origins = by_name(config["Origins"], "Id")
    site_origin = origins[config["DefaultCacheBehavior"]["TargetOriginId"]]
    assert site_origin["DomainName"] == {"Fn::GetAtt": [bucket_name, "RegionalDomainName"]}
    assert "OriginAccessControlId" in site_origin
    assert config["DefaultRootObject"] == "index.html"


def test_cloudfront_sends_api_paths_to_the_http_api_uncached_with_tokens() -> None:
    (distribution,) = resources_of_type("AWS::CloudFront::Distribution").values()
    config = distribution["Properties"]["DistributionConfig"]
    (api_behaviour,) = [b for b in config["CacheBehaviors"] if b["PathPattern"] == "/api/*"]
    origin = by_name(config["Origins"], "Id")[api_behaviour["TargetOriginId"]]
    assert "HttpApi" in str(origin["DomainName"])
    assert set(api_behaviour["AllowedMethods"]) == {
        "GET",
        "HEAD",
        "OPTIONS",
        "PUT",
        "PATCH",
        "POST",
        "DELETE",
    }
    assert api_behaviour["CachePolicyId"] == CACHING_DISABLED
    # Forwards every viewer header but Host: Authorization and X-Player-Token reach Lambda.
    assert api_behaviour["OriginRequestPolicyId"] == ALL_VIEWER_EXCEPT_HOST


def test_cloudfront_caches_only_public_answers_never_a_players_rank() -> None:
    (distribution,) = resources_of_type("AWS::CloudFront::Distribution").values()
    behaviours = distribution["Properties"]["DistributionConfig"]["CacheBehaviors"]
    patterns = [b["PathPattern"] for b in behaviours]
    # First match wins: the personal rank before the public boards, both before /api/*.
    assert patterns.index("/api/leaderboards/*/me") < patterns.index("/api/leaderboards/*")
    assert patterns.index("/api/leaderboards/*") < patterns.index("/api/*")
    assert patterns.index("/api/variants") < patterns.index("/api/*")
    mine, public = (b for b in behaviours if b["PathPattern"].startswith("/api/leaderboards/"))
    (variants,) = (b for b in behaviours if b["PathPattern"] == "/api/variants")
    # The variants are the same for everyone too: cached like the public boards.
    assert {k: v for k, v in variants.items() if k != "PathPattern"} == {
        k: v for k, v in public.items() if k != "PathPattern"
    }
    assert mine["CachePolicyId"] == CACHING_DISABLED
    assert mine["OriginRequestPolicyId"] == ALL_VIEWER_EXCEPT_HOST
    # The public boards: no viewer header (no X-Player-Token) is forwarded or in the key, and
    # the cache lasts as long as the origin's Cache-Control says, nothing without one.
    assert "OriginRequestPolicyId" not in public
    assert set(public["AllowedMethods"]) == {"GET", "HEAD"}
    policy_name = public["CachePolicyId"]["Ref"]
    config = resources_of_type("AWS::CloudFront::CachePolicy")[policy_name]["Properties"][
        "CachePolicyConfig"
    ]
    assert (config["MinTTL"], config["DefaultTTL"]) == (0, 0) and config["MaxTTL"] <= 60
    key = config["ParametersInCacheKeyAndForwardedToOrigin"]
    assert key["HeadersConfig"] == {"HeaderBehavior": "none"}
    assert key["CookiesConfig"] == {"CookieBehavior": "none"}
    assert key["QueryStringsConfig"] == {"QueryStringBehavior": "none"}


def test_outputs_give_the_site_the_api_and_the_bucket() -> None:
    assert {"SiteUrl", "ApiUrl", "BucketName"} <= template()["Outputs"].keys()


def test_cloudfront_sends_the_security_headers_the_local_server_sends() -> None:
    """One definition (local/security_headers.py): the browser tests run against the local
    server's headers, so AWS must send exactly those, on the site and on the API."""
    from local.security_headers import SECURITY_HEADERS

    ((policy_name, policy),) = resources_of_type("AWS::CloudFront::ResponseHeadersPolicy").items()
    config = policy["Properties"]["ResponseHeadersPolicyConfig"]["SecurityHeadersConfig"]
    hsts = config["StrictTransportSecurity"]
    sent = {
        "Content-Security-Policy": config["ContentSecurityPolicy"]["ContentSecurityPolicy"],
        "Strict-Transport-Security": f"max-age={hsts['AccessControlMaxAgeSec']}"
        + ("; includeSubDomains" if hsts["IncludeSubdomains"] else "")
        + ("; preload" if hsts["Preload"] else ""),
        # ContentTypeOptions has one possible value, nosniff: present means sent.
        **({"X-Content-Type-Options": "nosniff"} if "ContentTypeOptions" in config else {}),
        "Referrer-Policy": config["ReferrerPolicy"]["ReferrerPolicy"],
        "X-Frame-Options": config["FrameOptions"]["FrameOption"],
    }
    assert sent == dict(SECURITY_HEADERS)
    # Like the local middleware, CloudFront replaces whatever the origin sent.
    assert all(header["Override"] is True for header in config.values())
    assert "unsafe" not in sent["Content-Security-Policy"]

    (distribution,) = resources_of_type("AWS::CloudFront::Distribution").values()
    distribution_config = distribution["Properties"]["DistributionConfig"]
    behaviours = [
        distribution_config["DefaultCacheBehavior"],
        *distribution_config["CacheBehaviors"],
    ]
    assert {b.get("PathPattern", "*"): b["ResponseHeadersPolicyId"] for b in behaviours} == {
        b.get("PathPattern", "*"): {"Ref": policy_name} for b in behaviours
    }
