"""CloudFront's answer to an unknown address: the site's 404 page with status 404, while every
error of the API keeps its JSON body.

CustomErrorResponses would apply to the whole distribution (the API's 403 and 404 included),
so the template must not have any for those codes; the work is done by a CloudFront Function
on the site's default behaviour only. Its JavaScript is run here under Node, the way
CloudFront calls it (a viewer-request event, then a viewer-response one), against every file
of frontend/ and a few unknown paths.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

import pytest

from deploy import site_pages
from tests.lint.template_model import REPO_ROOT, resources_of_type

pytestmark = pytest.mark.lint

FRONTEND = REPO_ROOT / "frontend"
NOT_FOUND_PAGE = "/404.html"
UNKNOWN = [
    "/nope",
    "/nope.html",
    "/games/123",
    "/play",
    "/index.html/",
    "/js/",
    "/js/../secret",
    "/frontend/index.html",
    "/API/daily",
]

# Calls the handler twice per URI like CloudFront: the request event (which may rewrite the
# URI), then the response event carrying that request and S3's 200.
RUNNER = """
%s
const uris = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = uris.map((uri) => {
  const request = handler({context: {eventType: "viewer-request"}, request: {uri, method: "GET",
    querystring: {}, headers: {}, cookies: {}}});
  const response = handler({context: {eventType: "viewer-response"}, request,
    response: {statusCode: 200, statusDescription: "OK", headers: {}, cookies: {}}});
  return [request.uri, response.statusCode];
});
process.stdout.write(JSON.stringify(out));
"""


def distribution_config() -> dict[str, Any]:
    (distribution,) = resources_of_type("AWS::CloudFront::Distribution").values()
    config: dict[str, Any] = distribution["Properties"]["DistributionConfig"]
    return config


def function_id() -> str:
    (name,) = resources_of_type("AWS::CloudFront::Function")
    return name


def run_function(uris: list[str]) -> dict[str, tuple[str, int]]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is needed to run the CloudFront Function's code")
    code = resources_of_type("AWS::CloudFront::Function")[function_id()]["Properties"][
        "FunctionCode"
    ]
    completed = subprocess.run(
        [node, "-e", RUNNER % code],
        input=json.dumps(uris),
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    results = json.loads(completed.stdout)
    return {uri: (target, status) for uri, (target, status) in zip(uris, results, strict=True)}


def test_no_custom_error_response_touches_the_api_errors() -> None:
    codes = {r["ErrorCode"] for r in distribution_config().get("CustomErrorResponses", [])}
    assert not codes & {400, 401, 403, 404, 409, 422, 429}


def test_the_function_runs_on_the_site_behaviour_only() -> None:
    config = distribution_config()
    arn = {"Fn::GetAtt": [function_id(), "FunctionARN"]}
    site = config["DefaultCacheBehavior"]["FunctionAssociations"]
    assert {(a["EventType"], json.dumps(a["FunctionARN"])) for a in site} == {
        ("viewer-request", json.dumps(arn)),
        ("viewer-response", json.dumps(arn)),
    }
    for behaviour in config["CacheBehaviors"]:
        assert function_id() not in json.dumps(behaviour.get("FunctionAssociations", []))
    properties = resources_of_type("AWS::CloudFront::Function")[function_id()]["Properties"]
    assert properties["FunctionConfig"]["Runtime"] == "cloudfront-js-2.0"
    assert properties["AutoPublish"] is True


def test_every_site_file_is_served_as_it_is() -> None:
    files = sorted(f"/{key}" for key in site_pages.site_files(FRONTEND) if key != "404.html")
    assert "/index.html" in files and "/js/lang-boot.js" in files
    results = run_function(["/", *files])
    wrong = {uri: result for uri, result in results.items() if result != (uri, 200)}
    assert not wrong, f"site files the CloudFront Function would answer with its 404: {wrong}"


def test_unknown_addresses_get_the_404_page_with_status_404() -> None:
    assert (FRONTEND / "404.html").is_file()
    # The pages' shared parts are never published: their addresses are unknown ones too.
    parts = sorted(f"/partials/{path.name}" for path in (FRONTEND / "partials").iterdir())
    assert parts
    results = run_function([*UNKNOWN, NOT_FOUND_PAGE, *parts])
    assert results == dict.fromkeys([*UNKNOWN, NOT_FOUND_PAGE, *parts], (NOT_FOUND_PAGE, 404))
