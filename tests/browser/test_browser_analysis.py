"""The issue's "done when": a free game in which the player hangs a man, resigned, then
analysed from the end screen; the analysis marks that move as a mistake (or blunder) and shows
the better move. The hanging move is found with the engine during the game: a quiet White move
after which Black must take a man and White cannot take back, while another move was safe."""

from __future__ import annotations

import re
from typing import Any

import dames
import pytest
from axe_playwright_python.sync_playwright import Axe
from browser_helpers import square, wait_for_turn

pytestmark = pytest.mark.browser
ANALYSIS_MS = 240_000
MAX_TURNS = 12


def _black_takes_after(board: dames.Board, move: dames.Move) -> bool:
    after = board.copy()
    after.push(move)
    return any(m.captures for m in after.legal_moves())


def hanging_move(board: dames.Board) -> dames.Move | None:
    """A White move that gives a man away for nothing, when White also had a safe one."""
    legal = board.legal_moves()
    if any(m.captures for m in legal) or all(_black_takes_after(board, m) for m in legal):
        return None
    for move in legal:
        after = board.copy()
        after.push(move)
        replies = after.legal_moves()
        if not replies or not all(len(r.captures) == 1 for r in replies):
            continue
        if all(not _white_takes_back(after, r) for r in replies):
            return move
    return None


def _white_takes_back(board: dames.Board, reply: dames.Move) -> bool:
    after = board.copy()
    after.push(reply)
    return any(m.captures for m in after.legal_moves())


def safe_move(board: dames.Board) -> dames.Move:
    legal = board.legal_moves()
    return next((m for m in legal if not _black_takes_after(board, m)), legal[0])


def current_game(page: Any) -> dict[str, Any]:
    saved = page.evaluate("() => JSON.parse(localStorage.getItem('dames.game.free'))")
    response = page.request.get(
        f"/api/games/{saved['id']}", headers={"Authorization": f"Bearer {saved['token']}"}
    )
    assert response.ok, response.text()
    game: dict[str, Any] = response.json()
    return game


def board_of(game: dict[str, Any]) -> dames.Board:
    board = dames.Board(game["startFen"], variant=game["variant"])
    for text in game["moves"]:
        board.push(board.parse_move(text))
    return board


def play(user: Any, move: dames.Move) -> None:
    user.press(square(user.page, move.path[0]))
    user.press(square(user.page, move.path[-1]))


def hang_a_man(user: Any) -> tuple[int, str, dames.Board]:
    """Plays safe moves until a hanging one exists, plays it; returns its ply (the plies
    after it), its notation and the board before it."""
    page = user.page
    for _ in range(MAX_TURNS):
        wait_for_turn(page)
        game = current_game(page)
        board = board_of(game)
        move = hanging_move(board)
        if move is not None:
            notation = board.notation(move)
            play(user, move)
            page.wait_for_function(
                "n => document.querySelectorAll('#move-list li span').length >= n",
                arg=game["ply"] + 2, timeout=60_000,
            )
            return game["ply"] + 1, notation, board
        played = game["ply"]
        play(user, safe_move(board))
        page.wait_for_function(
            "n => document.querySelectorAll('#move-list li span').length >= n",
            arg=played + 2, timeout=60_000,
        )
    raise AssertionError("no hanging move came up")


def wait_for_analysis(page: Any) -> None:
    """Until the analysis is shown or the page says why not (then the test fails with it)."""
    page.wait_for_function(
        "() => !document.getElementById('an-result').hidden"
        " || document.getElementById('an-error').textContent",
        timeout=ANALYSIS_MS,
    )
    assert page.locator("#an-error").inner_text() == ""


def test_a_hung_man_is_marked_with_the_better_move(user: Any) -> None:
    page = user.page
    page.goto("/new.html")
    user.press(page.locator('input[name="level"][value="facile"]'))
    user.press(page.locator('input[name="color"][value="white"]'))
    user.press(page.locator("#start"))
    page.wait_for_url("**/play.html?mode=free")
    ply, notation, before = hang_a_man(user)
    wait_for_turn(page)
    user.press(page.locator("#resign"))
    user.press(page.locator("#resign"))
    page.wait_for_selector("#end:not([hidden])")
    assert page.locator("#analyse-game").is_visible()
    # The review offers the analysis too, and the board at the position reviewed.
    user.press(page.locator("#review-start"))
    page.locator("#review").wait_for(state="visible")
    href = page.locator("#review-board").get_attribute("href") or ""
    assert href.startswith("analysis-board.html?variant=international&fen=")
    user.press(page.locator("#review-analyse"))
    page.wait_for_url("**/analysis.html?game=*")
    wait_for_analysis(page)
    hung = page.locator(f'#an-moves .mv[data-ply="{ply}"]')
    assert hung.inner_text().startswith(notation)
    assert hung.locator(".mark").inner_text() in ("?", "??")
    better = re.match(r"Mieux : (\S+)", hung.locator(".better").inner_text())
    assert better, hung.inner_text()
    assert better.group(1) != notation and before.parse_move(better.group(1))
    # The accuracy of both sides and the graph; the graph jumps to a move by click and keys.
    assert "Précision" in page.locator("#an-white").inner_text()
    user.press(hung)
    assert page.locator("#an-note").inner_text().startswith(notation)
    assert page.locator("#an-graph").get_attribute("aria-valuenow") == str(ply)
    page.locator("#an-graph").focus()
    page.keyboard.press("Home")
    assert page.locator("#an-graph").get_attribute("aria-valuenow") == "0"
    page.keyboard.press("ArrowRight")
    assert page.locator("#an-graph").get_attribute("aria-valuenow") == "1"
    box = page.locator("#an-graph").bounding_box()
    page.mouse.click(box["x"] + box["width"] - 1, box["y"] + box["height"] / 2)
    total = page.locator("#an-moves .mv").count()
    assert page.locator("#an-graph").get_attribute("aria-valuenow") == str(total)
    assert "analysis-board.html" in (page.locator("#an-board").get_attribute("href") or "")
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()
    # Reopened, the stored analysis is shown again (in English too).
    page.reload()
    wait_for_analysis(page)
    user.press(page.locator("#lang-switch"))
    assert "Better:" in page.locator(f'#an-moves .mv[data-ply="{ply}"] .better').inner_text()


def test_no_game_or_no_token_is_explained(page: Any) -> None:
    page.goto("/analysis.html")
    assert "Aucune partie" in page.locator("#an-error").inner_text()
    page.goto("/analysis.html?game=g_unknown")
    assert "pas été jouée sur cet appareil" in page.locator("#an-error").inner_text()
