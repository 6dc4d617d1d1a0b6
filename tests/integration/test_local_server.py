"""``local.server.create_app`` in-process over moto: the API Gateway/CloudFront split, the
static site, and the start-up rotation. Quick (no Java, no sockets), so not marked."""

from __future__ import annotations

import subprocess
import sys
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import boto3
import pytest
from dames_backend import db
from dames_backend.tables import create_table
from moto import mock_aws
from starlette.testclient import TestClient

from deploy import site_pages
from local.paths import FRONTEND_DIR, REPO_ROOT
from local.server import create_app
from tests.integration.local_run import REGION

INDEX_HTML = "<!doctype html><html><body>site under test</body></html>"


@pytest.fixture
def table(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    name = f"local-{uuid.uuid4().hex[:8]}"
    for key, value in {
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "AWS_DEFAULT_REGION": REGION,
        "AWS_REGION": REGION,
        "TABLE_NAME": name,
        "POWERTOOLS_METRICS_DISABLED": "true",
    }.items():
        monkeypatch.setenv(key, value)
    monkeypatch.delenv("DYNAMODB_ENDPOINT", raising=False)
    with mock_aws():
        db.reset()
        create_table(boto3.client("dynamodb", region_name=REGION), name)
        yield boto3.resource("dynamodb", region_name=REGION).Table(name)
        db.reset()


@pytest.fixture
def site(tmp_path: Path) -> Path:
    (tmp_path / "index.html").write_text(INDEX_HTML)
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "app.js").write_text("export const answer = 42;\n")
    return tmp_path


def today_item(table: Any) -> dict[str, Any] | None:
    day = datetime.now(UTC).date().isoformat()
    item: dict[str, Any] | None = table.get_item(Key={"pk": f"DAILY#{day}", "sk": "DAILY"}).get(
        "Item"
    )
    return item


def test_paths_go_where_api_gateway_and_cloudfront_send_them(table: Any, site: Path) -> None:
    with TestClient(create_app(site), raise_server_exceptions=False) as client:
        created = client.post("/api/games", json={"mode": "free"})
        assert created.status_code == 201, created.text
        assert created.json()["game"]["id"].startswith("g_")
        assert client.get("/api/health").json() == {"ok": True}
        # A path that merely starts with "games" is the community function's 404, in JSON.
        stray = client.get("/api/gamesx")
        assert stray.status_code == 404 and stray.json()["error"]
        assert client.get("/").text == INDEX_HTML
        script = client.get("/js/app.js")
        assert script.status_code == 200 and "answer = 42" in script.text
        assert client.get("/nothing-here.html").status_code == 404


def test_start_up_creates_todays_challenge(table: Any, site: Path) -> None:
    assert today_item(table) is None
    with TestClient(create_app(site)):
        item = today_item(table)
    assert item is not None and item["seed"]


def test_without_rotation_start_up_writes_nothing(table: Any, site: Path) -> None:
    with TestClient(create_app(site, run_rotation=False)) as client:
        assert client.get("/api/health").status_code == 200
        assert today_item(table) is None


def test_the_real_site_is_served_at_the_root(table: Any) -> None:
    with TestClient(create_app(FRONTEND_DIR, run_rotation=False)) as client:
        page = client.get("/")
    assert page.status_code == 200
    assert page.text == site_pages.render_page(FRONTEND_DIR / "index.html")


def test_pages_are_served_with_their_parts_and_the_parts_are_not(
    table: Any, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    (site / "partials").mkdir(parents=True)
    (site / "partials" / "header.html").write_text("<header>shared</header>\n")
    (site / "index.html").write_text("<body>\n<!--#include header.html-->\n<main>home</main>\n")
    (site / "404.html").write_text("<!--#include header.html-->\n<p>lost</p>\n")
    with TestClient(create_app(site, run_rotation=False)) as client:
        home = client.get("/")
        assert home.status_code == 200 and home.headers["content-type"].startswith("text/html")
        assert home.text == "<body>\n<header>shared</header>\n<main>home</main>\n"
        # A part's change shows on the next request, though the page itself has not changed.
        (site / "partials" / "header.html").write_text("<header>changed</header>\n")
        again = client.get("/index.html", headers={"If-None-Match": home.headers.get("etag", "")})
        assert again.status_code == 200 and "<header>changed</header>" in again.text
        for path in ("/partials/header.html", "/partials/", "/partials", "/nowhere"):
            lost = client.get(path)
            assert (lost.status_code, lost.text) == (404, "<header>changed</header>\n<p>lost</p>\n")


def test_importing_the_local_server_starts_and_imports_nothing() -> None:
    probe = (
        "import sys, local.server, local.run; "
        "print(sorted(m for m in ('games_app', 'community_app', 'daily_rotation', "
        "'dames_backend.db') if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], cwd=REPO_ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
