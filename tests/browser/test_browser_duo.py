"""Two players on one device, in the real browser against the real server: the board turns
to the side to move (an option, remembered), and a draw is agreed only once both say yes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    first_square_on_screen,
    move_texts,
    new_game,
    square,
    wait_for_moves,
    wait_for_turn,
)

pytestmark = pytest.mark.browser


def test_two_players_with_the_board_turning(user: Any, artifacts_dir: Path) -> None:
    page = user.page
    page.goto("/new.html")
    user.press(page.locator('input[name="opponent"][value="duo"]'))
    assert page.locator("#level-group").is_hidden()
    user.press(page.locator("#flip"))
    user.press(page.locator("#start"))
    page.wait_for_url("**/play.html?mode=duo")
    wait_for_turn(page)
    assert page.locator("#status-text").inner_text() == "Aux Blancs de jouer"
    assert first_square_on_screen(page) == 1
    user.press(square(page, 32))
    user.press(square(page, 28))
    page.wait_for_function(
        "() => document.getElementById('status-text').textContent === 'Aux Noirs de jouer'"
    )
    wait_for_turn(page)
    assert first_square_on_screen(page) == 50  # turned for Black
    assert page.locator("#board").get_attribute("aria-label") == "Damier, les noirs en bas"
    page.screenshot(path=str(artifacts_dir / f"duo-black-{user.name}.png"))
    user.press(square(page, 19))
    user.press(square(page, 23))
    wait_for_moves(page, 2)
    page.wait_for_function(
        "() => document.getElementById('status-text').textContent === 'Aux Blancs de jouer'"
    )
    assert first_square_on_screen(page) == 1
    # The option is remembered; off, the board stays put.
    user.press(page.locator("#flip-board"))
    page.reload()
    wait_for_turn(page)
    assert move_texts(page) == ["32-28", "19-23"]
    user.press(square(page, 28))
    user.press(square(page, 19))
    wait_for_moves(page, 3)
    assert first_square_on_screen(page) == 1


def test_two_players_agree_a_draw_once_both_say_yes(user: Any) -> None:
    page = user.page
    new_game(user, opponent="duo")
    wait_for_turn(page)
    user.press(square(page, 32))
    user.press(square(page, 28))
    wait_for_moves(page, 1)
    wait_for_turn(page)
    offers: list[str] = []
    page.on("request", lambda r: offers.append(r.url) if r.url.endswith("/draw-offer") else None)

    # Cancelled: nothing is sent, the game goes on.
    user.press(page.locator("#draw-button"))
    assert page.locator("#draw-text").inner_text() == (
        "Les deux joueurs acceptent la nulle ?"
    )
    user.press(page.locator("#draw-no"))
    assert page.locator("#draw-confirm").is_hidden()
    assert page.locator("#end").is_hidden() and offers == []
    assert page.locator("#status-text").inner_text() == "Aux Noirs de jouer"

    # Accepted by both: the game ends drawn by agreement, and the device counts the draw.
    user.press(page.locator("#lang-switch"))
    user.press(page.locator("#draw-button"))
    assert page.locator("#draw-text").inner_text() == "Do both players agree to a draw?"
    user.press(page.locator("#draw-yes"))
    page.wait_for_selector("#end:not([hidden])")
    assert page.locator("#draw-confirm").is_hidden() and len(offers) == 1
    assert page.locator("#end-title").inner_text() == "Draw"
    assert page.locator("#end-reason").inner_text() == "Draw by agreement"
    assert page.locator("#tools-text").inner_text() == "Both players agreed to a draw."
    user.press(page.locator("#lang-switch"))
    assert page.locator("#end-reason").inner_text() == "Nulle par accord"
    page.goto("/stats.html")
    duo = page.locator('#stats-body tr[data-level="duo"]')
    assert [duo.locator(c).inner_text() for c in (".win", ".draw", ".loss")] == ["0", "1", "0"]
