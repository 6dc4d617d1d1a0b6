"""What the player must read on a small phone held upright (320×640; a browser pass of
2026-12-08): why a tap was refused sat at y ≈ 670, under the board and out of sight, so the
board only shook; a game's result started at y ≈ 652 and the page did not move. The message
now stays at the bottom of the screen, and the end of a game is brought into view."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_helpers import wait_for_turn

pytestmark = pytest.mark.browser
HEIGHT = 640
PHONE_320 = {
    "viewport": {"width": 320, "height": HEIGHT},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
    "locale": "fr-FR",
}
# White to play 28x19 wins: Black's only man is taken.
ONE_CAPTURE_WINS = "W:W28,31,36,37,41,42,46,47:B23"


@pytest.fixture
def small_phone(browser: Any, base_url: str) -> Iterator[Any]:
    context = browser.new_context(base_url=base_url, **PHONE_320)
    page = context.new_page()
    yield page
    context.close()


def _box(page: Any, selector: str) -> dict[str, float]:
    box: dict[str, float] = page.locator(selector).bounding_box()
    assert box, selector
    return box


def test_a_refused_tap_says_why_on_screen(small_phone: Any) -> None:
    page = small_phone
    page.goto("/play.html?mode=free")
    wait_for_turn(page)
    assert page.evaluate("scrollY") == 0
    page.locator('#board [data-square="46"]').tap()  # boxed in by its own men
    hint = page.locator("#hint")
    hint.wait_for()
    assert page.locator("#hint").text_content()
    box = _box(page, "#hint")
    assert box["y"] >= 0 and box["y"] + box["height"] <= HEIGHT + 1, box
    assert page.evaluate("scrollY") == 0  # the board did not move away


def test_the_result_of_a_game_comes_into_view(small_phone: Any) -> None:
    page = small_phone
    page.goto(f"/play.html?practice=1&fen={ONE_CAPTURE_WINS}")
    wait_for_turn(page)
    page.locator('#board [data-square="28"]').tap()
    page.locator('#board [data-square="19"]').tap()
    page.locator("#end").wait_for()
    page.wait_for_function(
        "() => { const r = document.getElementById('end-title').getBoundingClientRect();"
        f" return r.top >= 0 && r.bottom <= {HEIGHT}; }}")
    assert page.locator("#end-title").text_content() == "Gagné !"
