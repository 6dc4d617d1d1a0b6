"""What a lidraughts player looks for on the board (issue 32): their own last move marked
beside the computer's reply, and kings that wear a crown (not a ring), in both themes and
still clear on a 320 px screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_helpers import create_game, open_game, square, wait_for_moves, wait_for_turn

pytestmark = pytest.mark.browser
# Two kings a side, White to move; a man each so that nothing is forced at once.
KINGS_FEN = "W:WK46,K50,35:BK1,K5,16"


def marked(page: Any, mark: str) -> set[int]:
    return {int(n) for n in page.locator(f"#board .sq.{mark}").evaluate_all(
        "cells => cells.map(c => c.dataset.square)")}


def test_the_players_own_move_stays_marked_beside_the_reply(page: Any) -> None:
    token, game = create_game(page, {"mode": "free", "level": "facile"})
    open_game(page, token, game)
    wait_for_turn(page)
    assert marked(page, "prev-move") == set()
    square(page, 32).click()
    square(page, 28).click()
    wait_for_moves(page, 2)
    wait_for_turn(page)
    reply = page.evaluate("() => [...document.querySelectorAll('#board .sq.last-from, "
                          "#board .sq.last-to')].map(c => +c.dataset.square)")
    assert len(reply) == 2 and not {32, 28} & set(reply)  # the computer's move, marked first
    assert marked(page, "prev-move") == {32, 28}  # and the player's own, more lightly


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_kings_wear_a_crown_clear_at_320_px(
    browser: Any, base_url: str, theme: str, artifacts_dir: Path
) -> None:
    context = browser.new_context(base_url=base_url, locale="fr-FR",
                                  viewport={"width": 320, "height": 640})
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('dames.theme', '{theme}')")
    page.goto(f"/play.html?practice=1&level=facile&fen={KINGS_FEN}")
    wait_for_turn(page)
    assert page.evaluate("document.documentElement.dataset.theme") == theme
    kings = page.locator("#board .piece.king")
    assert kings.count() == 4
    assert page.locator("#board .piece:not(.king) .crown").count() == 0
    for index in range(4):
        king = kings.nth(index)
        crown = king.locator("svg.crown path")
        assert crown.count() == 1
        box = king.locator("svg.crown").bounding_box()
        assert box["width"] >= 12 and box["height"] >= 12  # a crown, not a speck
        # No ring any more: the piece's ::after draws nothing.
        assert king.evaluate("p => getComputedStyle(p, '::after').content") in ("none", "normal")
    white = page.locator("#board .piece.white.king .crown").first.evaluate(
        "c => getComputedStyle(c).fill")
    black = page.locator("#board .piece.black.king .crown").first.evaluate(
        "c => getComputedStyle(c).fill")
    assert white != black  # each colour's crown stands out on its own piece
    page.locator("#board").screenshot(path=str(artifacts_dir / f"kings-320-{theme}.png"))
    context.close()
