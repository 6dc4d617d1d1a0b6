"""Stepping through a finished game on a phone (issue 32, bug 8): at 360×740 the review bar
sat about 900 px below the board, so while stepping the board was off-screen. The board now
stays on screen, the bar just under it, whichever move is shown."""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import create_game, open_game, post_move

pytestmark = pytest.mark.browser
PHONE_360 = {
    "viewport": {"width": 360, "height": 740},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
    "locale": "fr-FR",
}


def finished_game(page: Any) -> tuple[str, dict[str, Any]]:
    """A free game of a few moves, resigned: over, so it may be stepped through."""
    token, game = create_game(page, {"mode": "free", "level": "facile", "color": "white"})
    view = game
    for _ in range(4):
        view = post_move(page, game, token, len(view["moves"]), view["legalMoves"][0]["hub"])
    resigned = page.request.post(
        f"/api/games/{game['id']}/resign", headers={"Authorization": f"Bearer {token}"}
    )
    assert resigned.status == 200, resigned.text()
    return token, game


def on_screen(page: Any, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    return bool(box) and box["y"] >= -1 and box["y"] + box["height"] <= 740 + 1


def test_the_board_stays_on_screen_while_stepping(browser: Any, base_url: str) -> None:
    context = browser.new_context(base_url=base_url, **PHONE_360)
    page = context.new_page()
    page.goto("/")
    token, game = finished_game(page)
    open_game(page, token, game)
    page.wait_for_selector("#end:not([hidden])")
    page.tap("#review-start")
    page.wait_for_function(
        "() => document.getElementById('review-text').textContent.includes('0/8')"
    )
    for n in range(1, 6):
        assert on_screen(page, ".board-frame"), f"board off-screen before move {n}"
        assert on_screen(page, "#review-next")
        page.tap("#review-next")
        page.wait_for_function(
            "n => document.getElementById('review-text').textContent.includes(`(${n}/8)`)",
            arg=n,
        )
    assert on_screen(page, ".board-frame") and on_screen(page, "#review-prev")
    # Leaving the review lets the board scroll with the page again.
    page.tap("#review-live")
    position = page.evaluate("getComputedStyle(document.querySelector('.board-frame')).position")
    assert position != "sticky"
    context.close()
