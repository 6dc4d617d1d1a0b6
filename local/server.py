"""One ASGI app for the local run: the two Lambda apps, the site, and the midnight rotation.

API Gateway routes ``/api/games…`` to GamesFunction and the other ``/api/…`` paths to
CommunityFunction; CloudFront serves everything else from the site bucket. ``create_app``
reproduces that split in-process, so the local server runs the very FastAPI apps Lambda runs.

Importing this module has no side effect: nothing is imported from the functions, no table is
touched and no task starts until ``create_app`` is called and the server sends its lifespan
start-up.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.responses import FileResponse, HTMLResponse, Response
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from deploy import site_pages
from local import rotation
from local.paths import FRONTEND_DIR, add_code_paths
from local.security_headers import SecurityHeadersMiddleware

if TYPE_CHECKING:
    from local.analysis_worker import AnalysisWorker

logger = logging.getLogger("local.server")

GAMES_PREFIX = "/api/games"
SWITCH_INTERVAL_SECONDS = 0.001
API_PREFIX = "/api"


def _under(path: str, prefix: str) -> bool:
    """True when ``path`` is ``prefix`` itself or below it (``/api/gamesX`` is not)."""
    return path == prefix or path.startswith(prefix + "/")


class SitePages(StaticFiles):
    """``frontend/`` as CloudFront serves the published site: each page with its shared parts
    put in (``deploy/site_pages.py``), the partials themselves not served."""

    def lookup_path(self, path: str) -> tuple[str, os.stat_result | None]:
        if site_pages.is_part(path):
            return "", None
        return super().lookup_path(path)

    def file_response(
        self,
        full_path: str | os.PathLike[str],
        stat_result: os.stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        if str(full_path).endswith(".html"):
            # Rendered below, always in full: a part may have changed when the page has not.
            return FileResponse(full_path, status_code=status_code, stat_result=stat_result)
        return super().file_response(full_path, stat_result, scope, status_code)

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        if isinstance(response, FileResponse) and str(response.path).endswith(".html"):
            root = Path(str(self.directory))
            page = site_pages.render_page(Path(response.path), root)
            return HTMLResponse(page, status_code=response.status_code)
        return response


class LocalApp:
    """Dispatches each request like API Gateway + CloudFront would, and owns the rotation."""

    def __init__(
        self,
        games: ASGIApp,
        community: ASGIApp,
        site: ASGIApp,
        *,
        run_rotation: bool,
        analysis: AnalysisWorker | None = None,
    ) -> None:
        self.games = games
        self.community = community
        self.site = site
        self.run_rotation = run_rotation
        self.analysis = analysis
        self._rotation_task: asyncio.Task[Any] | None = None

    def route(self, path: str) -> ASGIApp:
        """The app that answers ``path``."""
        if _under(path, GAMES_PREFIX):
            return self.games
        if _under(path, API_PREFIX):
            return self.community
        return self.site

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        # Every answer, API or site, carries the headers CloudFront adds on AWS.
        await SecurityHeadersMiddleware(self.route(scope["path"]))(scope, receive, send)

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        """Start-up creates today's challenge, then the midnight loop runs until shutdown."""
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                if self.run_rotation:
                    await self._start_rotation()
                if self.analysis is not None:
                    self.analysis.start()
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await self._stop_rotation()
                if self.analysis is not None:
                    await asyncio.to_thread(self.analysis.stop)
                await send({"type": "lifespan.shutdown.complete"})
                return

    async def _start_rotation(self) -> None:
        """Rotate once for now (awaited, so the challenge exists before the first request;
        a failure is logged and retried in the background) and start the midnight loop."""
        now = rotation.utc_now()
        try:
            await rotation.rotate_in_thread(now)
            pending = None
        except Exception:
            logger.exception("start-up rotation failed; retrying in the background")
            pending = now
        self._rotation_task = asyncio.create_task(self._rotation_forever(pending))

    async def _rotation_forever(self, pending: Any) -> None:
        if pending is not None:
            await rotation.rotate_until_done(pending)
        await rotation.midnight_loop()

    async def _stop_rotation(self) -> None:
        task, self._rotation_task = self._rotation_task, None
        if task is None:
            return
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


def create_app(
    frontend_dir: Path | str = FRONTEND_DIR,
    *,
    run_rotation: bool = True,
    run_analysis: bool = True,
) -> LocalApp:
    """Build the local app: ``/api/games…`` → games_app, ``/api/…`` → community_app, the rest
    → the site from ``frontend_dir`` (``index.html`` for a folder, pages rendered), and the
    analysis worker (AnalysisQueue + AnalysisFunction on AWS) unless ``run_analysis=False``.

    The DynamoDB endpoint and table come from the environment (``DYNAMODB_ENDPOINT``,
    ``TABLE_NAME``), read by the backend on first use; set them before the first request.
    ``run_rotation=False`` leaves the daily challenge to the API's on-demand creation.
    """
    add_code_paths()
    import community_app  # importable only after add_code_paths
    import games_app

    from local.analysis_worker import AnalysisWorker  # imports the backend layer
    from local.limiter import ThinkingLimiter  # imports the engine and the backend layers

    # Mounted in a Starlette app so a missing file is a 404 response, not an exception; in html
    # mode StaticFiles answers it with frontend/404.html (status 404), as CloudFront does
    # (template.yaml, SiteNotFoundFunction). /api paths never get here: their 404s stay JSON.
    site = Starlette(routes=[Mount("/", app=SitePages(directory=Path(frontend_dir), html=True))])
    games = ThinkingLimiter(games_app.app)  # bounded searches: see local/limiter.py
    # A search holds the GIL for the whole switch interval (5 ms by default) each time another
    # thread asks for it, and a move's request asks at every read of the table: behind one
    # search, a few milliseconds of work took a second. 1 ms lets them through.
    sys.setswitchinterval(SWITCH_INTERVAL_SECONDS)
    worker = AnalysisWorker() if run_analysis else None
    return LocalApp(games, community_app.app, site, run_rotation=run_rotation, analysis=worker)
