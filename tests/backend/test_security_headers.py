"""The security headers of the local server (local/security_headers.py) and a site that can
live under them: no inline script, no inline event handler, no style attribute.

template.yaml carrying the same values is checked in tests/lint/test_template.py; the
browser tests fail on any violation the browser itself reports.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from deploy import site_pages
from local.security_headers import (
    CONTENT_SECURITY_POLICY,
    SECURITY_HEADERS,
    SecurityHeadersMiddleware,
)
from local.server import create_app

FRONTEND_DIR = Path(__file__).resolve().parents[2] / "frontend"


def test_the_policy_is_strict() -> None:
    policy = SECURITY_HEADERS["Content-Security-Policy"]
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert CONTENT_SECURITY_POLICY["default-src"] == "'self'"
    assert CONTENT_SECURITY_POLICY["script-src"] == "'self'"
    assert CONTENT_SECURITY_POLICY["style-src"] == "'self'"
    assert CONTENT_SECURITY_POLICY["object-src"] == "'none'"
    assert CONTENT_SECURITY_POLICY["frame-ancestors"] == "'none'"
    assert SECURITY_HEADERS["Strict-Transport-Security"].startswith("max-age=")
    assert SECURITY_HEADERS["X-Content-Type-Options"] == "nosniff"
    assert SECURITY_HEADERS["Referrer-Policy"]


def test_the_middleware_sets_every_header_and_replaces_the_apps_own() -> None:
    def page(request: Any) -> PlainTextResponse:
        return PlainTextResponse(
            "hi", headers={"Content-Security-Policy": "default-src *", "X-Custom": "kept"}
        )

    app = SecurityHeadersMiddleware(Starlette(routes=[Route("/", page)]))
    response = TestClient(app).get("/")
    for name, value in SECURITY_HEADERS.items():
        assert response.headers.get_list(name) == [value], name
    assert response.headers["x-custom"] == "kept"
    assert response.text == "hi"


@pytest.mark.parametrize(
    "path, status",
    [
        ("/", 200),
        ("/play.html", 200),
        ("/css/site.css", 200),
        ("/nothing-here.html", 404),
        ("/api/health", 200),
        ("/api/games/g_nope", 401),  # no token
        ("/api/leaderboards/daily/not-a-date", 422),
    ],
)
def test_the_local_server_sends_the_headers_on_site_and_api(
    table: Any, path: str, status: int
) -> None:
    with TestClient(create_app(FRONTEND_DIR, run_rotation=False)) as client:
        response = client.get(path)
    assert response.status_code == status, response.text
    for name, value in SECURITY_HEADERS.items():
        assert response.headers.get(name) == value, (path, name)


class InlineFinder(HTMLParser):
    """Collects what a strict CSP would refuse in one page."""

    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []
        self._in_inline_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = {name.lower() for name, _ in attrs}
        if tag == "script" and "src" not in names:
            self._in_inline_script = True
        if tag == "style":
            self.problems.append("a <style> element")
        if "style" in names:
            self.problems.append(f"a style attribute on <{tag}>")
        self.problems += [
            f"an {name} handler on <{tag}>" for name in names if name.startswith("on")
        ]
        self.problems += [
            f"a javascript: URL on <{tag}>"
            for _, value in attrs
            if value and value.strip().lower().startswith("javascript:")
        ]

    def handle_data(self, data: str) -> None:
        if self._in_inline_script and data.strip():
            self.problems.append("an inline <script>")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_inline_script = False


@pytest.mark.parametrize("page", sorted(p.name for p in FRONTEND_DIR.glob("*.html")))
def test_pages_have_nothing_inline_that_the_policy_refuses(page: str) -> None:
    finder = InlineFinder()
    finder.feed(site_pages.render_page(FRONTEND_DIR / page, FRONTEND_DIR))  # with their parts
    assert finder.problems == []


# A style attribute written from script is refused too; ``element.style.x = …`` (the CSSOM)
# is not, and stays allowed.
STYLE_ATTRIBUTE_FROM_SCRIPT = re.compile(
    r"setAttribute\(\s*[\"']style[\"']|\.cssText\b|style=|\beval\(|new Function\("
)


@pytest.mark.parametrize("script", sorted(p.name for p in (FRONTEND_DIR / "js").glob("*.js")))
def test_scripts_write_no_style_attribute_and_evaluate_no_strings(script: str) -> None:
    source = (FRONTEND_DIR / "js" / script).read_text()
    assert STYLE_ATTRIBUTE_FROM_SCRIPT.findall(source) == []
