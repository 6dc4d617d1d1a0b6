"""template.yaml read once, with the CloudFormation tags understood (``!Ref``, ``!Sub``…).

cfn-lint's own decoder turns the tags into their JSON forms (``{"Ref": "X"}``), so the tests
compare plain dicts and lists.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from cfnlint.decode import decode

REPO_ROOT = Path(__file__).resolve().parents[2]
TEMPLATE_PATH = REPO_ROOT / "template.yaml"

# API Gateway and FastAPI both write path parameters in braces, possibly under other names.
PATH_PARAMETER = re.compile(r"\{[^}/]+\}")


@cache
def template() -> dict[str, Any]:
    """The decoded template (raises if it does not parse)."""
    decoded, matches = decode(str(TEMPLATE_PATH))
    if matches or decoded is None:
        raise AssertionError(f"template.yaml does not parse: {matches}")
    return decoded


def resources_of_type(kind: str) -> dict[str, dict[str, Any]]:
    """Every resource of CloudFormation/SAM type ``kind``, by logical id."""
    return {
        name: resource
        for name, resource in template()["Resources"].items()
        if resource.get("Type") == kind
    }


def function_property(name: str, key: str) -> Any:
    """A function's property, falling back to ``Globals.Function`` like SAM does (SAM merges
    ``Environment.Variables`` of both; a function's own value wins otherwise)."""
    properties = template()["Resources"][name]["Properties"]
    globals_value = template().get("Globals", {}).get("Function", {}).get(key)
    if key == "Environment":
        variables = {
            **((globals_value or {}).get("Variables", {})),
            **(properties.get(key, {}).get("Variables", {})),
        }
        return {"Variables": variables}
    return properties.get(key, globals_value)


def normalise_path(path: str) -> str:
    """``/api/games/{game_id}`` → ``/api/games/{}``: parameter names do not route."""
    return PATH_PARAMETER.sub("{}", path)


def http_routes(function_name: str) -> set[tuple[str, str]]:
    """(METHOD, normalised path) of every HttpApi event of one function."""
    events = template()["Resources"][function_name]["Properties"].get("Events", {})
    return {
        (str(event["Properties"]["Method"]).upper(), normalise_path(event["Properties"]["Path"]))
        for event in events.values()
        if event["Type"] == "HttpApi"
    }
