"""The site as a whole, on every screen: no page scrolls sideways from 320 px up (portrait and
landscape, light and dark, French and English); a phone held sideways puts the game panel
beside a board that takes the height; the dark theme follows the system and its switch; the
page for an unknown address; the manifest and icons. The home page and the past challenges
are in test_browser_home."""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import assert_accessible, context_with_player

pytestmark = pytest.mark.browser

# Phones (iPhone SE, Galaxy S, Pixel), a tablet held upright, desktops (one just over the
# 900 px two-column breakpoint).
PORTRAIT = [(320, 568), (360, 740), (412, 915), (1024, 1366)]
LANDSCAPE = [(568, 320), (740, 360), (915, 412), (901, 800), (1280, 800)]
SCREENSHOTS = {(320, 568), (568, 320), (740, 360)}
PAGES = [
    "/",
    "/rules.html",
    "/leaderboards.html?board=daily",
    "/play.html?mode=free",
    "/days.html",
    "/analysis-board.html",
    "/no/such/page",
]
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll('body *')]
    .filter((el) => el.getBoundingClientRect().right > width + 0.5 && el.getClientRects().length)
    .slice(0, 5).map((el) => el.id || el.className || el.tagName);
  return [document.documentElement.scrollWidth, window.innerWidth, wide];
}"""


def luminance(page: Any, selector: str) -> float:
    """Relative luminance (0 black … 1 white) of an element's computed background colour."""
    rgb: list[float] = page.evaluate(
        """(sel) => getComputedStyle(document.querySelector(sel)).backgroundColor
             .match(/[\\d.]+/g).slice(0, 3).map(Number)""",
        selector,
    )

    def linear(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else float(((c + 0.055) / 1.055) ** 2.4)

    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_no_page_scrolls_sideways_on_any_screen(
    browser: Any, base_url: str, seeded: dict[str, Any], artifacts_dir: Path
) -> None:
    """One load per page; the viewport, language and colour scheme change in place."""
    context = context_with_player(
        browser, base_url, seeded["player"], locale="fr-FR", viewport={"width": 320, "height": 568}
    )
    problems = []
    for path in PAGES:
        page = context.new_page()
        page.goto(path)
        page.wait_for_load_state("networkidle")
        if path.startswith("/leaderboards"):
            page.wait_for_selector("#lb-body tr")
        name = path.strip("/").split(".")[0].split("?")[0].replace("/", "-") or "home"
        for lang in ("fr", "en"):
            if page.evaluate("document.documentElement.lang") != lang:
                page.locator("#lang-switch").click()
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                for width, height in PORTRAIT + LANDSCAPE:
                    page.set_viewport_size({"width": width, "height": height})
                    scroll, inner, wide = page.evaluate(OVERFLOW)
                    if scroll > inner:
                        problems.append(f"{path} {lang} {scheme} {width}x{height}: {scroll} {wide}")
                    if lang == "fr" and (width, height) in SCREENSHOTS:
                        page.screenshot(
                            path=str(artifacts_dir / f"site-{name}-{width}x{height}-{scheme}.png")
                        )
        page.close()
    context.close()
    assert problems == []


def test_landscape_phone_puts_the_panel_beside_a_board_taking_the_height(
    browser: Any, base_url: str, playwright: Any
) -> None:
    devices = (
        "iPhone SE landscape",  # 568 x 320
        "Pixel 7 landscape",  # 863 x 360
        "Pixel 9 Pro landscape",  # 900 x 375: wide enough for the desktop layout
        "Galaxy A55 landscape",  # 1040 x 480
    )
    for device in devices:
        context = browser.new_context(base_url=base_url, **playwright.devices[device])
        page = context.new_page()
        page.goto("/play.html?mode=free")
        page.wait_for_selector("#board .sq.movable", timeout=30_000)
        board = page.locator(".board-frame").bounding_box()
        panel = page.locator(".panel").bounding_box()
        header = page.locator("header.top").bounding_box()
        inner_height = page.evaluate("window.innerHeight")
        assert panel["x"] >= board["x"] + board["width"] - 1, device  # beside, not below
        assert panel["y"] < board["y"] + board["height"] / 2, device
        # The board takes the height left under the header (a few px of margin aside).
        assert board["height"] >= inner_height - header["height"] - 24, (device, board)
        assert board["y"] + board["height"] <= inner_height + 1, device
        context.close()


def test_dark_theme_follows_the_system_and_the_switch_on_every_page(
    browser: Any, base_url: str
) -> None:
    context = browser.new_context(base_url=base_url, locale="fr-FR", color_scheme="dark")
    page = context.new_page()
    page.goto("/")
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    assert luminance(page, ".card") < 0.1
    assert page.locator("#theme-switch").get_attribute("aria-pressed") == "true"
    # No choice stored: a change of the system setting applies at once.
    page.emulate_media(color_scheme="light")
    page.wait_for_function("() => document.documentElement.dataset.theme === 'light'")
    assert luminance(page, ".card") > 0.6
    # The switch applies without a reload, and the choice is kept over the system's.
    page.locator("#theme-switch").click()
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    assert page.locator("#theme-switch").get_attribute("aria-pressed") == "true"
    assert luminance(page, ".card") < 0.1
    assert page.evaluate("localStorage.getItem('dames.theme')") == "dark"
    for path in (
        "/rules.html",
        "/leaderboards.html",
        "/days.html",
        "/nope",
        "/play.html?mode=free",
    ):
        page.goto(path)
        assert page.evaluate("document.documentElement.dataset.theme") == "dark", path
        assert luminance(page, "body") < 0.05, path
        switch = page.locator("#theme-switch")
        assert switch.count() == 1, path
        assert switch.get_attribute("aria-pressed") == "true", path
    # On the game page the board keeps its wood: light squares stay light, dark ones dark.
    page.wait_for_selector("#board .sq.movable", timeout=30_000)
    board_image = page.evaluate(
        "getComputedStyle(document.getElementById('board')).backgroundImage"
    )
    assert "rgb(236, 211, 165)" in board_image and "rgb(122, 74, 41)" in board_image
    page.locator("#theme-switch").click()
    assert page.evaluate("document.documentElement.dataset.theme") == "light"
    page.reload()
    assert page.evaluate("document.documentElement.dataset.theme") == "light"
    page.goto("/")
    assert_accessible(page)
    page.locator("#theme-switch").click()
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    assert_accessible(page)  # contrast checked in the dark theme too
    for path in ("/days.html", "/leaderboards.html?board=daily", "/play.html?mode=free"):
        page.goto(path)
        page.wait_for_load_state("networkidle")
        assert_accessible(page)
    context.close()


def test_unknown_address_gets_the_site_page_with_a_way_home(page: Any, base_url: str) -> None:
    response = page.goto("/some/deep/unknown/page?x=1")
    assert response.status == 404
    assert page.title().startswith("Page introuvable")
    assert page.locator("h1").inner_text() == "Cette page n'existe pas"
    # Styled (absolute links work at any depth) and translated like every page.
    assert luminance(page, "header.top") < 0.05
    page.locator("#lang-switch").click()
    assert page.locator("h1").inner_text() == "This page does not exist"
    assert_accessible(page)
    page.get_by_role("link", name="Back to the home page").click()
    page.wait_for_url(f"{base_url}/")
    assert page.locator("#play-daily").is_visible()
    # The API's errors stay JSON.
    api = page.request.get(f"{base_url}/api/no-such-route")
    assert api.status == 404
    assert api.headers["content-type"].startswith("application/json")
    assert api.json()["error"]


def test_manifest_and_icons_let_a_phone_add_the_site_to_its_home_screen(
    page: Any, base_url: str
) -> None:
    for path in ("/", "/rules.html", "/days.html"):
        page.goto(path)
        assert (
            page.locator("link[rel=manifest]")
            .get_attribute("href")
            .endswith("manifest.webmanifest")
        )
        assert page.locator("meta[name=theme-color]").count() == 1
        assert page.locator("link[rel=icon]").count() == 1
    response = page.request.get(f"{base_url}/manifest.webmanifest")
    assert response.status == 200
    assert response.headers["content-type"].startswith("application/manifest+json")
    manifest = response.json()
    assert manifest["name"] == "Dames du jour" and manifest["display"] == "standalone"
    assert manifest["start_url"] == "/" and manifest["theme_color"].startswith("#")
    sizes = set()
    for icon in manifest["icons"]:
        data = page.request.get(f"{base_url}{icon['src']}")
        assert data.status == 200, icon
        if icon["type"] == "image/png":
            width, height = png_size(data.body())
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add((width, icon["purpose"]))
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= sizes
    touch = page.request.get(f"{base_url}/icons/apple-touch-icon.png")
    assert png_size(touch.body()) == (180, 180)
