"""template.yaml bounds the computer's thinking on AWS as local/limiter.py does locally."""

from __future__ import annotations

import pytest

from local.limiter import THINKING_ROUTE
from tests.lint.template_model import function_property, http_routes, resources_of_type, template

pytestmark = pytest.mark.lint

MOVES_ROUTE = "POST /api/games/{id}/moves"


def test_the_moves_route_has_its_own_tighter_throttling() -> None:
    (api,) = resources_of_type("AWS::Serverless::HttpApi").values()
    moves = api["Properties"]["RouteSettings"][MOVES_ROUTE]
    parameters = template()["Parameters"]
    rate = parameters[moves["ThrottlingRateLimit"]["Ref"]]["Default"]
    burst = parameters[moves["ThrottlingBurstLimit"]["Ref"]]["Default"]
    default = api["Properties"]["DefaultRouteSettings"]
    assert rate < parameters[default["ThrottlingRateLimit"]["Ref"]]["Default"]
    assert burst < parameters[default["ThrottlingBurstLimit"]["Ref"]]["Default"]


def test_every_route_where_the_computer_thinks_is_throttled_as_tightly() -> None:
    """The routes local/limiter.py guards are the ones API Gateway bounds on AWS."""
    (api,) = resources_of_type("AWS::Serverless::HttpApi").values()
    settings = api["Properties"]["RouteSettings"]
    thinking = {
        f"{method} {path}"
        for method, path in http_routes("GamesFunction")
        if THINKING_ROUTE.match(path.replace("{}", "g_x"))
    }
    assert len(thinking) >= 3
    assert {route.replace("{id}", "{}") for route in settings} == thinking
    assert all(setting == settings[MOVES_ROUTE] for setting in settings.values())


def test_the_games_function_can_reserve_its_concurrency() -> None:
    reserved = function_property("GamesFunction", "ReservedConcurrentExecutions")
    assert reserved["Fn::If"][0] == "HasGamesReservedConcurrency"
    assert "HasGamesReservedConcurrency" in template()["Conditions"]
