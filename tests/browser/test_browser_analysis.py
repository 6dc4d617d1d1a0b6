"""The issue's "done when": a free game in which the player hangs a man, resigned, then
analysed from the end screen; the analysis marks that move as a mistake (or blunder) and shows
the better move. The hanging move is found with the engine: a quiet White move after which
Black must take a man and White cannot take back, while another move was safe; the game
starts there, from the analysis board's "play the computer from here"."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

import dames
import pytest
from axe_playwright_python.sync_playwright import Axe
from browser_helpers import square, wait_for_turn
from dames.ai import choose_move

pytestmark = pytest.mark.browser
ANALYSIS_MS = 240_000
MAX_PLIES = 80


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


def hanging_position() -> tuple[dames.Board, dames.Move]:
    """The first position of a fixed game between two `defi` players where White can hang a
    man (computed, so it follows the engine as it changes)."""
    board = dames.Board()
    for _ in range(MAX_PLIES):
        if board.turn == dames.WHITE:
            move = hanging_move(board)
            if move is not None:
                return board, move
        board.push(choose_move(board, seed="analysis-test", level="defi", ply=board.ply))
    raise AssertionError("no hanging move came up")


def play(user: Any, move: dames.Move) -> None:
    user.press(square(user.page, move.path[0]))
    user.press(square(user.page, move.path[-1]))


def hang_a_man(user: Any) -> tuple[int, str, dames.Board]:
    """From such a position, set on the analysis board, starts a casual game against `facile`
    ("play the computer from here") and hangs the man; returns the move's ply (the plies after
    it), its notation and the board before it."""
    page = user.page
    board, move = hanging_position()
    page.goto(f"/analysis-board.html?fen={quote(board.fen())}")
    page.wait_for_function(
        "() => !document.getElementById('board').classList.contains('waiting')", timeout=60_000
    )
    page.select_option("#ab-level", "facile")
    page.select_option("#ab-color", "white")
    user.press(page.locator("#ab-play"))
    page.wait_for_url("**/play.html?mode=free")
    wait_for_turn(page)
    play(user, move)
    page.wait_for_function(
        "() => document.querySelectorAll('#move-list li span').length >= 2", timeout=60_000
    )
    return 1, board.notation(move), board


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
    for theme in ("light", "dark"):
        page.emulate_media(color_scheme=theme)
        results = Axe().run(page)
        assert results.violations_count == 0, (theme, results.generate_report())
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
