"""Fixtures for the browser tests: the real local server (local.server.create_app) over moto's
DynamoDB, served by uvicorn in a thread, and the system Chromium driven by pytest-playwright.

The server and moto start once per session on free ports; every test gets fresh browser
contexts, so browser storage (game ids and tokens) never leaks between tests.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
FRONTEND_DIR = REPO / "frontend"
ARTIFACTS_DIR = REPO / "artifacts"
# `make test CHROMIUM=…` (or DAMES_CHROMIUM=…) points the tests at another browser binary.
CHROMIUM = os.environ.get("DAMES_CHROMIUM") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
DESKTOP_VIEWPORT = {"width": 1280, "height": 800}
TABLE_NAME = "dames-browser-tests"
_ENV_KEYS = (
    "AWS_ACCESS_KEY_ID",
    "AWS_SECRET_ACCESS_KEY",
    "AWS_REGION",
    "AWS_DEFAULT_REGION",
    "DYNAMODB_ENDPOINT",
    "TABLE_NAME",
    "DAMES_LIMIT_PSEUDONYMS_PER_DAY",
)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    ARTIFACTS_DIR.mkdir(exist_ok=True)
    return ARTIFACTS_DIR


@pytest.fixture(scope="session")
def moto_endpoint() -> Iterator[str]:
    """A moto DynamoDB server with the project's table; the env points the backend at it."""
    from moto.server import ThreadedMotoServer

    port = _free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    endpoint = f"http://127.0.0.1:{port}"
    saved = {k: os.environ.get(k) for k in _ENV_KEYS}
    os.environ.update(
        {
            "AWS_ACCESS_KEY_ID": "testing",
            "AWS_SECRET_ACCESS_KEY": "testing",
            "AWS_REGION": "eu-west-3",
            "AWS_DEFAULT_REGION": "eu-west-3",
            "DYNAMODB_ENDPOINT": endpoint,
            "TABLE_NAME": TABLE_NAME,
            # Every browser of the session registers from 127.0.0.1: one network, many people.
            "DAMES_LIMIT_PSEUDONYMS_PER_DAY": "1000",
        }
    )
    import boto3
    from dames_backend import db
    from dames_backend.tables import create_table

    db.reset()  # another group may have cached a table on another endpoint

    client = boto3.client("dynamodb", endpoint_url=endpoint, region_name="eu-west-3")
    create_table(client, TABLE_NAME)
    yield endpoint
    server.stop()
    db.reset()
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


@pytest.fixture(scope="session")
def games_table(moto_endpoint: str) -> Any:
    """The test table as a plain boto3 resource, for tests that arrange stored data directly
    (like test data), independently of the backend's own store code."""
    import boto3

    resource = boto3.resource("dynamodb", endpoint_url=moto_endpoint, region_name="eu-west-3")
    return resource.Table(TABLE_NAME)


@pytest.fixture(scope="session")
def live_server(moto_endpoint: str) -> Iterator[str]:
    """The whole site and API as `make run` serves them, on a free port."""
    import uvicorn

    from local.run import uvicorn_config
    from local.server import create_app

    port = _free_port()
    app = create_app(frontend_dir=FRONTEND_DIR, run_rotation=False)
    config = uvicorn_config(app, host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="uvicorn-browser-tests", daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the local server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="session")
def base_url(live_server: str) -> str:
    """pytest-playwright resolves relative `page.goto("/…")` against this."""
    return live_server


@pytest.fixture(scope="session")
def seeded(live_server: str) -> dict[str, Any]:
    """Today's daily board with a long pseudonym on it (the widest table a phone must show),
    that player's browser identity, and two closed past days with a challenge."""
    from browser_helpers import published_claim
    from dames_backend.daily.challenge import ensure_daily
    from dames_backend.players.accounts import create_player

    now = datetime.now(UTC)
    today = now.date().isoformat()
    stamp = now.strftime("%H%M%S")
    wide = create_player(f"Wwwwwwwwwwwwww{stamp}")
    other = create_player(f"Zoé{stamp}")
    for i, (new, score, seconds) in enumerate([(other, 7500, 0), (wide, 6105, 3725)]):
        published_claim(
            game_id=f"g_site{stamp}{i}",
            player=new.player,
            board="daily",
            date=today,
            score=score,
            pieces=15,
            seconds=seconds,
        )
    past = [(now.date() - timedelta(days=n)).isoformat() for n in (2, 5)]
    for day in past:
        ensure_daily(day)
    # Yesterday too: once it has closed the home page shows its seed and the verify command,
    # the longest line a phone must wrap.
    ensure_daily((now.date() - timedelta(days=1)).isoformat())
    identity = {
        "playerId": wide.player.player_id,
        "pseudonym": wide.player.pseudonym,
        "token": wide.token,
    }
    return {"player": identity, "past": past, "today": today}


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch the system Chromium: Playwright's own browser download is unreachable here."""
    if not shutil.which(CHROMIUM) and not Path(CHROMIUM).exists():
        pytest.skip(f"system Chromium not installed at {CHROMIUM} (apt-get install chromium)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": DESKTOP_VIEWPORT, "locale": "fr-FR"}


# Runs in every page before its own scripts (injected by the browser, so not itself subject
# to the page's policy): whatever the policy refuses is reported on the console.
CSP_REPORTER = """
document.addEventListener("securitypolicyviolation", (event) => {
  console.error(`[csp-violation] ${event.effectiveDirective} refused ${event.blockedURI}`
    + ` in ${event.documentURI} (${event.sourceFile}:${event.lineNumber})`);
});
"""


def _is_csp_violation(text: str) -> bool:
    return text.startswith("[csp-violation]") or "Content Security Policy" in text


@pytest.fixture(autouse=True)
def csp_violations(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every browser context a test opens reports Content-Security-Policy violations here,
    and a test that leaves one fails: the site must run under the policy AWS sends. A test
    that provokes a violation on purpose checks and clears the list."""
    from playwright.sync_api import Browser

    found: list[str] = []
    new_context = Browser.new_context

    def reporting_context(self: Browser, *args: Any, **kwargs: Any) -> Any:
        context = new_context(self, *args, **kwargs)
        context.add_init_script(CSP_REPORTER)
        context.on(
            "console",
            lambda message: found.append(message.text) if _is_csp_violation(message.text) else None,
        )
        return context

    monkeypatch.setattr(Browser, "new_context", reporting_context)
    yield found
    if found:
        pytest.fail("Content-Security-Policy violations:\n" + "\n".join(found))


@pytest.fixture(params=["desktop", "phone"])
def user(request: pytest.FixtureRequest, browser: Any, playwright: Any, base_url: str) -> Any:
    """A page on a desktop (mouse) or on a Pixel 7 (touch), with `device.press(locator)`
    tapping on the phone and clicking on the desktop."""
    if request.param == "phone":
        options = {**playwright.devices["Pixel 7"], "locale": "fr-FR"}
    else:
        options = {"viewport": DESKTOP_VIEWPORT, "locale": "fr-FR"}
    context = browser.new_context(base_url=base_url, **options)
    page = context.new_page()
    yield Device(request.param, page)
    context.close()


@pytest.fixture
def phone(browser: Any, playwright: Any, base_url: str) -> Iterator[Any]:
    """A page on a Pixel 7 (touch), in French."""
    context = browser.new_context(
        base_url=base_url, **{**playwright.devices["Pixel 7"], "locale": "fr-FR"}
    )
    page = context.new_page()
    yield page
    context.close()


class Device:
    """One browser page and the way its user touches things."""

    def __init__(self, name: str, page: Any) -> None:
        self.name = name
        self.page = page
        self.touch = name == "phone"

    def press(self, locator: Any) -> None:
        if self.touch:
            locator.tap()
        else:
            locator.click()
