"""The fair-play report routes (``POST /api/leaderboards/…/reports``), served by the
community function beside the boards whose entries they name.

A player reports a public entry they doubt; the rules (one report per entry and player, a
few a day, never one's own) live in ``dames_backend.fairplay.reports``, and the answer says
only that the report was received, so reports cannot probe the verdict. ``install`` adds
the routes to the community app where it is called, with the app's own path and header
parameters (``community_params``) and its reading of a board's day.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from community_params import NO_STORE, BoardDate, PlayerToken
from dames_backend.boards.views import BoardName
from dames_backend.errors import error_responses
from dames_backend.fairplay import reports as fairplay_reports
from dames_backend.limits import clients as client_limits
from dames_backend.web.app_factory import StrictModel, record_event
from fastapi import FastAPI, Request, Response
from pydantic import BaseModel, Field


class ReportRequest(StrictModel):
    """A public entry a player doubts: the pseudonym as the board shows it, and why."""

    pseudonym: str = Field(min_length=1, max_length=200)
    kind: fairplay_reports.ReportKind = Field(
        "other", description="engine: an engine's moves; copy: another's line; other."
    )


class ReportReceived(BaseModel):
    """Only that it was received: neither the count nor what the moderators decide."""

    received: bool = True


def _report(board: BoardName, date: str | None, body: ReportRequest, request: Request,
            response: Response, player_token: str | None) -> ReportReceived:
    response.headers["Cache-Control"] = NO_STORE
    fairplay_reports.report_entry(
        board=board, date=date, pseudonym=body.pseudonym, kind=body.kind,
        player_token=player_token, client=client_limits.scope_address_key(request.scope),
    )
    record_event("EntryReported")
    return ReportReceived()


def install(app: FastAPI, board_day: Callable[[str], tuple[str, bool]]) -> None:
    """Add the daily and the free board's report routes to the community app;
    ``board_day`` reads a daily board's path date (422 for no real day)."""
    options: dict[str, Any] = {
        "status_code": 201, "response_model": ReportReceived,
        "responses": error_responses(401, 403, 404, 409, 413, 422, 429),
    }

    @app.post("/api/leaderboards/daily/{date}/reports", **options)
    def report_daily_entry(
        date: BoardDate, body: ReportRequest, request: Request, response: Response,
        player_token: PlayerToken = None,
    ) -> ReportReceived:
        """Report a public entry of a day's board (one report per entry and player, a few a
        day); a moderator looks at it (docs/fair-play.md)."""
        day, _ = board_day(date)
        return _report("daily", day, body, request, response, player_token)

    @app.post("/api/leaderboards/free/reports", **options)
    def report_free_entry(
        body: ReportRequest, request: Request, response: Response,
        player_token: PlayerToken = None,
    ) -> ReportReceived:
        """Report a public entry of the free board (as the daily's)."""
        return _report("free", None, body, request, response, player_token)
