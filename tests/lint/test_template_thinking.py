"""template.yaml bounds the computer's thinking on AWS as local/limiter.py does locally."""

from __future__ import annotations

from typing import Any

import pytest

from local.limiter import THINKING_ROUTE
from tests.lint.template_model import function_property, http_routes, resources_of_type, template

pytestmark = pytest.mark.lint

MOVES_ROUTE = "POST /api/games/{id}/moves"


# The stated peak the limits are sized for (docs/operations.md, "Capacity"): a million players a
# day, one daily game of 75 player moves each, the evening peak 5 times the day's average.
PEAK_MOVES_PER_S = 5 * 1_000_000 * 75 / 86_400
# API Gateway's quota for HTTP APIs, per account and region: no route limit may pass it.
ACCOUNT_RATE, ACCOUNT_BURST = 10_000, 5_000


def test_the_moves_route_has_its_own_throttling_sized_for_the_peak() -> None:
    (api,) = resources_of_type("AWS::Serverless::HttpApi").values()
    moves = api["Properties"]["RouteSettings"][MOVES_ROUTE]
    parameters = template()["Parameters"]
    rate = parameters[moves["ThrottlingRateLimit"]["Ref"]]["Default"]
    burst = parameters[moves["ThrottlingBurstLimit"]["Ref"]]["Default"]
    assert PEAK_MOVES_PER_S <= rate <= ACCOUNT_RATE
    assert rate <= burst <= ACCOUNT_BURST
    # Every other route gets the default limit each; none is as busy as the moves.
    default = api["Properties"]["DefaultRouteSettings"]
    assert parameters[default["ThrottlingRateLimit"]["Ref"]]["Default"] < rate


def test_every_route_where_the_computer_thinks_is_throttled_at_least_as_tightly() -> None:
    """The routes local/limiter.py guards are the ones API Gateway bounds on AWS: the moves
    as sized for the peak, the help (hint, draw offer, PDN reader) more tightly still."""
    (api,) = resources_of_type("AWS::Serverless::HttpApi").values()
    settings = api["Properties"]["RouteSettings"]
    thinking = {
        f"{method} {path}"
        for method, path in http_routes("GamesFunction")
        if THINKING_ROUTE.match(path.replace("{}", "g_x"))
    }
    assert len(thinking) >= 3
    assert {route.replace("{id}", "{}") for route in settings} == thinking
    defaults = template()["Parameters"]

    def limits(setting: dict[str, Any]) -> tuple[int, int]:
        return (defaults[setting["ThrottlingRateLimit"]["Ref"]]["Default"],
                defaults[setting["ThrottlingBurstLimit"]["Ref"]]["Default"])

    moves_rate, moves_burst = limits(settings[MOVES_ROUTE])
    for route, setting in settings.items():
        rate, burst = limits(setting)
        assert rate <= moves_rate and burst <= moves_burst, route


def test_the_games_function_can_reserve_its_concurrency() -> None:
    reserved = function_property("GamesFunction", "ReservedConcurrentExecutions")
    assert reserved["Fn::If"][0] == "HasGamesReservedConcurrency"
    assert "HasGamesReservedConcurrency" in template()["Conditions"]
