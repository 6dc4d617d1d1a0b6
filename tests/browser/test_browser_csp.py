"""The site runs under the Content-Security-Policy that AWS sends, and a violation cannot go
unnoticed: the ``csp_violations`` fixture (conftest.py) collects the violations of every page
and fails the test that leaves one. These tests inject what the policy refuses and check it
is both refused and reported."""

from __future__ import annotations

from typing import Any

import pytest

from local.security_headers import SECURITY_HEADERS

pytestmark = pytest.mark.browser

INJECT_INLINE_SCRIPT = """() => {
  const script = document.createElement("script");
  script.textContent = "window.injected = true;";
  document.body.append(script);
}"""
INJECT_STYLE_ATTRIBUTE = """() => {
  document.body.setAttribute("style", "outline: 9px solid red");
}"""
INJECT_INLINE_HANDLER = """() => {
  const image = document.createElement("img");
  image.setAttribute("onerror", "window.injected = true");
  image.src = "/nothing-here.png";
  document.body.append(image);
}"""


@pytest.mark.parametrize(
    "injection, directive",
    [
        (INJECT_INLINE_SCRIPT, "script-src-elem"),
        (INJECT_STYLE_ATTRIBUTE, "style-src-attr"),
        (INJECT_INLINE_HANDLER, "script-src-attr"),
    ],
    ids=["inline-script", "style-attribute", "inline-handler"],
)
def test_an_injected_inline_script_or_style_is_refused_and_reported(
    page: Any, csp_violations: list[str], injection: str, directive: str
) -> None:
    response = page.goto("/")
    assert response is not None
    for name, value in SECURITY_HEADERS.items():
        assert response.headers.get(name.lower()) == value, name
    assert csp_violations == []  # the page itself is clean
    with page.expect_console_message(lambda message: "[csp-violation]" in message.text):
        page.evaluate(injection)
    assert page.evaluate("() => window.injected === undefined")
    assert any(directive in violation for violation in csp_violations), csp_violations
    csp_violations.clear()  # provoked on purpose: the fixture must not fail this test
